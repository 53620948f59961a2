import { describe, expect, it } from "vitest";
import { chooseEncoding } from "./staticClient";

describe("chooseEncoding", () => {
  it.each([
    [undefined, ["br", "gzip"], undefined],
    ["", ["br", "gzip"], undefined],
    ["gzip, deflate, br, zstd", ["br", "gzip"], "br"],
    ["gzip, deflate, br, zstd", ["gzip"], "gzip"],
    ["gzip, deflate, br, zstd", [], undefined],
    ["gzip", ["br", "gzip"], "gzip"],
    ["deflate", ["br", "gzip"], undefined],
    ["identity", ["br", "gzip"], undefined],
    ["br;q=0.5, gzip", ["br", "gzip"], "gzip"],
    ["BR;Q=1, GZIP;q=0.9", ["br", "gzip"], "br"],
    ["br;q=0, gzip;q=0", ["br", "gzip"], undefined],
    ["*", ["br", "gzip"], "br"],
    ["br;q=0, *", ["br", "gzip"], "gzip"],
    ["*;q=0", ["br", "gzip"], undefined],
  ] as const)("Accept-Encoding %j with %j → %s", (header, available, expected) => {
    expect(chooseEncoding(header, [...available])).toBe(expected);
  });
});
