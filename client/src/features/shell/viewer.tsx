import type { ApolloError } from "@apollo/client";
import { createContext, useContext } from "react";
import type { AppShell_ViewerQueryQuery } from "../../gql/graphql";

// The signed-in person, as the shell and the pages read them. Apollo and the `me` query live in
// viewerQuery.tsx, loaded with the signed-in screens (issue #16), so the sign-in page does without.

export type Viewer = AppShell_ViewerQueryQuery["me"];

export type ViewerState = {
  /** The signed-in person as the server knows them; `null` while loading, on error and when signed out. */
  viewer: Viewer | null;
  /** True while the sign-in or the `me` query is still being resolved. */
  loading: boolean;
  error: ApolloError | null;
  refetch: () => void;
};

export const ViewerContext = createContext<ViewerState | null>(null);

export function useViewer(): ViewerState {
  const value = useContext(ViewerContext);
  if (value === null) throw new Error("useViewer must be used inside <SessionProviders> (or <ViewerProvider>).");
  return value;
}

/**
 * The facility's time zone, in which its dates and times are shown and its "today" is read
 * (`ui/facilityTime`); US/Eastern (the facility default) while no viewer is loaded.
 */
export function useFacilityTimeZone(): string {
  return useContext(ViewerContext)?.viewer?.facilityTimeZone ?? "US/Eastern";
}

/** The landing page of an account type: where the footer's home button and the logo go. */
export function landingPath(accountType: Viewer["accountType"]): string {
  return `/${accountType}/landing`;
}
