import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { clientAddressResolver, parseTrustedProxies, requestSource } from "./requestSource";

const request = (remoteAddress: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress },
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
  }) as unknown as IncomingMessage;

describe("the client address behind trusted proxies", () => {
  it("is the socket's address when no proxy is trusted, whatever the client writes in X-Forwarded-For", () => {
    const resolve = clientAddressResolver([]);
    expect(resolve(request("127.0.0.1", "203.0.113.7"))).toBe("127.0.0.1");
  });

  it("is the address a trusted proxy reports, read from the right past every trusted hop", () => {
    const resolve = clientAddressResolver(["127.0.0.1", "10.0.0.0/8"]);
    expect(resolve(request("127.0.0.1", "203.0.113.7"))).toBe("203.0.113.7");
    // The client wrote 198.51.100.1 itself; 10.0.0.9 is a trusted hop; 203.0.113.7 is the client.
    expect(resolve(request("10.1.2.3", "198.51.100.1, 203.0.113.7, 10.0.0.9"))).toBe("203.0.113.7");
    // IPv4 sockets as Node shows them on a dual-stack server.
    expect(resolve(request("::ffff:127.0.0.1", "203.0.113.8"))).toBe("203.0.113.8");
    // An untrusted socket's header counts for nothing.
    expect(resolve(request("192.0.2.1", "203.0.113.7"))).toBe("192.0.2.1");
    // A trusted proxy that forwards nothing: its own address.
    expect(resolve(request("10.0.0.5"))).toBe("10.0.0.5");
    // What a trusted proxy reports must be an address.
    expect(resolve(request("127.0.0.1", "not-an-address"))).toBeNull();
  });

  it("is what requestSource answers for the request afterwards", () => {
    const incoming = request("127.0.0.1", "2001:db8::1");
    clientAddressResolver(["127.0.0.1"])(incoming);
    expect(requestSource({ incoming })).toBe("2001:db8::1");
    expect(requestSource({ incoming: request("127.0.0.2", "203.0.113.7") })).toBe("127.0.0.2");
  });
});

describe("TRUSTED_PROXIES", () => {
  it("takes addresses and ranges, comma separated, and refuses anything else by name", () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(parseTrustedProxies(" 10.0.0.5, 172.16.0.0/12 ,::1,fd00::/8")).toEqual([
      "10.0.0.5",
      "172.16.0.0/12",
      "::1",
      "fd00::/8",
    ]);
    for (const bad of ["10.0.0.0/33", "proxy.internal", "10.0.0.1/", "10.0.0.0/8/1", "::1/129"]) {
      expect(() => loadConfig({ TRUSTED_PROXIES: bad })).toThrow(
        `TRUSTED_PROXIES: '${bad}' is not an IP address or an address/prefix range`,
      );
    }
  });
});
