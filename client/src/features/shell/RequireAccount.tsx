import { Button, Container, Stack } from "@chakra-ui/react";
import { type ReactNode, useEffect } from "react";
import { Navigate } from "react-router";
import type { AccountType } from "../../../../schema/accountTypes";
import { useAuth } from "../../auth";
import { ErrorAlert } from "../../ui/ErrorAlert";
import { LoadingState } from "../../ui/LoadingState";
import { NotFoundPage } from "./NotFoundPage";
import { useViewer } from "./viewer";

type Props = {
  /** The account types whose route set holds this route (spec section 2). */
  allowed: readonly AccountType[];
  children: ReactNode;
  /** Starts downloading the page's chunk while the sign-in and the account are being checked. */
  preload?: () => void;
};

/**
 * Guards a signed-in route: signed-out visitors go to /home, other account types see the
 * not-found page. The account type is the server's answer to `me`, never a browser-stored value.
 */
export function RequireAccount({ allowed, children, preload }: Props) {
  const { status } = useAuth();
  const { viewer, loading, error, refetch } = useViewer();
  const mayBeAllowed = status !== "signedOut" && (!viewer || allowed.includes(viewer.accountType));
  useEffect(() => {
    if (mayBeAllowed) preload?.();
  }, [mayBeAllowed, preload]);

  if (status === "loading") return <LoadingState label="Checking your sign-in…" />;
  if (status === "signedOut") return <Navigate to="/home" replace />;
  if (!viewer) {
    if (loading || !error) return <LoadingState label="Loading your account…" />;
    return (
      <Container maxW="lg" py="10">
        <Stack gap="4">
          <ErrorAlert title="We could not load your account" message={error.message} />
          <Button colorPalette="brand" alignSelf="flex-start" onClick={refetch}>
            Try again
          </Button>
        </Stack>
      </Container>
    );
  }
  if (!allowed.includes(viewer.accountType)) return <NotFoundPage />;
  return children;
}
