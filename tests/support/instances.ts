import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";

/** A server process (server/main.ts, as production runs it) started by a test. */
export type Instance = {
  baseUrl: string;
  /** What it printed (stdout and stderr), line by line. */
  output: string[];
  /** False once the process has ended. */
  running(): boolean;
  stop(): Promise<void>;
};

/** Starts `node server/main.ts` on `port` with `env` and answers once it says it is ready. */
export async function startInstance(port: number, env: Record<string, string>): Promise<Instance> {
  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      output.push(`[the process ended: code ${code}, signal ${signal}]`);
      resolve();
    }),
  );
  if (child.stderr) createInterface({ input: child.stderr }).on("line", (line) => output.push(line));
  const ready = new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
      output.push(line);
      if (line.includes("is ready in")) resolve();
    });
    void exited.then(() => reject(new Error(`The instance on port ${port} ended:\n${output.join("\n")}`)));
  });
  await ready;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    output,
    running: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      child.kill("SIGTERM");
      const killLater = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killLater);
    },
  };
}
