import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { InMemoryCache } from "@apollo/client";
import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import { createCache, fetchSayingWhyItFailed, NETWORK_ERROR, serverUnavailableText } from "./apollo";

// Two screens' reads of the viewer's permissions: the switcher's, and the user landing's with statuses.
// parse(), not a gql tag: codegen would take a tagged query for one of the app's own operations.
const SWITCHER = parse(`
  query Switcher {
    me {
      id
      costCenterPermissions {
        costCenterId
        code
      }
    }
  }
`);
const LANDING = parse(`
  query Landing {
    me {
      id
      costCenterPermissions {
        costCenterId
        code
        wizardStatus
      }
    }
  }
`);

const permission = (costCenterId: string, code: string, extra: Record<string, unknown> = {}) => ({
  __typename: "CostCenterPermission",
  costCenterId,
  code,
  ...extra,
});
const viewer = (permissions: object[]) => ({
  me: { __typename: "Viewer", id: "v1", costCenterPermissions: permissions },
});

/** A cache holding the user landing's answer: two cost centers with their wizard statuses. */
function cacheAfterLanding(): InMemoryCache {
  const cache = createCache();
  cache.writeQuery({
    query: LANDING,
    data: viewer([
      permission("a", "6010", { wizardStatus: "Completed" }),
      permission("b", "6020", { wizardStatus: "InProgress" }),
    ]),
  });
  return cache;
}

describe("the viewer's cost-center permissions in the cache", () => {
  it("keep the landing's wizard statuses when the switcher's answer comes after", () => {
    const cache = cacheAfterLanding();
    cache.writeQuery({ query: SWITCHER, data: viewer([permission("a", "6010"), permission("b", "6020")]) });

    expect(cache.readQuery({ query: LANDING })).toEqual(
      viewer([
        permission("a", "6010", { wizardStatus: "Completed" }),
        permission("b", "6020", { wizardStatus: "InProgress" }),
      ]),
    );
  });

  it("follow the newest answer's list: a cost center it no longer has is gone, a new one is added", () => {
    const cache = cacheAfterLanding();
    cache.writeQuery({ query: SWITCHER, data: viewer([permission("b", "6020-renamed"), permission("c", "6030")]) });

    expect(cache.readQuery({ query: SWITCHER })).toEqual(
      viewer([permission("b", "6020-renamed"), permission("c", "6030")]),
    );
    // c was never read with its status, so the landing's query is not complete from the cache.
    expect(cache.readQuery({ query: LANDING })).toBeNull();
  });

  it("store a broken answer's null list as it came, so the screen reading it shows its error", () => {
    const cache = createCache();
    cache.writeQuery({ query: SWITCHER, data: viewer([permission("a", "6010")]) });
    expect(() => cache.writeQuery({ query: SWITCHER, data: viewer(null as unknown as object[]) })).not.toThrow();

    expect(cache.readQuery({ query: SWITCHER })).toEqual(viewer(null as unknown as object[]));
  });
});

describe("the app's cache with a fragment on an interface", () => {
  // The upload screen's poll reads how far an import is through Upload_Progress, a fragment on the
  // UploadProgress interface that Upload implements.
  const POLL = parse(`
    query Poll {
      upload(id: "u1") {
        id
        ...Progress
      }
    }
    fragment Progress on UploadProgress {
      status
      rowsProcessed
      savedPercent
    }
  `);

  it("reads the fragment's fields back as they were written", () => {
    const cache = createCache();
    const data = {
      upload: { __typename: "Upload", id: "u1", status: "Processing", rowsProcessed: 1200, savedPercent: 40 },
    };
    cache.writeQuery({ query: POLL, data });

    expect(cache.readQuery({ query: POLL })).toEqual(data);
  });
});

describe("fetchSayingWhyItFailed", () => {
  it("answers as fetch does while the server answers, says 'Network error' when nothing does, and keeps an abort", async () => {
    const server = createServer((_request, response) => response.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
    try {
      expect(await (await fetchSayingWhyItFailed(url)).text()).toBe("ok");

      const aborted = new AbortController();
      aborted.abort();
      await expect(fetchSayingWhyItFailed(url, { signal: aborted.signal })).rejects.toMatchObject({
        name: "AbortError",
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    // The port is closed now: the connection is refused, as when the server is down.
    await expect(fetchSayingWhyItFailed(url)).rejects.toThrow(
      "Network error: the server could not be reached. Check your connection and try again.",
    );
    expect(NETWORK_ERROR).toBe("Network error: the server could not be reached. Check your connection and try again.");
  });

  it("says the server is not answering for a proxy's error page, and passes the app's own answers on", async () => {
    const answers: Record<string, { status: number; type: string; body: string }> = {
      "/proxy-502": { status: 502, type: "text/html", body: "<h1>502 Bad Gateway</h1>" },
      "/app-500": { status: 500, type: "application/graphql-response+json", body: '{"errors":[{"message":"x"}]}' },
      "/app-401": { status: 401, type: "application/json", body: '{"message":"Sign in again"}' },
    };
    const server = createServer((request, response) => {
      const answer = answers[request.url ?? ""] ?? { status: 404, type: "text/plain", body: "" };
      response.writeHead(answer.status, { "content-type": answer.type }).end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await expect(fetchSayingWhyItFailed(`${origin}/proxy-502`)).rejects.toThrow(
        "The server is not answering right now (status 502). Try again in a moment.",
      );
      expect(serverUnavailableText(503)).toBe(
        "The server is not answering right now (status 503). Try again in a moment.",
      );
      expect((await fetchSayingWhyItFailed(`${origin}/app-500`)).status).toBe(500);
      expect((await fetchSayingWhyItFailed(`${origin}/app-401`)).status).toBe(401);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
