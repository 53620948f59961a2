import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Fails when db/schema has changes that no committed migration holds: generates into a scratch
 * copy of db/migrations and looks for a new file.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const committed = path.join(root, "db/migrations");
// drizzle-kit reads --out relative to the working directory, so the scratch copy lives in the repo.
mkdirSync(path.join(root, ".tmp"), { recursive: true });
const scratch = mkdtempSync(path.join(root, ".tmp/migrations-check-"));
try {
  cpSync(committed, scratch, { recursive: true });
  execFileSync(
    "drizzle-kit",
    [
      "generate",
      "--dialect",
      "postgresql",
      "--schema",
      "./db/schema/index.ts",
      "--out",
      path.relative(root, scratch),
      "--name",
      "pending",
    ],
    { cwd: root, stdio: "pipe" },
  );
  const generated = readdirSync(scratch).filter((file) => file.endsWith(".sql"));
  if (generated.length === 0) throw new Error("drizzle-kit generated nothing: the check itself is broken");
  const pending = readdirSync(scratch).filter((file) => file.endsWith(".sql") && file.includes("pending"));
  if (pending.length > 0) {
    console.error("db/schema has changes without a migration: run `npm run db:generate` and commit the new file.");
    process.exitCode = 1;
  } else {
    console.log("Migrations match db/schema.");
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
