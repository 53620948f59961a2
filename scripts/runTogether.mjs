// Runs npm scripts side by side and shows each one's output whole, in the order given, once it has
// finished (interleaved test reports would be unreadable). Exits with the first failure's code.
//
//   node scripts/runTogether.mjs test:pglite test:postgres
//
// Why: the PostgreSQL suite spends much of its time waiting on the database server, so beside the
// PGlite suite it fills the cores the other leaves idle (see the "test" script in package.json).
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("Usage: node scripts/runTogether.mjs <npm script> [<npm script> …]");
  process.exit(2);
}

const started = Date.now();
const runs = scripts.map(
  (script) =>
    new Promise((resolve) => {
      /** @type {Buffer[]} */
      const chunks = [];
      const child = spawn("npm", ["run", "--silent", script], {
        env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout.on("data", (chunk) => chunks.push(chunk));
      child.stderr.on("data", (chunk) => chunks.push(chunk));
      child.on("close", (code, signal) => resolve({ script, code: code ?? (signal ? 1 : 0), output: chunks }));
    }),
);

let failed = 0;
for (const run of runs) {
  const { script, code, output } = await run;
  process.stdout.write(`\n> npm run ${script} (${code === 0 ? "passed" : `failed with ${code}`})\n\n`);
  for (const chunk of output) process.stdout.write(chunk);
  if (code !== 0 && failed === 0) failed = code;
}
process.stdout.write(`\n${scripts.join(" + ")}: ${Math.round((Date.now() - started) / 1000)} s side by side\n`);
process.exit(failed);
