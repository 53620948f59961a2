import { describe, expect, it } from "vitest";
import { parseAuthConfig } from "./authConfig";

const local = {
  mode: "local",
  authority: "http://localhost:4000/oidc",
  clientId: "staffing-spa",
  scopes: ["openid", "api"],
  redirectPath: "/home",
};

describe("parseAuthConfig", () => {
  it("accepts the local and the B2C settings", () => {
    expect(parseAuthConfig(local)).toEqual({ config: local });
    const b2c = {
      ...local,
      mode: "b2c",
      authority: "https://x.b2clogin.com/x/p",
      knownAuthorities: ["x.b2clogin.com"],
    };
    expect(parseAuthConfig(b2c)).toEqual({ config: b2c });
  });

  it("lists what is wrong", () => {
    expect(parseAuthConfig(null)).toEqual({ problems: ["expected an object"] });
    expect(parseAuthConfig({ ...local, mode: "saml" })).toEqual({ problems: ['mode: expected "local" or "b2c"'] });
    expect(parseAuthConfig({ ...local, authority: "not a url", scopes: [], redirectPath: "home" })).toEqual({
      problems: [
        "authority: expected a URL",
        "scopes: expected a non-empty list of non-empty strings",
        "redirectPath: expected a path from /",
      ],
    });
    expect(parseAuthConfig({ ...local, mode: "b2c" })).toEqual({
      problems: ["knownAuthorities: expected a non-empty list of non-empty strings"],
    });
    expect(parseAuthConfig({ ...local, clientId: "" })).toEqual({
      problems: ["clientId: expected a non-empty string"],
    });
  });
});
