import type { CodegenConfig } from "@graphql-codegen/cli";
import { type DocumentNode, Kind, visit } from "graphql";

/**
 * `__typename` on every selection but an operation's root, as Apollo's cache adds it before it
 * sends an operation: the persisted documents the server runs then answer exactly what the cache
 * expects. (The client preset's own transform also adds it to query and mutation roots.)
 */
const addTypenameAsApolloDoes = {
  transform: ({ documents }: { documents: { document?: DocumentNode }[] }) =>
    documents.map((source) => ({
      ...source,
      document:
        source.document &&
        visit(source.document, {
          SelectionSet(node, _key, parent) {
            const isRoot = !Array.isArray(parent) && (parent as { kind?: string })?.kind === Kind.OPERATION_DEFINITION;
            const has = node.selections.some((s) => s.kind === Kind.FIELD && s.name.value === "__typename");
            if (isRoot || has) return undefined;
            return {
              ...node,
              selections: [{ kind: Kind.FIELD, name: { kind: Kind.NAME, value: "__typename" } }, ...node.selections],
            };
          },
        }),
    })),
};

const config: CodegenConfig = {
  schema: "schema/schema.graphql",
  documents: ["client/src/**/*.{ts,tsx}", "!client/src/gql/**"],
  ignoreNoDocuments: true,
  generates: {
    "client/src/gql/": {
      preset: "client",
      config: { useTypeImports: true, enumsAsTypes: true },
      // Each operation carries its sha256 hash (sent instead of the text) and persisted-documents.json
      // lists them for the server.
      presetConfig: { fragmentMasking: false, persistedDocuments: true },
      documentTransforms: [addTypenameAsApolloDoes],
    },
    // Which object types implement each interface and union: Apollo's cache matches a fragment on
    // an interface (Upload_Progress on UploadProgress) only when it is told.
    "client/src/gql/possibleTypes.ts": {
      plugins: ["fragment-matcher"],
      config: { apolloClientVersion: 3 },
    },
  },
};

export default config;
