import { type Block, blocksToSend, PARALLEL_BLOCKS, planBlocks, type StagedBlock } from "./blockPlan";

/**
 * Each block request is tried this many times by the SDK's retry policy (exponential backoff from
 * 0.5 s, at most 4 s between tries: about 3.5 s of waiting in all) when the network fails or storage
 * answers 500/503. Past that the upload fails; the user's retry sends only the missing blocks.
 */
const RETRY_OPTIONS = { maxTries: 4, retryDelayInMs: 500, maxRetryDelayInMs: 4_000 } as const;

export type StorageSend = {
  /** The upload slot's SAS URL: `{uploadUrl}?{uploadSasKey}`. */
  sasUrl: string;
  file: File;
  /** Blocks an earlier attempt staged (the upload's `stagedBlocks`): not sent again. */
  staged?: readonly StagedBlock[];
  /** Bytes in storage so far (staged blocks, whole), of the file's size. */
  onProgress: (sent: number, total: number) => void;
  signal?: AbortSignal;
};

/**
 * Sends a file to blob storage (Azure or Azurite) at a SAS URL as a block blob: 4 MiB blocks with
 * ids fixed by their index, four at a time, each retried with backoff, then one commit of the block
 * list. The SDK is loaded only when a file is sent, so the main bundle does not carry it.
 */
export async function putToStorage({ sasUrl, file, staged = [], onProgress, signal }: StorageSend): Promise<void> {
  const { AnonymousCredential, BlockBlobClient, StorageRetryPolicyType } = await import("@azure/storage-blob");
  const blob = new BlockBlobClient(sasUrl, new AnonymousCredential(), {
    retryOptions: { retryPolicyType: StorageRetryPolicyType.EXPONENTIAL, ...RETRY_OPTIONS },
  });
  const plan = planBlocks(file.size);
  const missing = blocksToSend(plan, staged);
  let sent = file.size - missing.reduce((sum, block) => sum + block.end - block.start, 0);
  onProgress(sent, file.size);

  // One failed block ends the others: the attempt has failed, and a retry resumes from storage.
  const stop = new AbortController();
  const abort = () => stop.abort();
  signal?.addEventListener("abort", abort);
  try {
    const queue = [...missing];
    const sendNext = async (): Promise<void> => {
      for (let block = queue.shift(); block; block = queue.shift()) {
        await stage(block);
        sent += block.end - block.start;
        onProgress(sent, file.size);
      }
    };
    const stage = (block: Block) =>
      blob.stageBlock(block.id, file.slice(block.start, block.end), block.end - block.start, {
        abortSignal: stop.signal,
      });
    const workers = Array.from({ length: Math.min(PARALLEL_BLOCKS, missing.length) }, () =>
      sendNext().catch((error: unknown) => {
        stop.abort();
        throw error;
      }),
    );
    await Promise.all(workers);
    await blob.commitBlockList(
      plan.map((block) => block.id),
      { blobHTTPHeaders: { blobContentType: file.type || "application/octet-stream" }, abortSignal: stop.signal },
    );
  } finally {
    signal?.removeEventListener("abort", abort);
  }
}
