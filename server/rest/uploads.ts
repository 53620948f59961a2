import { Hono } from "hono";
import {
  UPLOAD_KINDS,
  UPLOAD_TYPE_CODES,
  UPLOAD_TYPE_MESSAGE,
  type UploadKind,
  uploadKindOfType,
  uploadTypeSchema,
} from "../../schema/uploads";
import { DomainError } from "../services/errors";
import { listUploadHistory } from "../services/uploadHistory";
import { completeUpload, getUpload, requestUploadSlot, templateAccess, uploadTemplate } from "../services/uploads";
import type { RestDeps, RestEnv } from "./deps";
import { readJsonObject } from "./respond";

/**
 * Uploads (spec §7; the paths the spec leaves unnamed are ours):
 * POST /api/upload/credentials  {type, templateOnly} or {facilityId, userId, originalFileName, type,
 *                               costCenter, removeStaff, updateStaff} → upload credential response
 * POST /api/upload/{uploadId}/complete  after the PUT to storage: queue the import
 * GET  /api/upload?uploadId=    status and errors
 * GET  /api/upload/history[?type=0|1|2]  the facility's latest uploads (type 1: staff files, whole
 *                               facility and per cost center)
 * GET  /api/upload/template?type=0|1|2[&costCenter=…]  template lookup
 * POST /api/negotiate           {userId, uploadId} → {accessToken, url} of the live channel
 */
export function uploadRoutes({ db, uploads, limits }: RestDeps) {
  const routes = new Hono<RestEnv>();
  routes.post("/credentials", async (c) => {
    const body = await readJsonObject(c);
    if (body.templateOnly === true || body.templateOnly === "true") {
      return c.json(await templateAccess(uploads.storage, c.get("viewer")));
    }
    await limits.uploadSlot.take(c.get("viewer").userId, "Too many upload requests");
    return c.json(await requestUploadSlot(db, uploads.storage, c.get("viewer"), body));
  });
  routes.post("/:uploadId/complete", async (c) =>
    c.json(await completeUpload(db, uploads, c.get("viewer"), c.req.param("uploadId"))),
  );
  routes.get("/template", async (c) => {
    const type = uploadTypeSchema.safeParse(c.req.query("type"));
    const kind = type.success ? uploadKindOfType(type.data, c.req.query("costCenter")) : undefined;
    if (!kind) throw new DomainError("invalid", `${UPLOAD_TYPE_MESSAGE}; kinds: ${UPLOAD_KINDS.join(", ")}`);
    return c.json(await uploadTemplate(uploads.storage, c.get("viewer"), kind));
  });
  routes.get("/history", async (c) => {
    const typeText = c.req.query("type");
    let kinds: UploadKind[] | null = null;
    if (typeText !== undefined) {
      const type = uploadTypeSchema.safeParse(typeText);
      if (!type.success) throw new DomainError("invalid", UPLOAD_TYPE_MESSAGE, { type: UPLOAD_TYPE_MESSAGE });
      kinds = UPLOAD_KINDS.filter((kind) => UPLOAD_TYPE_CODES[kind] === type.data);
    }
    const firstText = c.req.query("first");
    const first = firstText === undefined ? null : /^\d+$/.test(firstText) ? Number(firstText) : Number.NaN;
    return c.json(await listUploadHistory(db, c.get("viewer"), { kinds, first }));
  });
  routes.get("/", async (c) => {
    const uploadId = c.req.query("uploadId");
    if (!uploadId) throw new DomainError("invalid", "uploadId is required");
    return c.json(await getUpload(db, c.get("viewer"), uploadId));
  });
  return routes;
}

/** The live channel for the shim's clients: graphql-ws on /graphql, subscription uploadStatus. */
export function negotiateRoutes({ db, config }: RestDeps) {
  const routes = new Hono<RestEnv>();
  routes.post("/", async (c) => {
    const body = await readJsonObject(c);
    if (typeof body.uploadId !== "string") throw new DomainError("invalid", "uploadId is required");
    const viewer = c.get("viewer");
    if (body.userId !== undefined && body.userId !== viewer.userId) {
      throw new DomainError("forbidden", "The live channel is opened for the signed-in user only");
    }
    // Checks the upload exists and is the caller's before handing out the channel.
    await getUpload(db, viewer, body.uploadId);
    const accessToken = c.req.header("authorization")?.replace(/^Bearer\s+/i, "") ?? "";
    return c.json({ accessToken, url: `${config.publicUrl.replace(/^http/, "ws")}/graphql` });
  });
  return routes;
}
