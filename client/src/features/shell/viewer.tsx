import { type ApolloError, useQuery } from "@apollo/client";
import { createContext, type ReactNode, useContext, useEffect, useMemo } from "react";
import { facilityDate } from "../../../../schema/calendar";
import { useAuth } from "../../auth";
import { writeSessionValues } from "../../auth/session";
import { graphql } from "../../gql";
import type { AppShell_ViewerQueryQuery } from "../../gql/graphql";

export const AppShell_ViewerQuery = graphql(`
  query AppShell_ViewerQuery {
    me {
      id
      name
      firstName
      lastName
      initials
      email
      accountType
      facilityId
      facilityName
      facilityTimeZone
      organizationId
    }
  }
`);

export type Viewer = AppShell_ViewerQueryQuery["me"];

export type ViewerState = {
  /** The signed-in person as the server knows them; `null` while loading, on error and when signed out. */
  viewer: Viewer | null;
  /** True while the sign-in or the `me` query is still being resolved. */
  loading: boolean;
  error: ApolloError | null;
  refetch: () => void;
};

const ViewerContext = createContext<ViewerState | null>(null);

type Props = { children: ReactNode };

/**
 * Loads `me` once per sign-in and shares it with the header, the footer and the route guard. The
 * account type used for routing comes from here (the server), never from session storage.
 */
export function ViewerProvider({ children }: Props) {
  const { status } = useAuth();
  const { data, loading, error, refetch } = useQuery(AppShell_ViewerQuery, { skip: status !== "signedIn" });
  const viewer = status === "signedIn" ? (data?.me ?? null) : null;

  useEffect(() => {
    if (!viewer) return;
    // The session keys other screens read (spec section 3); routing decisions never use them.
    writeSessionValues({
      facilityId: viewer.facilityId,
      facilityName: viewer.facilityName,
      orgId: viewer.organizationId,
      email: viewer.email,
      name: viewer.name,
      accountType: viewer.accountType,
    });
  }, [viewer]);

  const value = useMemo<ViewerState>(
    () => ({
      viewer,
      loading: status === "loading" || (status === "signedIn" && !viewer && loading),
      error: status === "signedIn" ? (error ?? null) : null,
      refetch: () => void refetch().catch(() => undefined),
    }),
    [viewer, status, loading, error, refetch],
  );

  return <ViewerContext value={value}>{children}</ViewerContext>;
}

export function useViewer(): ViewerState {
  const value = useContext(ViewerContext);
  if (value === null) throw new Error("useViewer must be used inside <ViewerProvider>.");
  return value;
}

/**
 * The facility's time zone, in which its dates and times are shown and its "today" is read
 * (`ui/facilityTime`); US/Eastern (the facility default) while no viewer is loaded.
 */
export function useFacilityTimeZone(): string {
  return useContext(ViewerContext)?.viewer?.facilityTimeZone ?? "US/Eastern";
}

/** Today's date (YYYY-MM-DD) where the facility is: a contract ends or an anniversary falls on its days. */
export function useFacilityToday(): string {
  return facilityDate(useFacilityTimeZone());
}

/** The landing page of an account type: where the footer's home button and the logo go. */
export function landingPath(accountType: Viewer["accountType"]): string {
  return `/${accountType}/landing`;
}
