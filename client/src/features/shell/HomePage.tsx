import { Button, Card, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { useAuth } from "../../auth";
import { ErrorAlert } from "../../ui/ErrorAlert";
import { FactList } from "../../ui/FactList";
import { LoadingState } from "../../ui/LoadingState";
import { AccountTypeBadge } from "./AccountTypeBadge";
import { PRODUCT_NAME } from "./productName";
import { landingPath, useViewer } from "./viewer";

/** /home: the landing for signed-out visitors, and where sign-in and log out return to. */
export function HomePage() {
  const { status } = useAuth();
  return (
    <Container maxW="xl" py={{ base: "8", md: "16" }} px={{ base: "3", sm: "4" }}>
      <title>{PRODUCT_NAME}</title>
      {status === "loading" ? (
        <LoadingState label="Checking your sign-in…" />
      ) : status === "signedIn" ? (
        <SignedInCard />
      ) : (
        <SignedOutCard />
      )}
    </Container>
  );
}

function SignedOutCard() {
  const { signIn, error } = useAuth();
  const [isStarting, setIsStarting] = useState(false);

  async function handleSignIn() {
    setIsStarting(true);
    await signIn();
    // Still here means sign-in could not start (the error shows); on success the page has left.
    setIsStarting(false);
  }

  return (
    <Card.Root variant="elevated">
      <Card.Body>
        <Stack gap="6" py="4">
          <Stack gap="3">
            <Heading as="h1" size="3xl" color="brand.fg">
              {PRODUCT_NAME}
            </Heading>
            <Text color="fg.muted" textStyle="lg">
              Plan nurse staffing and position control for every cost center, from budgeted FTEs to a signed-off
              schedule.
            </Text>
          </Stack>
          {error ? <ErrorAlert title="Sign-in did not complete" message={error} /> : null}
          <Button
            colorPalette="brand"
            size="xl"
            alignSelf="flex-start"
            loading={isStarting}
            loadingText="Redirecting…"
            onClick={() => void handleSignIn()}
          >
            Sign in
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function SignedInCard() {
  const { viewer: me, loading, error, refetch } = useViewer();

  if (loading && !me) return <LoadingState label="Loading your account…" />;

  if (!me) {
    return (
      <Stack gap="4">
        <ErrorAlert
          title="We could not load your account"
          message={error?.message ?? "The server returned no account details."}
        />
        <Button colorPalette="brand" alignSelf="flex-start" onClick={refetch}>
          Try again
        </Button>
      </Stack>
    );
  }

  return (
    <Card.Root variant="elevated">
      <Card.Header>
        <Text textStyle="sm" fontWeight="semibold" color="brand.fg">
          {PRODUCT_NAME}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="6">
          <Heading as="h1" size="2xl">
            Signed in as {me.name}
          </Heading>
          <FactList
            facts={[
              { label: "Account type", value: <AccountTypeBadge accountType={me.accountType} /> },
              { label: "Facility", value: me.facilityName },
              { label: "Email", value: me.email },
            ]}
          />
        </Stack>
      </Card.Body>
      <Card.Footer justifyContent="flex-end">
        <Button asChild colorPalette="brand">
          <RouterLink to={landingPath(me.accountType)}>Go to your landing page</RouterLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
