import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../../scripts/buildServer.mjs";

const root = path.resolve(import.meta.dirname, "../..");

/** Counts the major collections a process sees in the second after it calls collectOldGarbage. */
const probe = `
import { constants, PerformanceObserver } from "node:perf_hooks";
import { collectOldGarbage } from "./server/uploads/collectGarbage.ts";
let major = 0;
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) major++;
});
observer.observe({ entryTypes: ["gc"] });
setTimeout(() => {
  collectOldGarbage();
  setTimeout(() => { observer.disconnect(); console.log(JSON.stringify({ major })); }, 1000);
}, 200);
`;

function majorCollections(nodeFlags: string[]): number {
  const output = execFileSync(process.execPath, [...nodeFlags, "--import", "tsx", "--input-type=module", "-e", probe], {
    cwd: root,
    encoding: "utf8",
  });
  return (JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as { major: number }).major;
}

describe("collectOldGarbage", () => {
  it("runs a major collection in a process started as production starts the server", () => {
    expect(majorCollections(SERVER_NODE_FLAGS)).toBeGreaterThanOrEqual(1);
  });

  it("does nothing, and does not fail, where gc is not exposed (tests, tsx)", () => {
    expect(() => majorCollections([])).not.toThrow();
  });
});
