// The server's production build: server/main.ts and everything of ours it imports (server/, schema/,
// db/) bundled by esbuild into one ES module, dist/server/app.mjs, started by dist/server/main.mjs
// (PRODUCTION_ENTRY below), which plain `node` runs without the tsx loader. Packages but drizzle-orm
// stay external: node resolves them from node_modules at run time, so PGlite's wasm and data files,
// oidc-provider, Azurite (loaded on demand through createRequire), pg-boss and exceljs find their own
// files as they do under tsx. The committed SQL migrations, which db/client.ts reads from the folder
// next to its module, are copied next to the bundle. The embedded database's process has a bundle of
// its own beside it, dist/server/pgliteProcess.mjs (db/pglite/processMain.ts).
// Run by `npm run build` and by scripts/buildIfStale.mjs: node scripts/buildServer.mjs
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

/** The server's entry point, and where its build goes; main.mjs is the last file a build writes. */
export const SERVER_ENTRY = "server/main.ts";
/** The embedded database's process (db/pglite/processClient.ts forks it from beside the bundle). */
export const PGLITE_PROCESS_ENTRY = "db/pglite/processMain.ts";
export const SERVER_OUT_DIR = "dist/server";
export const SERVER_MAIN = `${SERVER_OUT_DIR}/main.mjs`;

/**
 * dist/server/main.mjs: production mode, then the bundle. Packages read NODE_ENV once, as they load
 * (graphql-js drops its development-only checks, graphql-armor loads its production build,
 * graphql-ws closes a failed socket without the error's text), and an ES module's imports all load
 * before its own code runs: so the variable is set here and the bundle imported after it.
 */
const PRODUCTION_ENTRY = `// Written by scripts/buildServer.mjs.
process.env.NODE_ENV ??= "production";
await import("./app.mjs");
`;
/**
 * How production runs the bundle: `node ${SERVER_COMMAND.join(" ")}` (package.json's start and the
 * Dockerfile's CMD say the same; tests/scripts/buildServer.test.ts holds them to it).
 *
 * --max-semi-space-size: V8 sizes the young generation from the machine's memory (two 64 MB
 * semi-spaces on 24 GB), and it stays grown after start-up's burst of allocation: ~70 MB of an idle
 * server's RSS. 16 MB semi-spaces cost no measured throughput (bench:requests) and an idle server
 * keeps 70 MB less (bench:startup). V8 reads the flag only at start, so it is on the command line.
 *
 * --expose-gc: a long import asks for a major collection every 100,000 rows
 * (server/uploads/collectGarbage.ts): the 100 MB staff csv's peak on PostgreSQL 553-578 -> 382-400 MB.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=16", "--expose-gc"];
export const SERVER_COMMAND = [...SERVER_NODE_FLAGS, SERVER_MAIN];

/** Packages bundled with our files (see packagesExternalExceptBundled). */
const BUNDLED_PACKAGES = /^drizzle-orm(\/|$)/;

/**
 * Node resolves every package (and node: built-in) at run time, except BUNDLED_PACKAGES: drizzle-orm
 * is ~400 small ES modules, and node's loader spent ~0.8 s of a PGlite server's ~3.8 s start finding
 * and reading their package scopes (CPU profile of a warm start; bundled, the start took ~3.0 s).
 * It has no files of its own to find at run time, and no other package imports it. Bundling the
 * graphql family too (yoga, envelop, Pothos, armor: ~700 files) made the start slower, not faster:
 * a 6 MB module costs more to compile than its files cost to find.
 * @type {import("esbuild").Plugin}
 */
const packagesExternalExceptBundled = {
  name: "packages-external-except-bundled",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      BUNDLED_PACKAGES.test(args.path) ? undefined : { external: true },
    );
  },
};

/**
 * @param {string} root the checkout
 * @param {string} [outDir] where to write main.mjs, app.mjs and migrations/ (tests build elsewhere)
 * @returns {Promise<{ inputs: string[] }>} the files bundled, relative to `root`
 */
export async function buildServer(root, outDir = path.join(root, SERVER_OUT_DIR)) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  cpSync(path.join(root, "db", "migrations"), path.join(outDir, "migrations"), { recursive: true });
  const started = performance.now();
  const result = await build({
    absWorkingDir: root,
    entryPoints: { app: SERVER_ENTRY, pgliteProcess: PGLITE_PROCESS_ENTRY },
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    plugins: [packagesExternalExceptBundled],
    platform: "node",
    format: "esm",
    target: "node24",
    // Stack traces name our files and lines with `node --enable-source-maps`; plain node does not load it.
    sourcemap: "linked",
    sourcesContent: false,
    // Class and function names stay as written (Pothos, error names in logs).
    keepNames: true,
    logLevel: "warning",
    metafile: true,
  });
  writeFileSync(path.join(outDir, "main.mjs"), PRODUCTION_ENTRY);
  const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
  const inputs = Object.keys(result.metafile.inputs);
  console.log(
    `Server build: ${path.relative(root, path.join(outDir, "app.mjs"))} from ${inputs.length} files, ${Math.round(bytes / 1024)} kB with its source map (${Math.round(performance.now() - started)} ms)`,
  );
  return { inputs };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await buildServer(process.cwd());
}
