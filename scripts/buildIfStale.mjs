// `npm start`'s build step: builds the client (vite build, which also writes the compressed copies)
// only when dist/client is missing or older than something that goes into it, and the server
// (scripts/buildServer.mjs: dist/server/main.mjs) only when its bundle is missing or older than
// something that goes into it, and says which for each. `npm run build` always builds both.
// Run by plain node: node scripts/buildIfStale.mjs [--dry-run] [--server-only]
// (--server-only: the browser tests' server, whose client may be built elsewhere: CLIENT_DIST_DIR)
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** What the built client is made of: a change to any of these (or a newer lock file) means a rebuild. */
export const CLIENT_SOURCES = ["client", "schema", "scripts/precompress.mjs", "package-lock.json", "tsconfig.json"];
/** vite.config.ts, .mts, .js…: whichever exists. */
const VITE_CONFIG = /^vite\.config\.[cm]?[jt]s$/;
/** The last file a complete build writes: its modification time is the build's. */
export const BUILT_MARKER = "dist/client/index.html";

/**
 * What the server bundle is made of: our TypeScript it imports, the client's operations it
 * accepts by hash, its build script, the lock file and compiler settings.
 */
export const SERVER_SOURCES = [
  "server",
  "schema",
  "db",
  "client/src/gql/persisted-documents.json",
  "scripts/buildServer.mjs",
  "package-lock.json",
  "tsconfig.json",
];
/** The server build's last file (scripts/buildServer.mjs writes the bundle after the migrations). */
export const SERVER_BUILT_MARKER = "dist/server/main.mjs";

/**
 * The decision, from modification times alone (ms): build when there is no build, or when any
 * source is newer than it. `newest` names the source that made it stale.
 * @param {number | undefined} builtMs
 * @param {{ file: string; mtimeMs: number }[]} sources
 * @param {"client" | "server"} [what] which build, for the reason
 * @returns {{ build: boolean; reason: string }}
 */
export function decideBuild(builtMs, sources, what = "client") {
  if (builtMs === undefined) return { build: true, reason: `no built ${what}` };
  let newest;
  for (const source of sources) if (!newest || source.mtimeMs > newest.mtimeMs) newest = source;
  if (newest && newest.mtimeMs > builtMs) return { build: true, reason: `${newest.file} is newer than the build` };
  return { build: false, reason: `the built ${what} is newer than its sources` };
}

/**
 * Modification times of every file under the given files and folders of `root` (missing ones skipped).
 * @param {string} root
 * @param {string[]} [entries]
 */
export function sourceTimes(
  root,
  entries = [...CLIENT_SOURCES, ...readdirSync(root).filter((name) => VITE_CONFIG.test(name))],
) {
  /** @type {{ file: string; mtimeMs: number }[]} */
  const times = [];
  const visit = (/** @type {string} */ relative) => {
    const stats = statSync(path.join(root, relative), { throwIfNoEntry: false });
    if (!stats) return;
    if (stats.isDirectory()) {
      for (const name of readdirSync(path.join(root, relative))) {
        if (name !== "node_modules") visit(`${relative}/${name}`);
      }
    } else times.push({ file: relative, mtimeMs: stats.mtimeMs });
  };
  for (const entry of entries) visit(entry);
  return times;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = process.cwd();
  const dryRun = process.argv.includes("--dry-run");
  const builtAt = (/** @type {string} */ marker) =>
    statSync(path.join(root, marker), { throwIfNoEntry: false })?.mtimeMs;

  if (!process.argv.includes("--server-only")) {
    const client = decideBuild(builtAt(BUILT_MARKER), sourceTimes(root));
    if (!client.build) {
      console.log(`Client build: reused (${client.reason}).`);
    } else {
      console.log(`Client build: building (${client.reason}).`);
      if (!dryRun) {
        const vite = path.join(root, "node_modules", "vite", "bin", "vite.js");
        const result = spawnSync(process.execPath, [vite, "build"], { stdio: "inherit" });
        if (result.status !== 0) process.exit(result.status ?? 1);
      }
    }
  }

  const server = decideBuild(builtAt(SERVER_BUILT_MARKER), sourceTimes(root, SERVER_SOURCES), "server");
  if (!server.build) {
    console.log(`Server build: reused (${server.reason}).`);
  } else {
    console.log(`Server build: building (${server.reason}).`);
    if (!dryRun) {
      // Imported only now: esbuild is a devDependency, and a reused build needs none of it.
      const { buildServer } = await import("./buildServer.mjs");
      await buildServer(root);
    }
  }
}
