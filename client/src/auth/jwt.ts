/** Reads a JWT's payload without verifying it: only for client-side hints (expiry, nonce), never trust decisions. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const json = new TextDecoder().decode(base64UrlDecode(payload));
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Expiry of a JWT in epoch milliseconds, or `null` when the token carries none. */
export function jwtExpiresAt(token: string): number | null {
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === "number" ? exp * 1000 : null;
}

/** A token is still usable if it does not expire within the next `skewMs`. */
export function isTokenFresh(token: string, now = Date.now(), skewMs = 60_000): boolean {
  const expiresAt = jwtExpiresAt(token);
  return expiresAt === null || expiresAt - skewMs > now;
}

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function base64UrlDecode(text: string): Uint8Array {
  const base64 = text
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(text.length / 4) * 4, "=");
  const binary = atob(base64);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
