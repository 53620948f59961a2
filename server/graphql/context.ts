import type { Database } from "../../db/client";
import type { IdentityDirectory } from "../services/invitations";
import type { RequestLimits } from "../services/rateLimits";
import type { UploadServices } from "../services/uploads";
import type { Viewer } from "../services/viewer";
import type { OperationSource } from "./persistedDocuments";
import type { TypedRefusals } from "./typedRefusalPlugin";

/** Every GraphQL operation runs for a signed-in viewer: the context is only built from a valid token. */
export type GraphQLContext = {
  db: Database;
  viewer: Viewer;
  uploads: UploadServices;
  /** Where new users get their sign-in account and invitation (embedded outbox or Azure AD B2C). */
  identity: IdentityDirectory;
  /** Request limits of expensive operations (search, upload slots), per user. */
  limits: RequestLimits;
  /** Refusals fields answered as typed data, for the audit log (typedRefusalPlugin.ts). */
  typedRefusals: TypedRefusals;
  /** Whether the operation is one of the app's own, or text from an app page or a script (persistedDocuments.ts). */
  operationSource: OperationSource;
};
