import { defineConfig } from "vitest/config";

/** Unit and integration tests (Node). Browser tests run under Playwright: see playwright.config.ts. */
export default defineConfig({
  root: ".",
  test: {
    include: ["{schema,server,db,client,tests}/**/*.test.{ts,tsx}"],
    exclude: ["node_modules", "dist", "tests/e2e/**"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own database; on PGlite that is WASM per worker, so keep the count small.
    // npm's test:pglite and test:postgres run the server-side files without isolation (each file
    // starts its own server and database, so they share only the loaded modules: 324 → 157 s on
    // PGlite); test:client runs the React components' files isolated, each with its own DOM.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
