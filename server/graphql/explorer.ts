import { BREAK, type DocumentNode, visit } from "graphql";
import { createGraphQLError, type Plugin } from "graphql-yoga";
import type { GraphQLContext } from "./context";

export const EXPLORER_MESSAGES = {
  off: "Schema introspection is turned off on this server (GRAPHQL_EXPLORER=off)",
  notForUsers: "Schema introspection is for executives and administrators",
} as const;

/** Whether a document asks for the schema (`__schema`, `__type`); `__typename` is ordinary. */
const asksForSchema = new WeakMap<DocumentNode, boolean>();

function introspects(document: DocumentNode): boolean {
  let found = asksForSchema.get(document);
  if (found === undefined) {
    found = false;
    visit(document, {
      Field(node) {
        if (node.name.value === "__schema" || node.name.value === "__type") {
          found = true;
          return BREAK;
        }
        return undefined;
      },
    });
    asksForSchema.set(document, found);
  }
  return found;
}

/**
 * Schema introspection (what GraphiQL reads to offer completion and docs) only when the explorer
 * is on (config.graphqlExplorer) and only for executives and administrators, the analysts who
 * pull rollups; a unit manager's operations run as always. Documents are parsed once and cached
 * by yoga, so the walk above runs once per distinct document.
 */
export function useExplorerAccess(explorerOn: boolean): Plugin<GraphQLContext> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      if (!introspects(args.document)) return;
      const refusal = !explorerOn
        ? EXPLORER_MESSAGES.off
        : args.contextValue.viewer.accountType === "user"
          ? EXPLORER_MESSAGES.notForUsers
          : undefined;
      if (refusal) {
        setResultAndStopExecution({ errors: [createGraphQLError(refusal, { extensions: { code: "FORBIDDEN" } })] });
      }
    },
  };
}
