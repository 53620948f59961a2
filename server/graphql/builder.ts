import SchemaBuilder, { type SchemaTypes } from "@pothos/core";
import DataloaderPlugin from "@pothos/plugin-dataloader";
import ErrorsPlugin from "@pothos/plugin-errors";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import { createGraphQLError } from "graphql-yoga";
import { DomainError } from "../services/errors";
import type { GraphQLContext } from "./context";
import { TextRulePlugin } from "./textRulePlugin";
import { TypedRefusalPlugin } from "./typedRefusalPlugin";

declare global {
  export namespace PothosSchemaTypes {
    interface Plugins<Types extends SchemaTypes> {
      textRule: TextRulePlugin<Types>;
      typedRefusal: TypedRefusalPlugin<Types>;
    }
  }
}

/** The app's own plugins; each one's file says why it follows the errors plugin in `plugins` below. */
SchemaBuilder.registerPlugin("textRule", TextRulePlugin);
SchemaBuilder.registerPlugin("typedRefusal", TypedRefusalPlugin);

/** Account-type scopes; cost-center scopes join them as the features that need them arrive. */
type AuthScopes = {
  admin: boolean;
  exec: boolean;
  user: boolean;
};

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  AuthScopes: AuthScopes;
  DefaultFieldNullability: false;
  Scalars: { ID: { Input: string; Output: string } };
}>({
  plugins: [ScopeAuthPlugin, ErrorsPlugin, "textRule", "typedRefusal", DataloaderPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (context) => ({
      admin: context.viewer.accountType === "admin",
      exec: context.viewer.accountType === "exec",
      user: context.viewer.accountType === "user",
    }),
    unauthorizedError: () =>
      createGraphQLError("You do not have permission to do this", { extensions: { code: "FORBIDDEN" } }),
  },
  errors: { defaultTypes: [] },
});

/** The schema's types, for helpers that add fields to more than one type. */
export type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
/** What an input type's `fields` gets: shared field sets (wizard.ts) take it. */
export type InputFields = PothosSchemaTypes.InputFieldBuilder<BuilderTypes, "InputObject">;

/** A mutation of an admin or a user account: a refusal of its service (DomainError) is answered as the field's typed error. */
export const adminMutation = { authScopes: { admin: true }, errors: { types: [DomainError] } };
export const userMutation = { authScopes: { user: true }, errors: { types: [DomainError] } };

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
