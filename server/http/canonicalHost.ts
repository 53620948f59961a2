import type { MiddlewareHandler } from "hono";
import { SERVER_PATHS } from "./staticClient";

/** Host names of this machine's loopback interface (the port is compared apart). */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Without an explicit PUBLIC_URL the server guesses http://localhost:PORT, and sign-in only returns
 * to that origin. A page opened under another loopback name (http://127.0.0.1:4000) is sent to the
 * canonical address first, so sign-in does not end in 'redirect_uri did not match'. Only the
 * client's pages: /api, /graphql and /oidc answer under any name.
 */
export function redirectToCanonicalHost(publicUrl: string): MiddlewareHandler {
  const canonical = new URL(publicUrl);
  return async (c, next) => {
    const url = new URL(c.req.url);
    const method = c.req.method;
    if (
      (method === "GET" || method === "HEAD") &&
      url.host !== canonical.host &&
      LOOPBACK_HOST.test(url.hostname) &&
      !SERVER_PATHS.test(url.pathname)
    ) {
      return c.redirect(`${canonical.origin}${url.pathname}${url.search}`, 308);
    }
    return next();
  };
}
