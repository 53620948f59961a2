// Issue #16: the built client is sent as the build's brotli or gzip copy when the browser accepts
// it, hashed assets are cached for good and index.html revalidated, and no request path reaches a
// file outside the client's folder. The folder is made here, as `vite build` lays it out.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDir } from "../../scripts/precompress.mjs";
import { startTestServer, type TestServer } from "../support/server";

const SECRET = "outside-the-client-folder-7f3a";
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(", ")}];\n`;
const style = `${Array.from({ length: 60 }, (_, i) => `.c${i} { color: red; margin: ${i}px; }`).join("\n")}\n`;
const indexHtml = `<!doctype html><html><head><title>Staffing</title><script type="module" src="/assets/index-AbC123xy.js"></script></head><body><div id="root"></div>${"<!-- padding -->".repeat(80)}</body></html>`;
const favicon = `<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>`;

let root: string;
let server: TestServer;

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A GET as sent, path untouched (fetch would resolve dot segments and undo the compression). */
function get(rawPath: string, headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: rawPath, method: "GET", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** A 200 sent as the build's `encoding` copy of a file of `type`, varying by Accept-Encoding, its length the body's. */
function expectCopy(answer: Answer, encoding: "br" | "gzip", type: RegExp) {
  expect(answer.status).toBe(200);
  expect(answer.headers["content-encoding"]).toBe(encoding);
  expect(answer.headers["content-type"]).toMatch(type);
  expect(answer.headers.vary).toBe("Accept-Encoding");
  expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "static-client-"));
  const dist = path.join(root, "dist", "client");
  mkdirSync(path.join(dist, "assets"), { recursive: true });
  writeFileSync(path.join(dist, "index.html"), indexHtml);
  writeFileSync(path.join(dist, "favicon.svg"), favicon);
  writeFileSync(path.join(dist, "assets", "index-AbC123xy.js"), script);
  writeFileSync(path.join(dist, "assets", "index-Zz9_8-Qw.css"), style);
  // Files beside and above the client's folder that no request may read.
  writeFileSync(path.join(root, "secret.txt"), SECRET);
  writeFileSync(path.join(root, "dist", "package.json"), JSON.stringify({ name: SECRET }));
  writeFileSync(path.join(root, "dist", "secret.txt"), SECRET);
  const written = await precompressDir(dist);
  expect(written.map((entry) => entry.file).sort()).toEqual([
    "assets/index-AbC123xy.js",
    "assets/index-Zz9_8-Qw.css",
    "index.html",
  ]);
  server = await startTestServer({ seed: false, clientDistDir: dist });
});

afterAll(async () => {
  await server?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("the built client's files", () => {
  it("sends the brotli copy to a browser that accepts br, and it decompresses to the file", async () => {
    const answer = await get("/assets/index-AbC123xy.js", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expectCopy(answer, "br", /^text\/javascript/);
    expect(answer.body.length).toBeLessThan(Buffer.byteLength(script) / 4);
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it("sends the gzip copy when gzip is all the browser takes", async () => {
    const answer = await get("/assets/index-Zz9_8-Qw.css", { "Accept-Encoding": "gzip" });
    expectCopy(answer, "gzip", /^text\/css/);
    expect(gunzipSync(answer.body).toString()).toBe(style);
  });

  it("sends the file itself without Accept-Encoding, or when br and gzip are refused", async () => {
    for (const headers of [
      {} as Record<string, string>,
      { "Accept-Encoding": "identity" },
      { "Accept-Encoding": "br;q=0, gzip;q=0, *;q=0" },
    ]) {
      const answer = await get("/assets/index-AbC123xy.js", headers);
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.headers.vary).toBe("Accept-Encoding");
      expect(Number(answer.headers["content-length"])).toBe(Buffer.byteLength(script));
      expect(answer.body.toString()).toBe(script);
    }
  });

  it("follows the weights: gzip preferred over br when the browser says so", async () => {
    const answer = await get("/assets/index-AbC123xy.js", { "Accept-Encoding": "br;q=0.5, gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(answer.body).toString()).toBe(script);
  });

  it("caches hashed assets for a year, immutable, and has the browser revalidate index.html and other files", async () => {
    const asset = await get("/assets/index-AbC123xy.js", { "Accept-Encoding": "br" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    for (const pathname of ["/", "/index.html", "/admin/landing", "/favicon.svg"]) {
      const answer = await get(pathname, { "Accept-Encoding": "br" });
      expect(answer.status, pathname).toBe(200);
      expect(answer.headers["cache-control"], pathname).toBe("no-cache");
      expect(answer.headers.vary, pathname).toBe("Accept-Encoding");
    }
  });

  it("sends index.html, compressed, for every client route, with the app's Content-Security-Policy", async () => {
    const answer = await get("/user/wizard/unitdef", { "Accept-Encoding": "br" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(answer.body).toString()).toBe(indexHtml);
    expect(answer.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["x-frame-options"]).toBe("DENY");
  });

  it("sends a small file as it is (no copy was built), still with Vary", async () => {
    const answer = await get("/favicon.svg", { "Accept-Encoding": "br, gzip" });
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(answer.body.toString()).toBe(favicon);
  });

  it("answers 304 to a revalidation with the ETag of the copy it sent", async () => {
    const first = await get("/", { "Accept-Encoding": "gzip" });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get("/", { "Accept-Encoding": "gzip", "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // The brotli copy is another representation: its tag differs, so it is sent in full.
    const otherEncoding = await get("/", { "Accept-Encoding": "br", "If-None-Match": etag });
    expect(otherEncoding.status).toBe(200);
  });

  it("answers 404, not the app's HTML, for a missing asset or file", async () => {
    for (const pathname of ["/assets/index-gone.js", "/robots.txt", "/assets/index-AbC123xy.js.map"]) {
      const answer = await get(pathname, { "Accept-Encoding": "br" });
      expect(answer.status, pathname).toBe(404);
      expect(answer.headers["content-type"] ?? "", pathname).not.toMatch(/html/);
    }
  });

  it("never serves a file outside the client's folder", async () => {
    const attempts = [
      "/assets/../package.json",
      "/assets/../../package.json",
      "/assets/../../secret.txt",
      "/../secret.txt",
      "/assets/%2e%2e/package.json",
      "/assets/%2e%2e/%2e%2e/secret.txt",
      "/assets/..%2fpackage.json",
      "/assets/..%2f..%2fsecret.txt",
      "/assets/%2e%2e%2f%2e%2e%2fsecret.txt",
      "/assets/%252e%252e/package.json",
      "/..%5c..%5csecret.txt",
      "/assets/..%5cpackage.json",
      "//secret.txt",
      "/%2fsecret.txt",
      "/assets/%00../secret.txt",
      "/assets/index-AbC123xy.js%00.txt",
    ];
    for (const attempt of attempts) {
      for (const acceptEncoding of ["", "br, gzip"]) {
        const answer = await get(attempt, acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {});
        expect([400, 404], attempt).toContain(answer.status);
        const text =
          answer.headers["content-encoding"] === "br"
            ? brotliDecompressSync(answer.body).toString()
            : answer.headers["content-encoding"] === "gzip"
              ? gunzipSync(answer.body).toString()
              : answer.body.toString();
        expect(text, attempt).not.toContain(SECRET);
        expect(text, attempt).not.toContain("staffing-position-control");
      }
    }
  });

  it("leaves the server's own paths to the server", async () => {
    const answer = await get("/api/no-such-thing", { "Accept-Encoding": "br" });
    expect([401, 404]).toContain(answer.status);
    expect(answer.headers["content-type"] ?? "").not.toMatch(/html/);
    expect(answer.headers["content-encoding"]).toBeUndefined();
  });
});
