import type { ApolloCache } from "@apollo/client";

/**
 * The onboarding screens complete their admin task on the server as a side effect of saving.
 * Forgetting the cached task list makes the admin landing page ask the server again when it opens.
 */
export function forgetAdminTasks(cache: ApolloCache<unknown>): void {
  cache.evict({ id: "ROOT_QUERY", fieldName: "adminTasks" });
  cache.gc();
}
