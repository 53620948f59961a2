// What the browser needs to start a sign-in, as the server publishes it (no secrets): the embedded
// OpenID provider's settings, or Azure AD B2C's.

export type LocalAuthConfig = {
  mode: "local";
  authority: string;
  clientId: string;
  scopes: string[];
  redirectPath: string;
};

export type B2cAuthConfig = {
  mode: "b2c";
  authority: string;
  knownAuthorities: string[];
  clientId: string;
  scopes: string[];
  redirectPath: string;
};

export type AuthConfig = LocalAuthConfig | B2cAuthConfig;
