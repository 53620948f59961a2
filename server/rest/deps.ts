import type { Database } from "../../db/client";
import type { TokenVerifier, VerifiedToken } from "../auth/tokens";
import type { AppConfig } from "../config";
import type { DeniedRecorder } from "../services/audit";
import type { IdentityDirectory } from "../services/invitations";
import type { RequestLimits } from "../services/rateLimits";
import type { SessionActivity } from "../services/sessionActivity";
import type { UploadServices } from "../services/uploads";
import type { Viewer, ViewerResolver } from "../services/viewer";

/** What every route module of the REST shim gets (createRestApi passes it on). */
export type RestDeps = {
  config: AppConfig;
  db: Database;
  verifyToken: TokenVerifier;
  uploads: UploadServices;
  identity: IdentityDirectory;
  limits: RequestLimits;
  /** Records refused calls (401/403) in the audit log. */
  recordDenied: DeniedRecorder;
  /** The idle rule's record of each session's activity. */
  sessions: SessionActivity;
  /** Who each token's person is (remembered briefly; forgotten after every write). */
  viewers: ViewerResolver;
};
export type RestEnv = { Variables: { viewer: Viewer; token: VerifiedToken } };
