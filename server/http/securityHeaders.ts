import type { IncomingMessage, ServerResponse } from "node:http";
import { PAGE_INLINE_SOURCES } from "../auth/providerPages";

export type SecurityHeaderOptions = {
  publicUrl: string;
  /** Other origins of the browser app (the Vite dev server): sign-in may return there. */
  devOrigins: string[];
  /** Origins the app's pages fetch from beside their own: blob storage, the B2C tenant. */
  connectOrigins: string[];
  /** Origins the app may frame: the B2C tenant (MSAL renews tokens in a hidden iframe). */
  frameOrigins: string[];
};

const policy = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(" "))
    .join("; ");

/**
 * Headers every answer carries (the app, /api, /graphql and the identity provider's pages): a
 * Content-Security-Policy per kind of page, no framing, no MIME sniffing, no referrer, and HSTS when
 * the public address is https. Set on the Node response, so oidc-provider's own pages get them too.
 */
export function securityHeaders(options: SecurityHeaderOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const publicUrl = new URL(options.publicUrl);
  const socketOrigin = `${publicUrl.protocol === "https:" ? "wss:" : "ws:"}//${publicUrl.host}`;
  const appOrigins = [publicUrl.origin, ...options.devOrigins];
  const locked = { "base-uri": ["'none'"], "object-src": ["'none'"], "frame-ancestors": ["'none'"] };
  // The React app: its own scripts only; Chakra (emotion) inserts <style> elements at run time.
  const app = policy({
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", socketOrigin, ...options.connectOrigins],
    "frame-src": options.frameOrigins.length > 0 ? options.frameOrigins : ["'none'"],
    "form-action": ["'self'"],
    ...locked,
  });
  // GraphiQL: one inline script with the whole bundle, inline styles, editor workers from blob: URLs.
  const graphiql = policy({
    "default-src": ["'self'"],
    "script-src": ["'self'", "'unsafe-inline'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'", "data:"],
    "worker-src": ["'self'", "blob:"],
    "connect-src": ["'self'", socketOrigin],
    "form-action": ["'none'"],
    ...locked,
  });
  // The sign-in, invitation and logout pages: one known inline style and script; forms post here and
  // redirect back to the app.
  const signIn = policy({
    "default-src": ["'none'"],
    "script-src": [PAGE_INLINE_SOURCES.script],
    "style-src": [PAGE_INLINE_SOURCES.style],
    "img-src": ["'self'"],
    "form-action": ["'self'", ...appOrigins],
    ...locked,
  });
  const common: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
  };
  if (publicUrl.protocol === "https:") common["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";

  return (req, res) => {
    const path = req.url ?? "/";
    const csp = /^\/graphql(\/|\?|$)/.test(path) ? graphiql : /^\/oidc(\/|\?|$)/.test(path) ? signIn : app;
    res.setHeader("Content-Security-Policy", csp);
    for (const [name, value] of Object.entries(common)) res.setHeader(name, value);
  };
}
