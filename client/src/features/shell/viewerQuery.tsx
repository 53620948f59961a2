import { useQuery } from "@apollo/client";
import { type ReactNode, useEffect, useMemo } from "react";
import { useAuth } from "../../auth";
import { writeSessionValues } from "../../auth/session";
import { graphql } from "../../gql";
import { ViewerContext, type ViewerState } from "./viewer";

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
