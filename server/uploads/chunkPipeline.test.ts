import { describe, expect, it } from "vitest";
import { ChunkPipeline } from "./writers";

describe("ChunkPipeline", () => {
  it("writes full chunks while rows keep coming, then the rest on drain, in order", async () => {
    const written: number[][] = [];
    const pipeline = new ChunkPipeline<number>(async (rows) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      written.push(rows);
    }, 2);
    for (const n of [1, 2, 3, 4, 5]) await pipeline.push(n);
    await pipeline.drain();
    expect(written).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("throws a failed write from the next push, never as an unhandled rejection", async () => {
    const pipeline = new ChunkPipeline<number>(async (rows) => {
      if (rows.includes(1)) throw new Error("duplicate key");
    }, 2);
    await pipeline.push(1);
    await pipeline.push(2);
    await pipeline.push(3);
    await expect(pipeline.push(4)).rejects.toThrow("duplicate key");
  });

  it("throws a failed write from drain", async () => {
    const pipeline = new ChunkPipeline<number>(async () => {
      throw new Error("connection lost");
    }, 1);
    await pipeline.push(1);
    await expect(pipeline.drain()).rejects.toThrow("connection lost");
  });

  it("abandon waits for the write in flight and writes nothing more", async () => {
    const events: string[] = [];
    const pipeline = new ChunkPipeline<number>(async (rows) => {
      events.push(`start ${rows}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      events.push(`end ${rows}`);
    }, 2);
    for (const n of [1, 2, 3]) await pipeline.push(n);
    await pipeline.abandon();
    events.push("abandoned");
    await pipeline.drain();
    expect(events).toEqual(["start 1,2", "end 1,2", "abandoned"]);
  });

  it("doubles its chunks from the first size up to the full size", async () => {
    const sizes: number[] = [];
    const pipeline = new ChunkPipeline<number>(
      async (rows) => {
        sizes.push(rows.length);
      },
      8,
      2,
    );
    for (let n = 0; n < 40; n++) await pipeline.push(n);
    await pipeline.drain();
    // 2 + 4 + 8 + 8 + 8 = 30 rows in full chunks, the last 10 as 8 + 2.
    expect(sizes).toEqual([2, 4, 8, 8, 8, 8, 2]);
  });
});
