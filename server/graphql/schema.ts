import { builder } from "./builder";
import "./errors";
import "./adminTask";
import "./contactMessage";
import "./employee";
import "./user";
import "./viewer";

export const schema = builder.toSchema({ sortSchema: true });
