import type { ExecutionResult, GraphQLError } from "graphql";
import type { Plugin } from "graphql-yoga";
import type { DeniedRecorder } from "../services/audit";
import type { Viewer } from "../services/viewer";

const REFUSALS = new Set(["FORBIDDEN", "UNAUTHENTICATED"]);

/**
 * Every refused GraphQL operation over HTTP, in one place: each answer with a FORBIDDEN or
 * UNAUTHENTICATED error (a scope refusal, a service's forbidden, the introspection refusal, a
 * missing or bad token) is recorded as `authorization.denied` with the operation and the refused
 * fields, the code, the viewer when known and the address (`source` of the server context).
 * Refusals a field answers as typed data (`{ ... on Error }`) are the operation's result, not an
 * error of it, and are not recorded here.
 */
export function useDeniedAudit(record: DeniedRecorder): Plugin<{ viewer?: Viewer }, { source?: string | null }> {
  const operationNames = new WeakMap<Request, string | null | undefined>();
  const viewers = new WeakMap<Request, Viewer>();
  return {
    onParams({ request, params }) {
      operationNames.set(request, params.operationName ?? operationNameIn(params.query));
    },
    onContextBuilding() {
      return ({ context }) => {
        const { request, viewer } = context as { request?: Request; viewer?: Viewer };
        if (request && viewer) viewers.set(request, viewer);
      };
    },
    async onResultProcess({ request, result, serverContext }) {
      if (Symbol.asyncIterator in result) return;
      const results: readonly ExecutionResult[] = Array.isArray(result) ? result : [result as ExecutionResult];
      const refusals = results.flatMap((one) => (one.errors ?? []).filter(isRefusal));
      const [first] = refusals;
      if (!first) return;
      const fields = [...new Set(refusals.map((error) => error.path?.[0]).filter((field) => field !== undefined))];
      const operation = operationNames.get(request) ?? "anonymous operation";
      await record({
        viewer: viewers.get(request),
        what: fields.length > 0 ? `${operation}: ${fields.join(", ")}` : operation,
        transport: "graphql",
        code: String(first.extensions?.code),
        source: serverContext.source ?? null,
      });
    },
  };
}

/** The name of the document's first named operation (clients often send none apart), not parsed: read. */
function operationNameIn(query: string | undefined): string | undefined {
  return query ? /\b(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(query)?.[1] : undefined;
}

function isRefusal(error: GraphQLError): boolean {
  return REFUSALS.has(String(error.extensions?.code));
}
