import { builder } from "./builder";
import "./errors";
import "./adminTask";
import "./contactMessage";
import "./costCenter";
import "./employee";
import "./facility";
import "./job";
import "./user";
import "./viewer";

export const schema = builder.toSchema({ sortSchema: true });
