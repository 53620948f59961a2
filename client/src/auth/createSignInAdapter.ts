import { fetchAuthConfig } from "./authConfig";
import { createLocalOidcAdapter } from "./localOidcAdapter";
import type { SignInAdapter } from "./types";

/**
 * Picks the adapter the server's published configuration asks for. MSAL is loaded only in B2C mode,
 * so local development and tests never download it.
 */
export async function createSignInAdapter(): Promise<SignInAdapter> {
  const config = await fetchAuthConfig();
  if (config.mode === "local") return createLocalOidcAdapter(config);
  const { createMsalAdapter } = await import("./msalAdapter");
  return createMsalAdapter(config);
}
