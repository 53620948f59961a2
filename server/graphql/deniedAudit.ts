import type { ExecutionResult, GraphQLError } from "graphql";
import type { Plugin } from "graphql-yoga";
import type { DeniedRecorder } from "../services/audit";
import type { Viewer } from "../services/viewer";
import type { TypedRefusals } from "./typedRefusalPlugin";

const REFUSALS = new Set(["FORBIDDEN", "UNAUTHENTICATED"]);

/**
 * Every refused GraphQL operation over HTTP, in one place: each answer with a FORBIDDEN or
 * UNAUTHENTICATED error (a scope refusal, a service's forbidden, the introspection refusal, a
 * missing or bad token) is recorded as `authorization.denied` with the operation and the refused
 * fields, the code, the viewer when known and the address (`source` of the server context).
 * Refusals a field answers as typed data (`{ ... on DomainError }`) are not errors of the
 * operation: typedRefusalPlugin.ts notes them in the context, and they count the same.
 */
export function useDeniedAudit(
  record: DeniedRecorder,
): Plugin<{ viewer?: Viewer; typedRefusals?: TypedRefusals }, { source?: string | null }> {
  const operationNames = new WeakMap<Request, string | null | undefined>();
  const contexts = new WeakMap<Request, { viewer: Viewer; typedRefusals: TypedRefusals }>();
  return {
    onParams({ request, params }) {
      operationNames.set(request, params.operationName ?? operationNameIn(params.query));
    },
    onContextBuilding() {
      return ({ context }) => {
        const { request, viewer, typedRefusals } = context as {
          request?: Request;
          viewer?: Viewer;
          typedRefusals?: TypedRefusals;
        };
        if (request && viewer) contexts.set(request, { viewer, typedRefusals: typedRefusals ?? [] });
      };
    },
    async onResultProcess({ request, result, serverContext }) {
      if (Symbol.asyncIterator in result) return;
      const results: readonly ExecutionResult[] = Array.isArray(result) ? result : [result as ExecutionResult];
      const known = contexts.get(request);
      const refusal = refusalIn(results, known?.typedRefusals ?? [], operationNames.get(request));
      if (!refusal) return;
      await record({
        viewer: known?.viewer,
        ...refusal,
        transport: "graphql",
        source: serverContext.source ?? null,
      });
    },
  };
}

/**
 * What an operation's results refused (`Operation: field, field` and the first refusal's code),
 * counting the refusals fields answered as typed data; undefined when nothing was refused. Used
 * for HTTP here and for graphql-ws operations in app.ts.
 */
export function refusalIn(
  results: readonly ExecutionResult[],
  typedRefusals: TypedRefusals,
  operationName: string | null | undefined,
): { what: string; code: string } | undefined {
  const refusals = [
    ...results.flatMap((one) =>
      (one.errors ?? []).filter(isRefusal).map((error) => ({
        field: error.path?.[0],
        code: String(error.extensions?.code),
      })),
    ),
    ...typedRefusals,
  ];
  const [first] = refusals;
  if (!first) return undefined;
  const fields = [...new Set(refusals.map((refusal) => refusal.field).filter((field) => field !== undefined))];
  const operation = operationName ?? "anonymous operation";
  return { what: fields.length > 0 ? `${operation}: ${fields.join(", ")}` : operation, code: first.code };
}

/** The name of the document's first named operation (clients often send none apart), not parsed: read. */
function operationNameIn(query: string | undefined): string | undefined {
  return query ? /\b(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(query)?.[1] : undefined;
}

function isRefusal(error: GraphQLError): boolean {
  return REFUSALS.has(String(error.extensions?.code));
}
