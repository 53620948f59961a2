import { builder } from "./builder";
import "./errors";
import "./user";
import "./viewer";

export const schema = builder.toSchema({ sortSchema: true });
