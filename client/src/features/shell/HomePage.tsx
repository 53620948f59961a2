import { Badge, Button, Card, Container, DataList, Heading, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { ACCOUNT_TYPE_LABELS } from "../../../../schema/accountTypes";
import { useAuth } from "../../auth";
import { ErrorAlert } from "../../ui/ErrorAlert";
import { LoadingState } from "../../ui/LoadingState";
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
          <DataList.Root orientation="horizontal" size="lg">
            <DataList.Item>
              <DataList.ItemLabel>Account type</DataList.ItemLabel>
              <DataList.ItemValue>
                <Badge colorPalette="brand" variant="subtle" size="md">
                  {ACCOUNT_TYPE_LABELS[me.accountType]}
                </Badge>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Facility</DataList.ItemLabel>
              <DataList.ItemValue>{me.facilityName}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Email</DataList.ItemLabel>
              <DataList.ItemValue>{me.email}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
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
