import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { lexicographicSortSchema, printSchema } from "graphql";
import { schema } from "./schema";

/**
 * Writes schema/schema.graphql from the Pothos builder, sorted. With --check it writes nothing and
 * fails when the committed file is stale (CI runs it that way).
 */
const target = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../schema/schema.graphql");
const printed = `${printSchema(lexicographicSortSchema(schema))}\n`;

if (process.argv.includes("--check")) {
  let committed = "";
  try {
    committed = readFileSync(target, "utf8");
  } catch {}
  if (committed !== printed) {
    console.error("schema/schema.graphql is stale: run `npm run schema:print` and commit the result.");
    process.exit(1);
  }
  console.log("schema/schema.graphql is up to date.");
} else {
  writeFileSync(target, printed);
  console.log(`Wrote ${path.relative(process.cwd(), target)}`);
}
