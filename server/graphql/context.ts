import type { Database } from "../../db/client";
import type { Viewer } from "../services/viewer";

/** Every GraphQL operation runs for a signed-in viewer: the context is only built from a valid token. */
export type GraphQLContext = {
  db: Database;
  viewer: Viewer;
};
