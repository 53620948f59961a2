import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { type Agent, request } from "node:http";
import { freePort } from "../support/ports";

/**
 * Starts a node process that serves on a port of its own (or `port`); resolves once `readyPath`
 * answers. PUBLIC_URL is its own address unless `publicUrl` names the one in front of several.
 */
export async function startProcess(
  nodeArgs: string[],
  env: Record<string, string>,
  readyPath: string,
  options: { port?: number; publicUrl?: string } = {},
): Promise<{ baseUrl: string; pid: number; stop(): Promise<void> }> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, nodeArgs, {
    env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: options.publicUrl ?? baseUrl },
    // The server's errors show with the benchmark's output (an error in a run needs its cause).
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  const started = performance.now();
  for (;;) {
    const ready = await fetch(`${baseUrl}${readyPath}`).then(
      (response) => response.status < 500,
      () => false,
    );
    if (ready) return { baseUrl, pid: child.pid as number, stop };
    if (child.exitCode !== null || performance.now() - started > 180_000) {
      await stop();
      throw new Error(`${nodeArgs.join(" ")} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A process's memory now (VmRSS) and its high-water mark since it started (VmHWM), in MB. */
export function memoryMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return { peak: procMb(status, "VmHWM"), rss: procMb(status, "VmRSS") };
}

/** A `Key:   123 kB` line of a /proc file, in MB. */
const procMb = (text: string, key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0) / 1024;

/**
 * The memory only `pid` holds (smaps' Private_Clean + Private_Dirty, in MB): without the pages it
 * shares with other processes (Node's own code and libraries, which a server's database process
 * maps as the server does), which its RSS counts again.
 */
export function privateMb(pid: number) {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  return procMb(rollup, "Private_Clean") + procMb(rollup, "Private_Dirty");
}

/** The processes `pid` has started (a PGlite server's database process), from /proc. */
export function childPids(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  return children ? children.split(/\s+/).map(Number) : [];
}

/** CPU time (user + system) a process has used, in ms: unlike wall time, it hardly depends on what else the machine runs. */
export function cpuMs(pid: number) {
  // Fields after the command's closing parenthesis: state is field 3, utime 14 and stime 15 (in clock ticks of 10 ms).
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** What `npm start` does first: build the client and the server unless fresh builds are there. */
export function buildIfStale(): void {
  const build = spawnSync(process.execPath, ["scripts/buildIfStale.mjs"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** POSTs a JSON body over `agent` (keep-alive); the status and the whole answer as text. */
export function postJson(
  url: string,
  agent: Agent,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...headers },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
