import { createPubSub } from "graphql-yoga";
import type { UploadError, UploadStatus } from "../schema/uploads";
import { reportRedisOutages } from "./redisOutages";

/** What subscribers of one upload hear: its state now, including rows processed while importing. */
export type UploadStatusEvent = {
  uploadId: string;
  status: UploadStatus;
  rowsProcessed: number;
  /** While the checked rows of an import in slices are saved: how much of them is saved, 0-100; else null. */
  savedPercent: number | null;
  errors: UploadError[];
};

type AppEventChannels = {
  uploadStatus: [uploadId: string, event: UploadStatusEvent];
  /** Users, permissions or facilities may have changed: every instance forgets the viewers it remembers. */
  viewersChanged: [];
};

export type AppEvents = ReturnType<typeof createPubSub<AppEventChannels>>;
type AppEventTarget = NonNullable<NonNullable<Parameters<typeof createPubSub<AppEventChannels>>[0]>["eventTarget"]>;

/**
 * Live events between the worker that changes something and the sockets that watch it. In one
 * process by default; across instances through Redis pub/sub when REDIS_URL is set, so a
 * subscriber on one instance hears a job finished by another.
 */
export async function createAppEvents(
  redisUrl: string | undefined,
): Promise<{ events: AppEvents; close(): Promise<void> }> {
  if (!redisUrl) return { events: createPubSub<AppEventChannels>(), close: async () => {} };
  const { eventTarget, close } = await redisEventTarget(redisUrl);
  return { events: createPubSub<AppEventChannels>({ eventTarget }), close };
}

/**
 * Yoga's pub/sub over Redis. Written here rather than taken from @graphql-yoga/redis-event-target,
 * which leaves its publish and subscribe promises unhandled: during a Redis outage ioredis rejects
 * them, and an unhandled rejection ends the Node process. Here an outage is logged once and costs
 * only the live events published meanwhile (the browser's poll carries on beside the socket);
 * subscriptions are queued and renewed when Redis is back.
 */
async function redisEventTarget(redisUrl: string): Promise<{ eventTarget: AppEventTarget; close(): Promise<void> }> {
  // Loaded only with REDIS_URL: one instance alone has no Redis to speak to (~30 ms of start-up).
  const { Redis } = await import("ioredis");
  // Published while disconnected: fail at once (the event is lost, not queued without bound).
  const publisher = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  // Subscriptions wait for the connection however long it takes, and ioredis renews them after it.
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const reportOutage = reportRedisOutages([publisher, subscriber], {
    down: "Redis is unreachable: live updates stay on this instance until it is back.",
    back: "Live updates go through Redis again",
  });
  type Listener = (event: CustomEvent) => void;
  const listeners = new Map<string, Set<Listener>>();
  subscriber.on("message", (channel: string, message: string) => {
    const detail: unknown = message === "" ? null : JSON.parse(message);
    for (const listener of listeners.get(channel) ?? []) listener(new CustomEvent(channel, { detail }));
  });
  // Yoga's pub/sub adds and removes the same function it was given: that function is the key.
  const listenerOf = (callback: unknown) => callback as Listener;
  const eventTarget: AppEventTarget = {
    addEventListener(topic, callback) {
      if (!callback) return;
      let topicListeners = listeners.get(topic);
      if (!topicListeners) {
        topicListeners = new Set();
        listeners.set(topic, topicListeners);
        subscriber.subscribe(topic).catch(reportOutage);
      }
      topicListeners.add(listenerOf(callback));
    },
    removeEventListener(topic, callback) {
      const topicListeners = listeners.get(topic);
      if (!callback || !topicListeners) return;
      topicListeners.delete(listenerOf(callback));
      if (topicListeners.size > 0) return;
      listeners.delete(topic);
      subscriber.unsubscribe(topic).catch(reportOutage);
    },
    dispatchEvent(event) {
      const message = event.detail === undefined ? "" : JSON.stringify(event.detail);
      publisher.publish(event.type, message).catch(reportOutage);
      return true;
    },
  };
  return {
    eventTarget,
    async close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
