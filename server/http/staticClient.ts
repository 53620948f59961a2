import { existsSync, readdirSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Context } from "hono";
import { Hono } from "hono";
import { getMimeType } from "hono/utils/mime";

export const SERVER_PATHS = /^\/(api|graphql|oidc)(\/|$)/;

/** Vite names what it emits under /assets/ after its content: such a file never changes. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
/** index.html and other unhashed files: the browser asks again (a 304 when unchanged). */
export const REVALIDATE_CACHE = "no-cache";

type Encoding = "br" | "gzip";
type Variant = { file: string; size: number; etag: string };
type StaticFile = { type: string; cacheControl: string; identity: Variant } & Partial<Record<Encoding, Variant>>;

/** Suffixes of the copies scripts/precompress.mjs writes at build time, best first. */
const ENCODINGS: [Encoding, string][] = [
  ["br", ".br"],
  ["gzip", ".gz"],
];

/**
 * The built React client, with index.html for every client-side route (react-router decides).
 * The folder is read once at start: only the files found then are ever served, so no request path
 * reaches the file system. Each answer is the build's brotli or gzip copy when the browser accepts
 * it (Vary: Accept-Encoding), the file itself otherwise.
 */
export function staticClientRoutes(distDir: string) {
  const routes = new Hono();
  if (!existsSync(path.join(distDir, "index.html"))) {
    routes.get("*", (c) =>
      c.text("The web client is not built yet: run `npm run build` (npm start does this for you).", 503),
    );
    return routes;
  }
  const files = scanBuiltClient(distDir);
  const indexHtml = files.get("/index.html") as StaticFile;
  routes.get("*", async (c) => {
    if (SERVER_PATHS.test(c.req.path)) return c.notFound();
    const urlPath = safePath(c.req.path);
    if (urlPath === undefined) return c.notFound();
    const file = files.get(urlPath);
    if (file) return sendFile(c, file);
    // A missing asset or file (/assets/…, /robots.txt) is a 404, not the app's HTML under a script's name.
    if (urlPath.startsWith("/assets/") || /\.[^/]*$/.test(urlPath)) return c.notFound();
    return sendFile(c, indexHtml);
  });
  return routes;
}

/** The request path decoded, or undefined when it could name something outside the folder. */
function safePath(requestPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return undefined;
  }
  if (!decoded.startsWith("/") || /[\\\0]|\/\/|(^|\/)\.\.?(\/|$)/.test(decoded)) return undefined;
  return decoded;
}

/** Every file of the built client by URL path, with its compressed copies (dot files and folders left out). */
export function scanBuiltClient(distDir: string): Map<string, StaticFile> {
  const found = new Set<string>();
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(distDir, relative), { withFileTypes: true })) {
      if (entry.name.startsWith(".")) continue;
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) found.add(child);
    }
  };
  walk("");
  const variant = (urlPath: string, tag: string): Variant => {
    const file = path.join(distDir, urlPath);
    const stats = statSync(file);
    return {
      file,
      size: stats.size,
      etag: `"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}${tag}"`,
    };
  };
  const copies = new Set(
    [...found].filter((urlPath) =>
      ENCODINGS.some(([, suffix]) => urlPath.endsWith(suffix) && found.has(urlPath.slice(0, -suffix.length))),
    ),
  );
  const files = new Map<string, StaticFile>();
  for (const urlPath of found) {
    if (copies.has(urlPath)) continue;
    const file: StaticFile = {
      type: getMimeType(urlPath) ?? "application/octet-stream",
      cacheControl: urlPath.startsWith("/assets/") ? IMMUTABLE_CACHE : REVALIDATE_CACHE,
      identity: variant(urlPath, ""),
    };
    for (const [encoding, suffix] of ENCODINGS) {
      if (found.has(urlPath + suffix)) file[encoding] = variant(urlPath + suffix, `-${encoding}`);
    }
    files.set(urlPath, file);
  }
  return files;
}

/**
 * The encoding to send among those available, from Accept-Encoding's q-values: the highest weight
 * wins, brotli before gzip on a tie; `*` stands for any encoding not named; q=0 refuses.
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: Encoding[]): Encoding | undefined {
  if (!acceptEncoding || available.length === 0) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  let best: Encoding | undefined;
  let bestWeight = 0;
  for (const encoding of available) {
    const weight = weights.get(encoding) ?? weights.get("*") ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

async function sendFile(c: Context, file: StaticFile) {
  const available = ENCODINGS.map(([encoding]) => encoding).filter((encoding) => file[encoding]);
  const encoding = chooseEncoding(c.req.header("Accept-Encoding"), available);
  const chosen = (encoding && file[encoding]) || file.identity;
  const headers: Record<string, string> = {
    "Content-Type": file.type,
    "Cache-Control": file.cacheControl,
    Vary: "Accept-Encoding",
    ETag: chosen.etag,
  };
  if (encoding) headers["Content-Encoding"] = encoding;
  const ifNoneMatch = c.req.header("If-None-Match");
  if (ifNoneMatch?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === chosen.etag)) {
    return c.body(null, 304, headers);
  }
  let body: Buffer;
  try {
    body = await readFile(chosen.file);
  } catch {
    // Removed since the server started (a rebuild under a running server): restart to serve the new build.
    return c.notFound();
  }
  headers["Content-Length"] = String(body.length);
  return c.body(new Uint8Array(body), 200, headers);
}
