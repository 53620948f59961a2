import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";

/**
 * Where a request came from, for the audit log and the per-address sign-in throttle: the client's
 * address as this server's socket saw it, or, when that socket is a trusted proxy's (the load
 * balancer in front of several instances; TRUSTED_PROXIES), the address that proxy reports in
 * X-Forwarded-For. A client writes that header itself, so only the proxies' own entries count:
 * the first address from the right that is not a trusted proxy's. Null when there is no socket (an
 * in-process `app.fetch` in tests, a background job).
 */
export function requestSource(env: unknown): string | null {
  const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming ? (clientAddresses.get(incoming) ?? socketAddress(incoming)) : null;
}

/** The client address of each request, once the server's listener has worked it out. */
const clientAddresses = new WeakMap<IncomingMessage, string | null>();

function socketAddress(request: Pick<IncomingMessage, "socket">): string | null {
  return request.socket?.remoteAddress ?? null;
}

/**
 * Reads TRUSTED_PROXIES: addresses and CIDR ranges (`10.0.0.5, 172.16.0.0/12, ::1`), comma
 * separated. Throws with the offending entry, so a typo stops the start rather than trusting nobody.
 */
export function parseTrustedProxies(value: string | undefined): string[] {
  const entries = (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) toBlockList([entry]);
  return entries;
}

function toBlockList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", bits, extra] = entry.split("/");
    const family = isIP(address);
    const prefix = bits === undefined ? undefined : Number(bits);
    const maxPrefix = family === 6 ? 128 : 32;
    const valid =
      family !== 0 &&
      extra === undefined &&
      (prefix === undefined || (bits !== "" && Number.isInteger(prefix) && prefix >= 0 && prefix <= maxPrefix));
    if (!valid) throw new Error(`TRUSTED_PROXIES: '${entry}' is not an IP address or an address/prefix range`);
    const type = family === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return list;
}

/**
 * The server's rule for the client address of a request (HTTP, or a websocket's upgrade request),
 * remembered for `requestSource`.
 */
export function clientAddressResolver(trustedProxies: readonly string[]) {
  const trusted = toBlockList(trustedProxies);
  const isTrusted = (address: string) => {
    const plain = address.startsWith("::ffff:") ? address.slice(7) : address;
    const family = isIP(plain);
    return family !== 0 && trusted.check(plain, family === 6 ? "ipv6" : "ipv4");
  };
  return (request: IncomingMessage): string | null => {
    let address = socketAddress(request);
    if (address && trustedProxies.length > 0 && isTrusted(address)) {
      const header = request.headers["x-forwarded-for"];
      const forwarded = (Array.isArray(header) ? header.join(",") : (header ?? ""))
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
      // From the right: each trusted proxy appended the address it saw.
      while (address && isTrusted(address) && forwarded.length > 0) {
        const previous = forwarded.pop() as string;
        address = isIP(previous) ? previous : null;
      }
    }
    clientAddresses.set(request, address);
    return address;
  };
}
