// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { act, cleanup, render, renderHook, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { system } from "../../../ui/theme";
import { IdleSessionDialog } from "./IdleSessionDialog";
import { type IdleClock, idlePhase, useIdleSession } from "./idleSession";

afterEach(cleanup);

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** A clock the test moves by hand: `advance` runs the every-second check as often as a real clock would. */
function manualClock() {
  let now = 1_700_000_000_000;
  let tick: (() => void) | null = null;
  let intervalMs = 0;
  let sinceTick = 0;
  const clock: IdleClock = {
    now: () => now,
    every: (ms, fn) => {
      tick = fn;
      intervalMs = ms;
      sinceTick = 0;
      return () => {
        tick = null;
      };
    },
  };
  return {
    clock,
    get running() {
      return tick !== null;
    },
    get intervalMs() {
      return intervalMs;
    },
    /** Time passes with the page awake: the check runs every interval. */
    advance(ms: number) {
      act(() => {
        for (let left = ms; left > 0; ) {
          const step = Math.min(left, intervalMs - sinceTick);
          now += step;
          sinceTick += step;
          left -= step;
          if (sinceTick >= intervalMs) {
            sinceTick = 0;
            tick?.();
          }
        }
      });
    },
    /** Time passes with the laptop asleep: no checks, then one on waking. */
    sleep(ms: number) {
      act(() => {
        now += ms;
        sinceTick = 0;
        tick?.();
      });
    },
  };
}

function setUp(enabled = true) {
  const time = manualClock();
  const target = new EventTarget();
  const onExpire = vi.fn();
  const onActivity = vi.fn();
  const hook = renderHook(
    (props: { enabled: boolean }) =>
      useIdleSession({ enabled: props.enabled, onExpire, onActivity, clock: time.clock, target }),
    { initialProps: { enabled } },
  );
  const activity = (type = "mousemove") => act(() => void target.dispatchEvent(new Event(type)));
  return { time, target, onExpire, onActivity, hook, activity };
}

describe("idlePhase", () => {
  it("is active below 9 minutes, counts down from 60 and expires at 10 minutes", () => {
    expect(idlePhase(0)).toEqual({ kind: "active" });
    expect(idlePhase(9 * MINUTE - 1)).toEqual({ kind: "active" });
    expect(idlePhase(9 * MINUTE)).toEqual({ kind: "warning", secondsLeft: 60 });
    expect(idlePhase(9 * MINUTE + 1)).toEqual({ kind: "warning", secondsLeft: 60 });
    expect(idlePhase(9 * MINUTE + 30 * SECOND)).toEqual({ kind: "warning", secondsLeft: 30 });
    expect(idlePhase(10 * MINUTE - 1)).toEqual({ kind: "warning", secondsLeft: 1 });
    expect(idlePhase(10 * MINUTE)).toEqual({ kind: "expired" });
    expect(idlePhase(11 * MINUTE)).toEqual({ kind: "expired" });
  });
});

describe("useIdleSession with an injected clock", () => {
  it("checks every second", () => {
    const { time } = setUp();
    expect(time.running).toBe(true);
    expect(time.intervalMs).toBe(SECOND);
  });

  it("warns at 9 idle minutes and counts down each second", () => {
    const { time, hook, onExpire } = setUp();
    time.advance(9 * MINUTE - SECOND);
    expect(hook.result.current.secondsLeft).toBeNull();
    time.advance(SECOND);
    expect(hook.result.current.secondsLeft).toBe(60);
    time.advance(SECOND);
    expect(hook.result.current.secondsLeft).toBe(59);
    time.advance(29 * SECOND);
    expect(hook.result.current.secondsLeft).toBe(30);
    expect(onExpire).not.toHaveBeenCalled();
  });

  it("logs out once when the countdown reaches 0", () => {
    const { time, hook, onExpire } = setUp();
    time.advance(10 * MINUTE - SECOND);
    expect(hook.result.current.secondsLeft).toBe(1);
    time.advance(SECOND);
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(hook.result.current.secondsLeft).toBeNull();
    time.advance(5 * MINUTE);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it("logs out at once after more than 10 idle minutes without checks (a laptop that slept)", () => {
    const { time, hook, onExpire } = setUp();
    time.advance(30 * SECOND);
    time.sleep(11 * MINUTE);
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(hook.result.current.secondsLeft).toBeNull();
  });

  it("tells the server of activity at most once a minute, and never of idle time", () => {
    const { time, onActivity, activity, hook } = setUp();
    expect(onActivity).not.toHaveBeenCalled();
    activity();
    expect(onActivity).toHaveBeenCalledTimes(1);
    // Busy for the next 59 s: nothing more is sent.
    for (let second = 1; second < 60; second++) {
      time.advance(SECOND);
      activity("keydown");
    }
    expect(onActivity).toHaveBeenCalledTimes(1);
    time.advance(SECOND);
    activity("click");
    expect(onActivity).toHaveBeenCalledTimes(2);
    // Idle into the warning: the mouse no longer counts, so nothing is sent; KEEP ME LOGGED IN is activity.
    time.advance(9 * MINUTE);
    activity();
    expect(onActivity).toHaveBeenCalledTimes(2);
    act(() => hook.result.current.keepAlive());
    expect(onActivity).toHaveBeenCalledTimes(3);
  });

  it("mouse, click and key events reset the idle time before the warning", () => {
    const { time, hook, activity } = setUp();
    for (const type of ["mousemove", "mousedown", "click", "keydown"]) {
      time.advance(8 * MINUTE);
      activity(type);
    }
    time.advance(8 * MINUTE + 59 * SECOND);
    expect(hook.result.current.secondsLeft).toBeNull();
    time.advance(SECOND);
    expect(hook.result.current.secondsLeft).toBe(60);
  });

  it("ignores stray activity while the warning shows; KEEP ME LOGGED IN resets it", () => {
    const { time, hook, activity, onExpire } = setUp();
    time.advance(9 * MINUTE + 10 * SECOND);
    expect(hook.result.current.secondsLeft).toBe(50);
    activity("mousemove");
    time.advance(SECOND);
    expect(hook.result.current.secondsLeft).toBe(49);

    act(() => hook.result.current.keepAlive());
    expect(hook.result.current.secondsLeft).toBeNull();
    time.advance(9 * MINUTE - SECOND);
    expect(hook.result.current.secondsLeft).toBeNull();
    time.advance(SECOND);
    expect(hook.result.current.secondsLeft).toBe(60);
    expect(onExpire).not.toHaveBeenCalled();
  });

  it("does nothing while disabled (signed out) and starts afresh when enabled", () => {
    const { time, hook, onExpire } = setUp(false);
    expect(time.running).toBe(false);
    hook.rerender({ enabled: true });
    expect(time.running).toBe(true);
    time.advance(9 * MINUTE);
    expect(hook.result.current.secondsLeft).toBe(60);
    hook.rerender({ enabled: false });
    expect(time.running).toBe(false);
    expect(hook.result.current.secondsLeft).toBeNull();
    expect(onExpire).not.toHaveBeenCalled();
  });
});

describe("IdleSessionDialog", () => {
  it("shows the countdown and the two choices", async () => {
    const user = userEvent.setup();
    const onKeepAlive = vi.fn();
    const onLogOut = vi.fn();
    render(
      <ChakraProvider value={system}>
        <IdleSessionDialog secondsLeft={42} onKeepAlive={onKeepAlive} onLogOut={onLogOut} />
      </ChakraProvider>,
    );
    expect(await screen.findByRole("alertdialog")).toBeTruthy();
    expect(screen.getByTestId("idle-countdown").textContent).toBe("42");
    await user.click(screen.getByRole("button", { name: "KEEP ME LOGGED IN" }));
    expect(onKeepAlive).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "LOG ME OUT" }));
    expect(onLogOut).toHaveBeenCalledTimes(1);
  });

  it("is closed while the person is active", () => {
    render(
      <ChakraProvider value={system}>
        <IdleSessionDialog secondsLeft={null} onKeepAlive={() => undefined} onLogOut={() => undefined} />
      </ChakraProvider>,
    );
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});
