// Issue #16: production runs the compiled server (dist/server/main.mjs, which sets production mode
// and imports the bundle, app.mjs) on plain node, not the tsx loader.
// The bundle is built into a scratch folder of the checkout (so node finds node_modules from it) and
// started as `npm start` starts it, on this run's database: migrations, demo seed, sign-in, `me`.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { SERVER_SOURCES } from "../../scripts/buildIfStale.mjs";
import { buildServer, SERVER_COMMAND, SERVER_NODE_FLAGS } from "../../scripts/buildServer.mjs";
import { createScratchPostgresDatabase, testDbKind } from "../support/database";
import { freePort } from "../support/ports";
import { signInWithPassword } from "../support/signIn";

const root = path.resolve(import.meta.dirname, "../..");
const scratch = path.join(root, ".tmp", `server-build-${randomBytes(4).toString("hex")}`);
const outDir = path.join(scratch, "dist");

/** Every file under a folder, relative to it. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe("the compiled server", () => {
  let inputs: string[] = [];
  beforeAll(async () => {
    ({ inputs } = await buildServer(root, outDir));
  }, 60_000);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("is one module of our code and drizzle-orm that imports only other packages and node built-ins, with the migrations beside it", () => {
    const bundle = readFileSync(path.join(outDir, "app.mjs"), "utf8");
    const specifiers = [...bundle.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)"([^"]+)"/g)].map((match) => match[1]);
    expect(specifiers.length).toBeGreaterThan(10);
    expect(specifiers.filter((specifier) => specifier?.startsWith(".") || specifier?.startsWith("/"))).toEqual([]);
    expect(specifiers).toContain("@electric-sql/pglite");
    expect(specifiers.filter((specifier) => specifier?.startsWith("drizzle-orm"))).toEqual([]);
    expect(bundle).not.toMatch(/from\s*"tsx/);
    expect(filesUnder(path.join(outDir, "migrations"))).toEqual(filesUnder(path.join(root, "db", "migrations")));
  });

  it("starts in production mode unless NODE_ENV says otherwise, set before any package loads", () => {
    // main.mjs beside a stand-in bundle that reports what the packages would read as they load.
    const probe = path.join(scratch, "entry-probe");
    mkdirSync(probe, { recursive: true });
    copyFileSync(path.join(outDir, "main.mjs"), path.join(probe, "main.mjs"));
    writeFileSync(path.join(probe, "app.mjs"), "console.log(process.env.NODE_ENV);\n");
    const modeWith = (nodeEnv: string | undefined) => {
      const env = { ...process.env, NODE_ENV: nodeEnv };
      if (nodeEnv === undefined) delete env.NODE_ENV;
      return execFileSync(process.execPath, [path.join(probe, "main.mjs")], { env, encoding: "utf8" }).trim();
    };
    expect(modeWith(undefined)).toBe("production");
    expect(modeWith("development")).toBe("development");
    expect(readFileSync(path.join(outDir, "main.mjs"), "utf8")).not.toMatch(/\bfrom\s*"/);
  });

  it("runs in production as the benchmarks and browser tests run it: package.json's start and the Dockerfile's CMD", () => {
    const packageJson = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      scripts: { start: string };
    };
    expect(packageJson.scripts.start.endsWith(`&& node ${SERVER_COMMAND.join(" ")}`), packageJson.scripts.start).toBe(
      true,
    );
    const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
    expect(dockerfile).toContain(`CMD ${JSON.stringify(["node", ...SERVER_COMMAND]).replaceAll(",", ", ")}`);
  });

  it("is made only of files `npm start` watches: a change to any input rebuilds it (scripts/buildIfStale.mjs)", () => {
    expect(inputs).toContain("server/main.ts");
    // A bundled package (drizzle-orm) changes only with package-lock.json, which is watched.
    const watched = (file: string) =>
      file.startsWith("node_modules/") ||
      SERVER_SOURCES.some((source) => file === source || file.startsWith(`${source}/`));
    expect(inputs.filter((file) => !watched(file))).toEqual([]);
  });

  it(`starts on plain node, migrates and seeds ${testDbKind === "postgres" ? "a new PostgreSQL database" : "a new PGlite folder"}, and answers a signed-in me`, async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: path.join(scratch, "data"),
      SEED_DEMO: "true",
    };
    const database = testDbKind === "postgres" ? await createScratchPostgresDatabase(`test_${Date.now()}`) : undefined;
    if (database) env.DATABASE_URL = database.url;
    let output = "";
    const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(outDir, "main.mjs")], {
      cwd: root,
      env: { ...process.env, ...env, DATABASE_URL: env.DATABASE_URL ?? "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      const started = Date.now();
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
        const ready = await fetch(`${baseUrl}/api/config/auth`).then(
          (response) => response.ok,
          () => false,
        );
        if (ready) break;
        if (Date.now() - started > 150_000) throw new Error(`the server did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(output).toContain("Staffing & Position Control is ready");
      const token = await signInWithPassword(baseUrl, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
      const response = await fetch(`${baseUrl}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: "{ me { email accountType } }" }),
      });
      expect(await response.json()).toEqual({
        data: { me: { email: DEMO_ACCOUNTS.user.email, accountType: "user" } },
      });
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(output).toContain("SIGTERM received: closing");
    } finally {
      child.kill("SIGKILL");
      await exited;
      await database?.drop();
    }
  }, 180_000);
});
