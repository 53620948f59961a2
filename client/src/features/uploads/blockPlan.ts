/**
 * How a file is cut into the blocks of a block blob, and which of them storage already holds.
 * Pure, so that a retry after a dropped connection can recognise the blocks an earlier attempt
 * staged: block ids depend only on the block's index, never on the attempt.
 */

/** 4 MiB: a 100 MB file is 24 blocks; a file up to 4 MiB is one. */
export const BLOCK_SIZE = 4 * 1024 * 1024;

/** Blocks sent at once. */
export const PARALLEL_BLOCKS = 4;

export type Block = {
  index: number;
  /** Base64 of a fixed-width name: every id of a blob must have the same length before encoding. */
  id: string;
  /** Byte range [start, end) of the file. */
  start: number;
  end: number;
};

/** A block storage holds but has not committed (Get Block List, uncommitted). */
export type StagedBlock = { name: string; size: number };

/** `block-000000`, `block-000001`, … in base64 (`YmxvY2stMDAwMDAw`, …). */
export function blockId(index: number): string {
  return btoa(`block-${index.toString().padStart(6, "0")}`);
}

/** The blocks of a file of `size` bytes, in order; none for an empty file. */
export function planBlocks(size: number, blockSize: number = BLOCK_SIZE): Block[] {
  const blocks: Block[] = [];
  for (let index = 0, start = 0; start < size; index++, start += blockSize) {
    blocks.push({ index, id: blockId(index), start, end: Math.min(start + blockSize, size) });
  }
  return blocks;
}

/** The blocks still to send: those storage does not hold with exactly their length. */
export function blocksToSend(plan: readonly Block[], staged: readonly StagedBlock[]): Block[] {
  const held = new Map(staged.map((block) => [block.name, block.size]));
  return plan.filter((block) => held.get(block.id) !== block.end - block.start);
}
