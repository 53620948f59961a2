import { useQuery } from "@apollo/client";
import { Badge, Box, CloseButton, Drawer, EmptyState, Portal, Stack, Table, Text } from "@chakra-ui/react";
import { graphql } from "../../gql";
import { ErrorAlert } from "../../ui/ErrorAlert";
import { formatFacilityTime } from "../../ui/facilityTime";
import { LoadingState } from "../../ui/LoadingState";
import { PlainHeaders } from "../../ui/table";

const CostCenterHistory_Query = graphql(`
  query CostCenterHistory_Query($id: ID!) {
    costCenterHistory(id: $id) {
      timeZone
      entries {
        id
        at
        actorName
        what
        details
      }
    }
  }
`);

export type HistorySubject = { id: string; code: string; name: string };

/** Who changed what and when, for a cost center and its plans (the audit records), the latest first. */
export function CostCenterHistoryDrawer({ subject, onClose }: { subject: HistorySubject | null; onClose: () => void }) {
  const { data, loading, error } = useQuery(CostCenterHistory_Query, {
    variables: { id: subject?.id ?? "" },
    skip: subject === null,
    fetchPolicy: "network-only",
  });
  const history = data?.costCenterHistory;
  return (
    <Drawer.Root open={subject !== null} onOpenChange={(event) => (event.open ? undefined : onClose())} size="lg">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="cost-center-history">
            <Drawer.Header>
              <Drawer.Title>{subject ? `History of ${subject.code} ${subject.name}` : ""}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {loading && !history ? <LoadingState label="Loading the history…" /> : null}
              {error && !history ? (
                <ErrorAlert title="The history could not be loaded" message={error.message} />
              ) : null}
              {history && history.entries.length === 0 ? (
                <EmptyState.Root>
                  <EmptyState.Content>
                    <EmptyState.Title>No recorded changes yet</EmptyState.Title>
                  </EmptyState.Content>
                </EmptyState.Root>
              ) : null}
              {history && history.entries.length > 0 ? (
                <Stack gap="3">
                  <Text color="fg.muted" textStyle="sm">
                    The latest first, in the facility's time zone ({history.timeZone}).
                  </Text>
                  <Box overflowX="auto">
                    <Table.Root size="sm" variant="line">
                      <Table.Header>
                        <PlainHeaders columns={["When", "Who", "What", "Details"]} />
                      </Table.Header>
                      <Table.Body>
                        {history.entries.map((entry) => (
                          <Table.Row key={entry.id} data-testid="history-entry">
                            <Table.Cell whiteSpace="nowrap">
                              {formatFacilityTime(entry.at, history.timeZone)}
                            </Table.Cell>
                            <Table.Cell>{entry.actorName ?? <Badge>System</Badge>}</Table.Cell>
                            <Table.Cell>{entry.what}</Table.Cell>
                            <Table.Cell color="fg.muted">{entry.details ?? ""}</Table.Cell>
                          </Table.Row>
                        ))}
                      </Table.Body>
                    </Table.Root>
                  </Box>
                </Stack>
              ) : null}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close the history" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
