import { useQuery } from "@apollo/client";
import { Badge, Button, Card, DataList, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { ACCOUNT_TYPE_LABELS } from "../../../../schema/accountTypes";
import { useAuth } from "../../auth";
import { writeSessionValues } from "../../auth/session";
import { graphql } from "../../gql";
import { ErrorAlert } from "../../ui/ErrorAlert";
import { LoadingState } from "../../ui/LoadingState";
import { PageFrame } from "../../ui/PageFrame";

const PRODUCT_NAME = "Staffing & Position Control";

const HomePage_MeQuery = graphql(`
  query HomePage_MeQuery {
    me {
      id
      name
      email
      accountType
      facilityId
      facilityName
      organizationId
    }
  }
`);

/** /home: the landing for signed-out visitors, and where sign-in and log out return to. */
export function HomePage() {
  const { status } = useAuth();
  return (
    <PageFrame>
      <title>{PRODUCT_NAME}</title>
      {status === "loading" ? (
        <LoadingState label="Checking your sign-in…" />
      ) : status === "signedIn" ? (
        <SignedInCard />
      ) : (
        <SignedOutCard />
      )}
    </PageFrame>
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
  const { signOut } = useAuth();
  const { data, loading, error, refetch } = useQuery(HomePage_MeQuery);
  const [isSigningOut, setIsSigningOut] = useState(false);
  const me = data?.me;

  useEffect(() => {
    if (!me) return;
    writeSessionValues({
      facilityId: me.facilityId,
      facilityName: me.facilityName,
      orgId: me.organizationId,
      email: me.email,
      name: me.name,
      accountType: me.accountType,
    });
  }, [me]);

  async function handleLogOut() {
    setIsSigningOut(true);
    await signOut();
  }

  const logOutButton = (
    <Button variant="outline" colorPalette="brand" loading={isSigningOut} onClick={() => void handleLogOut()}>
      Log out
    </Button>
  );

  if (loading && !me) return <LoadingState label="Loading your account…" />;

  if (!me) {
    return (
      <Stack gap="4">
        <ErrorAlert
          title="We could not load your account"
          message={error?.message ?? "The server returned no account details."}
        />
        <HStack gap="3">
          <Button colorPalette="brand" onClick={() => void refetch().catch(() => undefined)}>
            Try again
          </Button>
          {logOutButton}
        </HStack>
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
      <Card.Footer justifyContent="flex-end">{logOutButton}</Card.Footer>
    </Card.Root>
  );
}
