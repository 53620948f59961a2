import { Hono } from "hono";
import { sendContactMessage } from "../services/contactUs";
import type { RestDeps, RestEnv } from "./deps";
import { readJsonObject } from "./respond";

export function contactUsRoutes({ db }: RestDeps) {
  const routes = new Hono<RestEnv>();
  routes.post("/", async (c) => c.json(await sendContactMessage(db, c.get("viewer"), await readJsonObject(c)), 201));
  return routes;
}
