export { AuthProvider } from "./AuthProvider";
export type { AuthContextValue, AuthStatus } from "./authContext";
export { useAuth } from "./authContext";
export type { SignInAdapter, TokenResult } from "./types";
