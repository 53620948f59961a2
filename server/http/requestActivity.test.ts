import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { requestActivity } from "./requestActivity";

const response = () => new EventEmitter() as unknown as ServerResponse;
const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe("requestActivity: background work gives way to requests", () => {
  it("is quiet at once when nothing is being answered", async () => {
    expect(await settled(requestActivity().quiet(60_000))).toBe(true);
  });

  it("waits until the last request being answered is finished", async () => {
    const activity = requestActivity();
    const [first, second] = [response(), response()];
    activity.track(first);
    activity.track(second);
    const quiet = activity.quiet(60_000);
    first.emit("close");
    expect(await settled(quiet)).toBe(false);
    second.emit("close");
    expect(await settled(quiet)).toBe(true);
  });

  it("waits no longer than asked under steady traffic", async () => {
    const activity = requestActivity();
    activity.track(response());
    const began = performance.now();
    await activity.quiet(30);
    expect(performance.now() - began).toBeGreaterThanOrEqual(25);
  });
});
