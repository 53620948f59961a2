// What a page of the built client weighs (issue #16): the JavaScript and CSS files the browser
// actually fetched for it, each counted at the size of its gzip copy (the build's .gz beside it, or
// gzip -9 of the file when the build wrote none: files under a kilobyte). Shared by the bundle-size
// budget (tests/e2e/bundleSize.spec.ts) and the client-size benchmark (tests/bench/clientLoad.ts).
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";

export type LoadedFile = { file: string; gzipBytes: number };

/** The gzip size of a built file (`assets/x.js`) in `distDir`. */
export function gzipSizeOf(distDir: string, file: string): number {
  const full = path.join(distDir, file);
  if (existsSync(`${full}.gz`)) return statSync(`${full}.gz`).size;
  return gzipSync(readFileSync(full), { level: 9 }).length;
}

/**
 * Starts recording the JS and CSS the page fetches from the built client; `files()` lists them (each
 * once), `gzipBytes()` sums them. Call before the navigation to measure, on a page with a cold cache.
 */
export function recordClientFiles(page: Page, distDir: string) {
  const seen = new Map<string, LoadedFile>();
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (!/^\/assets\/.+\.(js|css)$/.test(pathname)) return;
    const file = pathname.slice(1);
    if (!seen.has(file)) seen.set(file, { file, gzipBytes: gzipSizeOf(distDir, file) });
  });
  return {
    files: () => [...seen.values()].sort((a, b) => b.gzipBytes - a.gzipBytes),
    gzipBytes: () => [...seen.values()].reduce((sum, f) => sum + f.gzipBytes, 0),
  };
}

export const kib = (bytes: number) => (bytes / 1024).toFixed(1);
