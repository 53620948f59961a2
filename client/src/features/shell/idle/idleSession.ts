import { useCallback, useEffect, useRef, useState } from "react";

/** Spec sections 4 and 9: warn after 9 idle minutes, count down 60 seconds, check every second. */
export const IDLE_WARNING_MS = 9 * 60_000;
export const IDLE_COUNTDOWN_SECONDS = 60;
export const IDLE_LOGOUT_MS = IDLE_WARNING_MS + IDLE_COUNTDOWN_SECONDS * 1000;
export const IDLE_CHECK_INTERVAL_MS = 1000;
/** Activity is told to the server at most this often (it allows as much again past the idle limit). */
export const ACTIVITY_REPORT_INTERVAL_MS = 60_000;

/** The events that count as activity (spec section 4: mouse, click and key events). */
export const ACTIVITY_EVENTS = ["mousemove", "mousedown", "click", "keydown", "touchstart"] as const;

/** Where time comes from; injectable so tests can run ten idle minutes in no time. */
export type IdleClock = {
  now: () => number;
  /** Calls `tick` every `ms` and returns the function that stops it. */
  every: (ms: number, tick: () => void) => () => void;
};

export const systemClock: IdleClock = {
  now: () => Date.now(),
  every: (ms, tick) => {
    const id = window.setInterval(tick, ms);
    return () => window.clearInterval(id);
  },
};

export type IdlePhase = { kind: "active" } | { kind: "warning"; secondsLeft: number } | { kind: "expired" };

/**
 * The idle rule as a pure function of idle time: active below 9 minutes, then a countdown from 60,
 * expired at 0 or beyond 10 minutes (a laptop that slept through the countdown).
 */
export function idlePhase(idleMs: number): IdlePhase {
  if (idleMs < IDLE_WARNING_MS) return { kind: "active" };
  const secondsLeft = Math.ceil((IDLE_LOGOUT_MS - idleMs) / 1000);
  return secondsLeft > 0 ? { kind: "warning", secondsLeft } : { kind: "expired" };
}

type Options = {
  /** Watch only while signed in. */
  enabled: boolean;
  /** Called once when the session runs out (countdown at 0, or more than 10 minutes idle). */
  onExpire: () => void;
  /** Called on activity at most once a minute (the server's idle rule hears of it). */
  onActivity?: () => void;
  clock?: IdleClock;
  /** Where activity events are heard; the window by default. */
  target?: Pick<EventTarget, "addEventListener" | "removeEventListener">;
};

export type IdleSession = {
  /** `null` while the person is active; the seconds left while the warning shows. */
  secondsLeft: number | null;
  /** KEEP ME LOGGED IN: counts as activity and closes the warning. */
  keepAlive: () => void;
};

/**
 * Records the last activity on mouse, click and key events and checks it every second. While the
 * warning shows, only an explicit choice counts: moving the mouse does not dismiss it silently.
 */
export function useIdleSession({ enabled, onExpire, onActivity, clock = systemClock, target }: Options): IdleSession {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const lastActivity = useRef(0);
  const warning = useRef(false);
  const expired = useRef(false);
  const onExpireRef = useRef(onExpire);
  const onActivityRef = useRef(onActivity);
  const lastReport = useRef<number | null>(null);
  useEffect(() => {
    onExpireRef.current = onExpire;
    onActivityRef.current = onActivity;
  }, [onExpire, onActivity]);

  /** Activity now: remembered for the idle timer, and reported unless reported within the last minute. */
  const recordActivity = useCallback(() => {
    const now = clock.now();
    lastActivity.current = now;
    if (lastReport.current === null || now - lastReport.current >= ACTIVITY_REPORT_INTERVAL_MS) {
      lastReport.current = now;
      onActivityRef.current?.();
    }
  }, [clock]);

  useEffect(() => {
    if (!enabled) return;
    const source = target ?? window;
    lastActivity.current = clock.now();
    warning.current = false;
    expired.current = false;
    setSecondsLeft(null);

    const handleActivity = () => {
      if (!warning.current) recordActivity();
    };
    for (const type of ACTIVITY_EVENTS) source.addEventListener(type, handleActivity, { passive: true });

    const stop = clock.every(IDLE_CHECK_INTERVAL_MS, () => {
      if (expired.current) return;
      const phase = idlePhase(clock.now() - lastActivity.current);
      if (phase.kind === "expired") {
        expired.current = true;
        warning.current = false;
        setSecondsLeft(null);
        onExpireRef.current();
      } else if (phase.kind === "warning") {
        warning.current = true;
        setSecondsLeft(phase.secondsLeft);
      } else if (warning.current) {
        warning.current = false;
        setSecondsLeft(null);
      }
    });

    return () => {
      stop();
      for (const type of ACTIVITY_EVENTS) source.removeEventListener(type, handleActivity);
    };
  }, [enabled, clock, target, recordActivity]);

  const keepAlive = useCallback(() => {
    recordActivity();
    warning.current = false;
    setSecondsLeft(null);
  }, [recordActivity]);

  return { secondsLeft: enabled ? secondsLeft : null, keepAlive };
}
