import { describe, expect, it } from "vitest";
import { BLOCK_SIZE, blockId, blocksToSend, planBlocks } from "./blockPlan";

// Worked by hand: "blo" = 0x62 0x6c 0x6f → 011000 100110 110001 101111 → "Ymxv"; "ck-" → "Y2st";
// "000" → 001100 000011 000000 110000 → "MDAw"; "001" → "MDAx"; "002" → "MDAy".
const ID0 = "YmxvY2stMDAwMDAw";
const ID1 = "YmxvY2stMDAwMDAx";
const ID2 = "YmxvY2stMDAwMDAy";

describe("block ids", () => {
  it("are base64 of block-NNNNNN, the same length for every index", () => {
    expect(blockId(0)).toBe(ID0);
    expect(blockId(1)).toBe(ID1);
    expect(blockId(2)).toBe(ID2);
    expect(atob(blockId(23))).toBe("block-000023");
    expect(blockId(999_999)).toHaveLength(ID0.length);
  });
});

describe("planBlocks", () => {
  it("cuts 4 MiB blocks and a short last one", () => {
    expect(BLOCK_SIZE).toBe(4_194_304);
    // 10 MiB + 5 bytes = 10,485,765 bytes: 4,194,304 + 4,194,304 + 2,097,157.
    expect(planBlocks(10_485_765)).toEqual([
      { index: 0, id: ID0, start: 0, end: 4_194_304 },
      { index: 1, id: ID1, start: 4_194_304, end: 8_388_608 },
      { index: 2, id: ID2, start: 8_388_608, end: 10_485_765 },
    ]);
  });

  it("gives a small file one block, an exact multiple no empty tail, an empty file none", () => {
    expect(planBlocks(1_000)).toEqual([{ index: 0, id: ID0, start: 0, end: 1_000 }]);
    expect(planBlocks(8_388_608)).toEqual([
      { index: 0, id: ID0, start: 0, end: 4_194_304 },
      { index: 1, id: ID1, start: 4_194_304, end: 8_388_608 },
    ]);
    expect(planBlocks(0)).toEqual([]);
  });

  it("takes another block size", () => {
    expect(planBlocks(10, 4).map((block) => [block.start, block.end])).toEqual([
      [0, 4],
      [4, 8],
      [8, 10],
    ]);
  });
});

describe("blocksToSend", () => {
  const plan = planBlocks(10, 4); // sizes 4, 4, 2

  it("sends everything when storage holds nothing", () => {
    expect(blocksToSend(plan, []).map((block) => block.index)).toEqual([0, 1, 2]);
  });

  it("skips the blocks staged with their exact length", () => {
    expect(
      blocksToSend(plan, [
        { name: ID0, size: 4 },
        { name: ID2, size: 2 },
      ]).map((block) => block.index),
    ).toEqual([1]);
    expect(
      blocksToSend(plan, [
        { name: ID0, size: 4 },
        { name: ID1, size: 4 },
        { name: ID2, size: 2 },
      ]),
    ).toEqual([]);
  });

  it("sends again a block staged with another length, and ignores blocks it does not know", () => {
    expect(
      blocksToSend(plan, [
        { name: ID0, size: 3 },
        { name: ID1, size: 4 },
        { name: btoa("block-000007"), size: 4 },
        { name: "b3RoZXI=", size: 4 },
      ]).map((block) => block.index),
    ).toEqual([0, 2]);
  });
});
