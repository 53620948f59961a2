import { beforeEach, describe, expect, it, vi } from "vitest";
import { blockId } from "./blockPlan";
import { putToStorage } from "./putToStorage";

/**
 * putToStorage against a stand-in for the SDK's BlockBlobClient (the real one against Azurite runs
 * in tests/e2e/uploadResume.spec.ts): which blocks it stages, how many at once, what it commits,
 * the progress it reports, and how a failure or the caller's abort ends it.
 */

type StageCall = { id: string; size: number; signal: AbortSignal; settle: (error?: Error) => void };

const sdk = vi.hoisted(() => ({
  constructed: [] as { url: string; options: unknown }[],
  stages: [] as StageCall[],
  commits: [] as { ids: string[]; options: { blobHTTPHeaders?: { blobContentType?: string } } }[],
  inFlight: 0,
  maxInFlight: 0,
  /** Settles each staging as it starts (true) or leaves it to the test (false). */
  autoSettle: true,
  failId: undefined as string | undefined,
}));

vi.mock("@azure/storage-blob", () => ({
  AnonymousCredential: class {},
  StorageRetryPolicyType: { EXPONENTIAL: 0, FIXED: 1 },
  BlockBlobClient: class {
    constructor(url: string, _credential: unknown, options: unknown) {
      sdk.constructed.push({ url, options });
    }
    stageBlock(id: string, _body: Blob, size: number, options: { abortSignal: AbortSignal }) {
      sdk.inFlight += 1;
      sdk.maxInFlight = Math.max(sdk.maxInFlight, sdk.inFlight);
      return new Promise<void>((resolve, reject) => {
        const settle = (error?: Error) => {
          sdk.inFlight -= 1;
          if (error) reject(error);
          else resolve();
        };
        options.abortSignal.addEventListener("abort", () => settle(new Error("aborted")));
        sdk.stages.push({ id, size, signal: options.abortSignal, settle });
        if (id === sdk.failId) setTimeout(() => settle(new Error("REQUEST_SEND_ERROR")), 1);
        else if (sdk.autoSettle) setTimeout(() => settle(), 1);
      });
    }
    async commitBlockList(ids: string[], options: { blobHTTPHeaders?: { blobContentType?: string } }) {
      sdk.commits.push({ ids, options });
    }
  },
}));

const MiB = 1024 * 1024;
/** 22 MiB: blocks of 4, 4, 4, 4, 4 and 2 MiB. */
const file = new File([new Uint8Array(22 * MiB)], "staff.xlsx", {
  type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
});
const ALL_IDS = [0, 1, 2, 3, 4, 5].map(blockId);

beforeEach(() => {
  sdk.constructed = [];
  sdk.stages = [];
  sdk.commits = [];
  sdk.inFlight = 0;
  sdk.maxInFlight = 0;
  sdk.autoSettle = true;
  sdk.failId = undefined;
});

describe("putToStorage", () => {
  it("stages the blocks storage lacks, four at a time, and commits them all in order", async () => {
    const progress: number[] = [];
    await putToStorage({
      sasUrl: "http://127.0.0.1:10000/devstoreaccount1/uploads/f/u.xlsx?sv=1&sp=cw&sig=x",
      file,
      staged: [
        { name: blockId(1), size: 4 * MiB },
        // Held with another length: sent again.
        { name: blockId(5), size: 1 * MiB },
      ],
      onProgress: (sent, total) => {
        expect(total).toBe(22 * MiB);
        progress.push(sent / MiB);
      },
    });
    expect(sdk.constructed).toEqual([
      {
        url: "http://127.0.0.1:10000/devstoreaccount1/uploads/f/u.xlsx?sv=1&sp=cw&sig=x",
        options: { retryOptions: { retryPolicyType: 0, maxTries: 4, retryDelayInMs: 500, maxRetryDelayInMs: 4000 } },
      },
    ]);
    expect(sdk.stages.map((stage) => [atob(stage.id), stage.size / MiB])).toEqual([
      ["block-000000", 4],
      ["block-000002", 4],
      ["block-000003", 4],
      ["block-000004", 4],
      ["block-000005", 2],
    ]);
    expect(sdk.maxInFlight).toBe(4);
    // Block 1 was there from the start; then each block as storage accepts it.
    expect(progress[0]).toBe(4);
    expect(progress.at(-1)).toBe(22);
    expect(progress).toHaveLength(6);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(sdk.commits).toEqual([
      {
        ids: ALL_IDS,
        options: expect.objectContaining({
          blobHTTPHeaders: { blobContentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
        }),
      },
    ]);
  });

  it("only commits when every block is already staged", async () => {
    const progress: number[] = [];
    await putToStorage({
      sasUrl: "http://storage/u?sig=x",
      file,
      staged: ALL_IDS.map((name, index) => ({ name, size: index === 5 ? 2 * MiB : 4 * MiB })),
      onProgress: (sent) => progress.push(sent / MiB),
    });
    expect(sdk.stages).toEqual([]);
    expect(progress).toEqual([22]);
    expect(sdk.commits.map((commit) => commit.ids)).toEqual([ALL_IDS]);
  });

  it("a block out of tries ends the attempt: the others are aborted, nothing is committed", async () => {
    sdk.autoSettle = false;
    sdk.failId = blockId(2);
    await expect(putToStorage({ sasUrl: "http://storage/u?sig=x", file, onProgress: () => {} })).rejects.toThrow(
      "REQUEST_SEND_ERROR",
    );
    expect(sdk.stages.map((stage) => atob(stage.id))).toEqual([
      "block-000000",
      "block-000001",
      "block-000002",
      "block-000003",
    ]);
    expect(sdk.stages.every((stage) => stage.signal.aborted)).toBe(true);
    expect(sdk.commits).toEqual([]);
  });

  it("the caller's abort (the file removed, the page left) stops the blocks in flight", async () => {
    sdk.autoSettle = false;
    const abort = new AbortController();
    const sending = putToStorage({
      sasUrl: "http://storage/u?sig=x",
      file,
      onProgress: () => {},
      signal: abort.signal,
    });
    await vi.waitFor(() => expect(sdk.stages).toHaveLength(4));
    abort.abort();
    await expect(sending).rejects.toThrow("aborted");
    expect(sdk.stages.every((stage) => stage.signal.aborted)).toBe(true);
    expect(sdk.stages).toHaveLength(4);
    expect(sdk.commits).toEqual([]);
  });
});
