import { BasePlugin, type PothosOutputFieldConfig, type SchemaTypes } from "@pothos/core";
import type { GraphQLFieldResolver } from "graphql";
import { DomainError } from "../services/errors";

/** Where a field with typed errors notes the refusals it answers as data (see useDeniedAudit). */
export type TypedRefusals = { field: string; code: "FORBIDDEN" | "UNAUTHENTICATED" }[];

const REFUSED = { forbidden: "FORBIDDEN", unauthenticated: "UNAUTHENTICATED" } as const;

/**
 * A field with `errors` answers a refusal as data (`... on DomainError { code }`), which the
 * audit's result hook cannot see among the operation's errors. This wrapper, registered after the
 * errors plugin so it runs inside it, notes each such refusal in the context's `typedRefusals`
 * before the errors plugin turns it into the field's result.
 */
export class TypedRefusalPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types["Context"], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types["Context"], object> {
    if (!(fieldConfig.pothosOptions as { errors?: unknown }).errors) return resolver;
    return async (parent, args, context, info) => {
      try {
        return await resolver(parent, args, context, info);
      } catch (error) {
        if (error instanceof DomainError && (error.code === "forbidden" || error.code === "unauthenticated")) {
          (context as { typedRefusals?: TypedRefusals }).typedRefusals?.push({
            field: info.fieldName,
            code: REFUSED[error.code],
          });
        }
        throw error;
      }
    };
  }
}
