// A Vite build plugin that gives each generated GraphQL document a module of its own, so a screen's
// chunk carries the documents it uses. The client preset's Babel optimizer turns every graphql(`…`)
// call into `import { XDocument } from ".../gql/graphql"`; Rollup never splits a module between
// chunks, so without this plugin every screen's documents land in one shared chunk of gql/graphql.ts
// that the first signed-in page downloads whole (12 KB gzip, issue #16).
import { readFileSync } from "node:fs";
import path from "node:path";

const PREFIX = "\0gql-document:";
/** The optimizer's import of one document: `import { Name } from "…/gql/graphql";` */
const DOCUMENT_IMPORT = /import\s*\{\s*(\w+)\s*\}\s*from\s*(["'])([^"']*\/gql\/graphql)\2/g;

/**
 * @param {{ generatedFile: string }} options gql/graphql.ts, the codegen output
 * @returns {import("vite").Plugin}
 */
export function documentModulesPlugin({ generatedFile }) {
  /** @type {Map<string, string> | undefined} */
  let documents;
  /** Each `export const Name = {…} as unknown as DocumentNode<…>;` line of the generated file, by name. */
  const documentSources = () => {
    if (!documents) {
      documents = new Map();
      for (const line of readFileSync(generatedFile, "utf8").split("\n")) {
        const match = /^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*>;$/.exec(line);
        if (match?.[1] && match[2]) documents.set(match[1], match[2]);
      }
    }
    return documents;
  };

  return {
    name: "gql-document-modules",
    apply: "build",
    /** @param {string} code @param {string} id */
    transform(code, id) {
      if (!id.startsWith(path.dirname(path.dirname(generatedFile))) || !code.includes("/gql/graphql")) return null;
      const rewritten = code.replace(DOCUMENT_IMPORT, (whole, name) =>
        documentSources().has(name) ? `import { ${name} } from "${PREFIX}${name}"` : whole,
      );
      return rewritten === code ? null : { code: rewritten, map: null };
    },
    /** @param {string} source */
    resolveId(source) {
      return source.startsWith(PREFIX) ? source : null;
    },
    /** @param {string} id */
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const name = id.slice(PREFIX.length);
      const document = documentSources().get(name);
      if (!document) throw new Error(`No document ${name} in ${generatedFile}: run npm run codegen`);
      return `export const ${name} = ${document};\n`;
    },
  };
}
