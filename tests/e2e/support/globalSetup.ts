import { execFileSync } from "node:child_process";

/** Before any worker starts its server: rebuild the compiled server when a source is newer than it. */
export default function globalSetup(): void {
  execFileSync(process.execPath, ["scripts/buildIfStale.mjs", "--server-only"], { stdio: "inherit" });
}
