import { readAccessToken } from "../../../auth/session";

/**
 * Tells the server the person is active (POST /api/session/activity), which keeps their session
 * from the server's own idle rule. Fire and forget: a failure changes nothing here, and a session
 * the server has already ended answers the next real request with 401, which signs the browser out.
 */
export function reportSessionActivity(): void {
  const token = readAccessToken();
  if (!token) return;
  void fetch("/api/session/activity", { method: "POST", headers: { authorization: `Bearer ${token}` } }).catch(
    () => undefined,
  );
}
