import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";

export const SERVER_PATHS = /^\/(api|graphql|oidc)(\/|$)/;

/** The built React client, with index.html for every client-side route (react-router decides). */
export function staticClientRoutes(distDir: string) {
  const routes = new Hono();
  const indexFile = path.join(distDir, "index.html");
  if (!existsSync(indexFile)) {
    routes.get("*", (c) =>
      c.text("The web client is not built yet: run `npm run build` (npm start does this for you).", 503),
    );
    return routes;
  }
  const indexHtml = readFileSync(indexFile, "utf8");
  routes.use("/assets/*", serveStatic({ root: path.relative(process.cwd(), distDir) }));
  routes.use("*", serveStatic({ root: path.relative(process.cwd(), distDir), index: "__no_index__" }));
  routes.get("*", (c) => {
    if (SERVER_PATHS.test(c.req.path)) return c.notFound();
    return c.html(indexHtml, 200, { "Cache-Control": "no-cache" });
  });
  return routes;
}
