import { Button, Card, Code, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { readAccessToken } from "../../auth/session";

/** When a JWT access token expires (its `exp` claim), or null when it cannot be read. */
function expiryOf(token: string): Date | null {
  try {
    const payload = JSON.parse(atob(token.split(".")[1]?.replace(/-/g, "+").replace(/_/g, "/") ?? "")) as {
      exp?: unknown;
    };
    return typeof payload.exp === "number" ? new Date(payload.exp * 1000) : null;
  } catch {
    return null;
  }
}

/**
 * Profile, for executives and administrators: the session's access token on the clipboard, for
 * GraphiQL at /graphql or a script. Nothing keeps it: it lapses with the session and at sign-out.
 */
export function ApiAccessCard() {
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);
  async function copy() {
    const token = readAccessToken();
    if (!token) {
      setStatus({ ok: false, message: "There is no token to copy: sign in again." });
      return;
    }
    try {
      await navigator.clipboard.writeText(token);
      const expiry = expiryOf(token);
      const until = expiry
        ? ` It is valid until ${expiry.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" })}.`
        : "";
      setStatus({ ok: true, message: `Token copied.${until}` });
    } catch {
      setStatus({ ok: false, message: "The browser did not allow copying. Please try again." });
    }
  }
  return (
    <Card.Root variant="outline" bg="bg.panel" data-testid="api-access">
      <Card.Header>
        <Heading as="h2" size="lg">
          API access
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Text>
            Pull figures into your own tools with GraphQL. Copy your access token and paste it in GraphiQL's Headers as{" "}
            <Code>{`{"Authorization": "Bearer <token>"}`}</Code>.
          </Text>
          <Text textStyle="sm" color="fg.muted">
            The token lasts as long as your sign-in and ends when you log out: copy a fresh one when it expires.
          </Text>
          <HStack gap="3" wrap="wrap">
            <Button colorPalette="brand" onClick={() => void copy()}>
              Copy API token
            </Button>
            <Link href="/graphql" target="_blank" rel="noopener" color="brand.fg" fontWeight="medium">
              Open GraphiQL
            </Link>
          </HStack>
          {status ? (
            <Text role="status" color={status.ok ? "fg.success" : "fg.error"} data-testid="api-access-status">
              {status.message}
            </Text>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
