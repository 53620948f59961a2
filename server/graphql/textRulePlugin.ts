import { BasePlugin, type PothosOutputFieldConfig, type SchemaTypes } from "@pothos/core";
import type { GraphQLFieldResolver } from "graphql";
import { refuseDisallowedText } from "../services/validation";

/**
 * The shared text rule (schema/text.ts) over the arguments of every field, variables and inline
 * literals alike, before its resolver runs. Registered after the errors plugin, so a field with
 * `errors` answers the refusal as its DomainError result.
 */
export class TextRulePlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types["Context"], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types["Context"], object> {
    if (Object.keys(fieldConfig.args).length === 0) return resolver;
    return (parent, args, context, info) => {
      refuseArguments(args);
      return resolver(parent, args, context, info);
    };
  }

  override wrapSubscribe(
    subscribe: GraphQLFieldResolver<unknown, Types["Context"], object> | undefined,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types["Context"], object> | undefined {
    if (!subscribe || Object.keys(fieldConfig.args).length === 0) return subscribe;
    return (parent, args, context, info) => {
      refuseArguments(args);
      return subscribe(parent, args, context, info);
    };
  }
}

/** An `input` object's fields are named as the services name them ('subject', not 'input.subject'). */
function refuseArguments(args: object) {
  const { input, ...others } = args as Record<string, unknown>;
  refuseDisallowedText(input);
  refuseDisallowedText(others);
}
