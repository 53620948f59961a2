import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { shouldRenderGraphiQL } from "graphql-yoga";

type Encoding = "br" | "gzip";

const compressors: Record<Encoding, (page: Buffer) => Promise<Buffer>> = {
  // Quality 9 of 11: 1.9 MB in about 5 s rather than 1.7 MB in about 50 s (gzip -9: 2.4 MB in 1 s).
  br: (page) => promisify(brotliCompress)(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (page) => promisify(gzip)(page, { level: 9 }),
};

/** The first acceptable encoding of the Accept-Encoding header, brotli before gzip; none: identity. */
function preferredEncoding(acceptEncoding: string | null): Encoding | undefined {
  const accepted = new Set(
    (acceptEncoding ?? "")
      .split(",")
      .map((part) => part.trim().toLowerCase().split(";"))
      .filter(([, q]) => !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q ?? ""))
      .map(([name]) => name),
  );
  return (["br", "gzip"] as const).find((encoding) => accepted.has(encoding));
}

/**
 * GraphiQL's page is one 9 MB HTML file with the whole bundle inline (no CDN: hospital networks
 * block them), served to anyone (operations still need a token). It is the same for every
 * request, so it is rendered once, compressed once per encoding (on the first request for it,
 * off the event loop) and kept in memory, with an ETag: a browser revalidates with a cheap
 * 304 (`no-cache`: the page has no hashed URL, so it must not be taken from cache unchecked).
 * Every other request on /graphql goes to `render`, yoga.
 */
export function graphiqlPage<Rest extends unknown[]>(render: (request: Request, ...rest: Rest) => Promise<Response>) {
  let page: Promise<{ body: Buffer; etag: string }> | undefined;
  const compressed = new Map<Encoding, Promise<Buffer>>();

  return async (request: Request, ...rest: Rest): Promise<Response> => {
    if (!shouldRenderGraphiQL(request)) return render(request, ...rest);
    if (!page) {
      page = render(request, ...rest).then(async (response) => {
        if (!response.ok) throw new Error(`GraphiQL was not rendered (${response.status})`);
        const body = Buffer.from(await response.arrayBuffer());
        return { body, etag: `"${createHash("sha256").update(body).digest("base64url")}"` };
      });
      page.catch(() => {
        page = undefined;
      });
    }
    const { body, etag } = await page;
    const headers = new Headers({
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-cache",
      ETag: etag,
      Vary: "Accept, Accept-Encoding",
    });
    if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
    const encoding = preferredEncoding(request.headers.get("accept-encoding"));
    if (!encoding) return new Response(new Uint8Array(body), { headers });
    let encoded = compressed.get(encoding);
    if (!encoded) {
      encoded = compressors[encoding](body);
      compressed.set(encoding, encoded);
    }
    headers.set("Content-Encoding", encoding);
    return new Response(new Uint8Array(await encoded), { headers });
  };
}
