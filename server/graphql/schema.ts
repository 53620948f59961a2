import { builder } from "./builder";
import "./errors";
import "./adminTask";
import "./contactMessage";
import "./costCenter";
import "./costCenterSummary";
import "./dashboard";
import "./employee";
import "./facility";
import "./job";
import "./positionControl";
import "./positionsRollup";
import "./upload";
import "./user";
import "./userAccess";
import "./viewer";
import "./wizard";

export const schema = builder.toSchema({ sortSchema: true });
