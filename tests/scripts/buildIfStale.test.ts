// Issue #16: `npm start` builds the client only when there is no build or a source is newer than it.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decideBuild, SERVER_BUILT_MARKER, SERVER_SOURCES, sourceTimes } from "../../scripts/buildIfStale.mjs";
import { SERVER_MAIN } from "../../scripts/buildServer.mjs";

describe("decideBuild", () => {
  it("builds when there is no build", () => {
    expect(decideBuild(undefined, [])).toEqual({ build: true, reason: "no built client" });
    expect(decideBuild(undefined, [{ file: "client/src/main.tsx", mtimeMs: 1_000 }]).build).toBe(true);
  });

  it("reuses a build newer than every source", () => {
    expect(
      decideBuild(5_000, [
        { file: "client/src/main.tsx", mtimeMs: 1_000 },
        { file: "vite.config.ts", mtimeMs: 4_999 },
        { file: "package-lock.json", mtimeMs: 2_000 },
      ]),
    ).toEqual({ build: false, reason: "the built client is newer than its sources" });
    expect(decideBuild(5_000, []).build).toBe(false);
  });

  it("reuses a build exactly as old as its newest source (written in the same instant)", () => {
    expect(decideBuild(5_000, [{ file: "client/index.html", mtimeMs: 5_000 }]).build).toBe(false);
  });

  it("rebuilds when any source is newer, and names the newest", () => {
    expect(
      decideBuild(5_000, [
        { file: "client/src/main.tsx", mtimeMs: 1_000 },
        { file: "schema/rules.ts", mtimeMs: 5_001 },
        { file: "package-lock.json", mtimeMs: 9_000 },
      ]),
    ).toEqual({ build: true, reason: "package-lock.json is newer than the build" });
  });
});

describe("decideBuild for the server bundle", () => {
  it("names the server in its reasons", () => {
    expect(decideBuild(undefined, [], "server")).toEqual({ build: true, reason: "no built server" });
    expect(decideBuild(5_000, [{ file: "server/app.ts", mtimeMs: 4_000 }], "server")).toEqual({
      build: false,
      reason: "the built server is newer than its sources",
    });
    expect(decideBuild(5_000, [{ file: "db/migrations/0009_x.sql", mtimeMs: 6_000 }], "server")).toEqual({
      build: true,
      reason: "db/migrations/0009_x.sql is newer than the build",
    });
  });

  it("watches everything the bundle is made of, and the bundle is what the build writes last", () => {
    // The bundle's own inputs are server/, schema/ and db/ (tests/scripts/buildServer.test.ts builds it).
    expect(SERVER_SOURCES).toEqual(
      expect.arrayContaining([
        "server",
        "schema",
        "db",
        "client/src/gql/persisted-documents.json",
        "scripts/buildServer.mjs",
        "package-lock.json",
        "tsconfig.json",
      ]),
    );
    expect(SERVER_BUILT_MARKER).toBe(SERVER_MAIN);
  });
});

describe("sourceTimes", () => {
  it("lists every file under the given folders and files, skipping missing ones and node_modules", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "build-if-stale-"));
    try {
      mkdirSync(path.join(root, "client", "src", "deep"), { recursive: true });
      mkdirSync(path.join(root, "client", "node_modules", "x"), { recursive: true });
      writeFileSync(path.join(root, "client", "index.html"), "<html></html>");
      writeFileSync(path.join(root, "client", "src", "deep", "a.tsx"), "export {}");
      writeFileSync(path.join(root, "client", "node_modules", "x", "b.js"), "");
      writeFileSync(path.join(root, "vite.config.ts"), "");
      utimesSync(path.join(root, "vite.config.ts"), 1_700_000_000, 1_700_000_000);
      const times = sourceTimes(root, ["client", "vite.config.ts", "missing.json"]);
      expect(times.map((entry) => entry.file).sort()).toEqual([
        "client/index.html",
        "client/src/deep/a.tsx",
        "vite.config.ts",
      ]);
      expect(times.find((entry) => entry.file === "vite.config.ts")?.mtimeMs).toBe(1_700_000_000_000);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
