/** The machine's Redis server (CI starts it when missing, see .ci/run). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
