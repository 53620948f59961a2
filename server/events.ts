import { createRedisEventTarget } from "@graphql-yoga/redis-event-target";
import { createPubSub } from "graphql-yoga";
import { Redis } from "ioredis";
import type { UploadError, UploadStatus } from "../schema/uploads";

/** What subscribers of one upload hear: its state now, including rows processed while importing. */
export type UploadStatusEvent = {
  uploadId: string;
  status: UploadStatus;
  rowsProcessed: number;
  errors: UploadError[];
};

type AppEventChannels = {
  uploadStatus: [uploadId: string, event: UploadStatusEvent];
};

export type AppEvents = ReturnType<typeof createPubSub<AppEventChannels>>;

/**
 * Live events between the worker that changes something and the sockets that watch it. In one
 * process by default; across instances through Redis pub/sub when REDIS_URL is set, so a
 * subscriber on one instance hears a job finished by another.
 */
export function createAppEvents(redisUrl: string | undefined): { events: AppEvents; close(): Promise<void> } {
  if (!redisUrl) return { events: createPubSub<AppEventChannels>(), close: async () => {} };
  const publishClient = new Redis(redisUrl);
  const subscribeClient = new Redis(redisUrl);
  const events = createPubSub<AppEventChannels>({
    eventTarget: createRedisEventTarget({ publishClient, subscribeClient }),
  });
  return {
    events,
    async close() {
      await Promise.all([publishClient.quit(), subscribeClient.quit()]);
    },
  };
}
