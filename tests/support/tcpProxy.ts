import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * A loopback TCP proxy to a local service that a test can cut (every connection dropped, new ones
 * refused, as when the service goes down) and restore on the same port, without touching the
 * service itself, which other tests share.
 */
export async function startTcpProxy(targetPort: number, targetHost = "127.0.0.1") {
  const open = new Set<{ client: Socket; upstream: Socket; answered: boolean }>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const listening = createServer((client) => {
        const upstream = connect(targetPort, targetHost);
        const pair = { client, upstream, answered: false };
        open.add(pair);
        upstream.once("data", () => {
          pair.answered = true;
        });
        const drop = () => {
          open.delete(pair);
          client.destroy();
          upstream.destroy();
        };
        for (const socket of [client, upstream]) {
          socket.on("error", drop);
          socket.on("close", drop);
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      listening.once("error", reject);
      listening.listen(port, "127.0.0.1", () => {
        port = (listening.address() as { port: number }).port;
        server = listening;
        resolve();
      });
    });
  await listen();
  const cut = async () => {
    const closing = server;
    server = undefined;
    for (const pair of open) {
      pair.client.destroy();
      pair.upstream.destroy();
    }
    open.clear();
    if (closing) await new Promise((resolve) => closing.close(resolve));
  };
  return {
    port,
    cut,
    /** Listens again on the same port (nothing when it still listens). */
    restore: () => (server ? Promise.resolve() : listen()),
    /** Open connections that the service has answered on (a client that got past its handshake). */
    answeredConnections: () => [...open].filter((pair) => pair.answered).length,
    close: cut,
  };
}
