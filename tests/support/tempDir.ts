import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

/** A folder of the test file's (or describe block's) own, made at once and removed after its tests. */
export function useTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
