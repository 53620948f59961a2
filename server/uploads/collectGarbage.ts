type ExposedGc = (options: { type: "major"; execution: "async" }) => void;

/**
 * Asks V8 for a major garbage collection, marked concurrently (no pause of the event loop), where
 * the process exposes `gc` (the production command does: SERVER_NODE_FLAGS in
 * scripts/buildServer.mjs); elsewhere it does nothing.
 *
 * Why an import asks: its rows live just long enough (a chunk waiting for its COPY) to be promoted
 * out of the young generation, and V8 lets the old generation fill with them before it collects:
 * the 100 MB staff csv took the production server on PostgreSQL from ~200 to 553-578 MB, of which
 * ~130 MB was live. Collected every 100,000 rows, its peak was 382-400 MB, the import as fast
 * (38.5-40.2 s against 40.1-40.7 s; npm run bench:server-import). On a faster machine (the import
 * in 28 s) 100,000 rows came quicker than the collections: peaks 390-512 MB; every 50,000 rows,
 * 346-383 MB in the same 27.6-28.1 s (importFile.ts' COLLECT_EVERY_ROWS).
 */
export function collectOldGarbage(): void {
  (globalThis as { gc?: ExposedGc }).gc?.({ type: "major", execution: "async" });
}
