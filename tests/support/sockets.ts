import { createClient } from "graphql-ws";
import WebSocket from "ws";

/**
 * A graphql-ws client of the server at `baseUrl` that connects at once and never retries;
 * `closed` is the close code and reason the server gave. `headers` go with the upgrade request
 * (a browser's names its page's `origin`).
 */
export function connectSocket(
  baseUrl: string,
  connectionParams: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  let resolveClosed: (close: { code: number; reason: string }) => void = () => {};
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    resolveClosed = resolve;
  });
  const client = createClient({
    url: `${baseUrl.replace("http", "ws")}/graphql`,
    webSocketImpl: class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers });
      }
    },
    connectionParams,
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => {},
    on: {
      closed: (event) => {
        const { code, reason } = event as { code: number; reason: string };
        resolveClosed({ code, reason: String(reason) });
      },
    },
  });
  return { client, closed };
}
