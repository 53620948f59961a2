// Brotli and gzip copies of the built client's text files, written next to each file at build time
// (`name.js` → `name.js.br`, `name.js.gz`), so the server sends them as they are instead of
// compressing on every answer. Run by the Vite build (vite.config.ts) and usable on its own:
//   node scripts/precompress.mjs dist/client
import { readdirSync, statSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Extensions worth compressing (text); images, fonts and archives are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|map|txt|xml|webmanifest|wasm)$/i;
/** Below this many bytes a compressed copy saves less than a packet: not worth a file. */
export const MIN_BYTES = 1024;

/**
 * Every file under `dir` (relative paths, `/`-separated), skipping dot files and folders such as `.vite`.
 * @param {string} dir
 */
export function listFiles(dir) {
  /** @type {string[]} */
  const files = [];
  const walk = (/** @type {string} */ relative) => {
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      if (entry.name.startsWith(".")) continue;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) files.push(child);
    }
  };
  walk("");
  return files;
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside each compressible file of `dir` of at least
 * MIN_BYTES; a copy that would not be smaller than the file is not written (a stale one is removed).
 * Returns what was written, for the build's log. The files are compressed side by side on zlib's
 * thread pool, so every core helps (brotli 11 is the slow part: seconds per megabyte).
 * @param {string} dir
 */
export async function precompressDir(dir) {
  const files = listFiles(dir).filter((file) => COMPRESSIBLE.test(file));
  const results = await Promise.all(
    files.map(async (file) => {
      const full = path.join(dir, file);
      const raw = await readFile(full);
      if (raw.length < MIN_BYTES) return undefined;
      const keep = async (/** @type {Promise<Buffer>} */ compressing, /** @type {string} */ suffix) => {
        const copy = await compressing;
        if (copy.length < raw.length) {
          await writeFile(full + suffix, copy);
          return copy.length;
        }
        await rm(full + suffix, { force: true });
        return undefined;
      };
      const [br, gzip] = await Promise.all([
        keep(
          brotliAsync(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
          ".br",
        ),
        keep(gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }), ".gz"),
      ]);
      return { file, bytes: raw.length, br, gzip };
    }),
  );
  return results.filter((entry) => entry !== undefined);
}

/** Vite plugin: compress the output folder once the build has written it. */
export function precompressPlugin() {
  let outDir = "";
  return {
    name: "precompress",
    apply: /** @type {const} */ ("build"),
    configResolved(/** @type {{ root: string; build: { outDir: string } }} */ config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const started = performance.now();
      const written = await precompressDir(outDir);
      const total = (/** @type {"bytes" | "br" | "gzip"} */ key) =>
        written.reduce((sum, entry) => sum + (entry[key] ?? entry.bytes), 0);
      console.log(
        `precompress: ${written.length} files, ${kb(total("bytes"))} → br ${kb(total("br"))}, gzip ${kb(total("gzip"))} (${Math.round(performance.now() - started)} ms)`,
      );
    },
  };
}

const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(0)} kB`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const dir = process.argv[2] ?? "dist/client";
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`precompress: no folder ${dir}`);
    process.exit(1);
  }
  for (const entry of await precompressDir(dir))
    console.log(`${entry.file}: ${entry.bytes} → br ${entry.br}, gzip ${entry.gzip}`);
}
