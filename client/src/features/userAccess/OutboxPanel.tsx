import { useQuery } from "@apollo/client";
import { Box, Button, Card, Link, Stack, Text } from "@chakra-ui/react";
import { graphql } from "../../gql";
import { ErrorAlert } from "../../ui/ErrorAlert";
import { formatFacilityTime } from "../../ui/facilityTime";
import { LoadingState } from "../../ui/LoadingState";
import { useFacilityTimeZone } from "../shell/viewer";
import { SidePanel } from "./SidePanel";

const OutboxPanel_Query = graphql(`
  query OutboxPanel_Query {
    outboxMessages {
      id
      toAddress
      subject
      body
      createdAt
    }
  }
`);

const LINK = /(https?:\/\/\S+)/;

/**
 * Development only (embedded identity provider): the invitations the server kept instead of
 * e-mailing, with their links, so an admin can hand one over or test the loop.
 */
export function OutboxPanel({ onClose }: { onClose: () => void }) {
  const timeZone = useFacilityTimeZone();
  const { data, loading, error } = useQuery(OutboxPanel_Query, { fetchPolicy: "network-only" });
  const messages = data?.outboxMessages ?? [];
  return (
    <SidePanel
      open
      title="Outbox (development)"
      subtitle="Invitations are kept here instead of being e-mailed while the embedded sign-in is used."
      dirty={false}
      onClose={onClose}
      testId="outbox-panel"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {loading && !data ? <LoadingState label="Loading messages…" /> : null}
      {error ? <ErrorAlert title="The outbox could not be loaded" message={error.message} /> : null}
      {data && messages.length === 0 ? <Text color="fg.muted">No messages yet.</Text> : null}
      <Stack gap="3">
        {messages.map((message) => {
          const link = LINK.exec(message.body)?.[1];
          return (
            <Card.Root key={message.id} variant="outline" size="sm" data-testid="outbox-message">
              <Card.Body gap="2">
                <Text fontWeight="semibold">{`To: ${message.toAddress}`}</Text>
                <Text
                  textStyle="sm"
                  color="fg.muted"
                >{`${message.subject} · ${formatFacilityTime(message.createdAt, timeZone)}`}</Text>
                <Box as="pre" whiteSpace="pre-wrap" fontFamily="inherit" textStyle="sm">
                  {message.body}
                </Box>
                {link ? (
                  <Link href={link} target="_blank" rel="noreferrer" colorPalette="brand" fontWeight="semibold">
                    Open invitation link
                  </Link>
                ) : null}
              </Card.Body>
            </Card.Root>
          );
        })}
      </Stack>
    </SidePanel>
  );
}
