import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./ports";

/**
 * The compose stack's load balancer as it is written (deploy/Caddyfile), run by Debian's caddy
 * (`.ci/run` installs it) in front of the given instances instead of app1:4000 and app2:4000, at
 * PUBLIC_URL http://127.0.0.1:PORT, with no admin endpoint (PROXY_OPTIONS; its fixed port would
 * clash between test files).
 */
export async function startComposeProxy(upstreams: string[]): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const port = await freePort();
  const work = mkdtempSync(path.join(tmpdir(), "caddy-"));
  const written = readFileSync(path.join(process.cwd(), "deploy", "Caddyfile"), "utf8");
  if (!written.includes("{$PUBLIC_URL") || !written.includes("app1:4000 app2:4000")) {
    throw new Error(
      "deploy/Caddyfile no longer serves {$PUBLIC_URL} from app1:4000 app2:4000: update startComposeProxy",
    );
  }
  const config = written.replace("app1:4000 app2:4000", upstreams.join(" "));
  const baseUrl = `http://127.0.0.1:${port}`;
  const configFile = path.join(work, "Caddyfile");
  writeFileSync(configFile, config);
  const output: string[] = [];
  const child: ChildProcess = spawn("caddy", ["run", "--config", configFile, "--adapter", "caddyfile"], {
    env: {
      ...process.env,
      PUBLIC_URL: baseUrl,
      PROXY_OPTIONS: "admin off",
      XDG_DATA_HOME: work,
      XDG_CONFIG_HOME: work,
      HOME: work,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`caddy ended:\n${output.join("")}`);
    const answered = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) throw new Error(`caddy did not answer on ${baseUrl}:\n${output.join("")}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      rmSync(work, { recursive: true, force: true });
    },
  };
}
