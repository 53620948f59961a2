import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * One PGlite at a time in a data folder: PGlite locks nothing itself, and two instances writing one
 * folder corrupt it. The holder's process id is kept in `pglite.pid` beside the database. A process
 * that finds the folder held by a live process waits for it (a restarting development server's old
 * database process is still closing for a moment), then gives up naming the holder; a file left by
 * a process that is gone (killed) is taken over. A folder that does not exist yet is made.
 */
export async function lockFolder(dataDir: string, waitMs: number): Promise<() => void> {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "pglite.pid");
  const deadline = performance.now() + waitMs;
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => {
        if (readFileSync(file, "utf8") === String(process.pid)) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = Number(readFileSync(file, "utf8"));
    if (!isAlive(holder)) {
      rmSync(file, { force: true });
      continue;
    }
    if (performance.now() > deadline) {
      throw new Error(`The data folder ${dataDir} is in use by process ${holder} (another server on the same folder?)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
