import { useMutation, useQuery } from "@apollo/client";
import { Button, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { useState } from "react";
import { graphql } from "../../gql";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { ErrorAlert } from "../../ui/ErrorAlert";
import { formatFacilityDate } from "../../ui/facilityTime";
import { SectionCard } from "../../ui/SectionCard";
import { type Column, DataTable, useTable } from "../../ui/table";
import { useFacilityTimeZone } from "../shell/viewer";
import { bannerFailure } from "./failureMessages";
import { COST_CENTER_COLUMNS, costCenterText } from "./parts";

export const DeactivatedCostCenters_Query = graphql(`
  query DeactivatedCostCenters_Query {
    deactivatedCostCenters {
      id
      code
      name
      deactivatedAt
    }
  }
`);

const DeactivatedCostCenters_ReactivateMutation = graphql(`
  mutation DeactivatedCostCenters_ReactivateMutation($id: ID!) {
    reactivateCostCenter(id: $id) {
      __typename
      ... on MutationReactivateCostCenterSuccess {
        data {
          ...CostCenterOption_Fields
        }
      }
      ... on DomainError {
        message
        code
      }
    }
  }
`);

type Deactivated = { id: string; code: string; name: string; deactivatedAt: string };

const NONE: readonly Deactivated[] = [];
/** The list's own order is the server's: the latest deactivated first. */
const DEACTIVATED_COLUMNS: readonly Column<Deactivated, "code" | "name" | "deactivated" | "actions">[] = [
  ...COST_CENTER_COLUMNS,
  { key: "deactivated", label: "Deactivated", value: (row) => row.deactivatedAt },
  { key: "actions", label: "Actions", headerProps: { textAlign: "end" } },
];

type Props = {
  /** The list of active cost centers changed (one came back). */
  onReactivated: (message: string) => void;
  onError: (message: string) => void;
  onHistory: (costCenter: { id: string; code: string; name: string }) => void;
};

/**
 * The facility's deactivated cost centers: each can be brought back (audited, asked first), and
 * its history read. Deactivation is soft, so nothing was lost meanwhile.
 */
export function DeactivatedCostCenters({ onReactivated, onError, onHistory }: Props) {
  const timeZone = useFacilityTimeZone();
  const { data, error, refetch } = useQuery(DeactivatedCostCenters_Query, { fetchPolicy: "cache-and-network" });
  const [reactivate, { loading: working }] = useMutation(DeactivatedCostCenters_ReactivateMutation);
  const [asking, setAsking] = useState<Deactivated | null>(null);
  const table = useTable(data?.deactivatedCostCenters ?? NONE, {
    columns: DEACTIVATED_COLUMNS,
    text: costCenterText,
    defaultSort: { key: "deactivated", descending: true },
  });

  async function handleReactivate(row: Deactivated) {
    try {
      const { data: answer } = await reactivate({ variables: { id: row.id } });
      const result = answer?.reactivateCostCenter;
      if (result?.__typename === "MutationReactivateCostCenterSuccess") {
        onReactivated(`Cost center ${result.data.code} ${result.data.name} is active again.`);
        await refetch();
      } else {
        onError(bannerFailure(result));
      }
    } catch (caught) {
      onError(bannerFailure(caught));
    } finally {
      setAsking(null);
    }
  }

  if (error && !data)
    return <ErrorAlert title="Deactivated cost centers could not be loaded" message={error.message} />;
  return (
    <SectionCard title="Deactivated cost centers">
      <DataTable
        table={table}
        label="Deactivated cost centers"
        filterLabel="Filter deactivated cost centers"
        filterPlaceholder="Number or name"
        noun="deactivated cost centers"
        empty={
          <Text color="fg.muted" data-testid="no-deactivated">
            No cost center is deactivated. A deactivated cost center keeps its plans and history and can be brought back
            here.
          </Text>
        }
        renderRow={(row) => (
          <Table.Row key={row.id} data-testid="deactivated-cost-center">
            <Table.Cell fontVariantNumeric="tabular-nums">{row.code}</Table.Cell>
            <Table.Cell>{row.name}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatFacilityDate(row.deactivatedAt, timeZone)}</Table.Cell>
            <Table.Cell>
              <HStack justify="flex-end" gap="2">
                <Button size="xs" variant="outline" onClick={() => onHistory(row)}>
                  History
                </Button>
                <Button size="xs" colorPalette="brand" onClick={() => setAsking(row)}>
                  Reactivate
                </Button>
              </HStack>
            </Table.Cell>
          </Table.Row>
        )}
      />
      <ConfirmDialog
        open={asking !== null}
        title="Reactivate cost center"
        confirmLabel="REACTIVATE"
        loading={working}
        loadingText="Reactivating…"
        onConfirm={() => asking && void handleReactivate(asking)}
        onCancel={() => setAsking(null)}
        testId="reactivate-dialog"
      >
        <Stack gap="2">
          <Text>
            Bring cost center {asking?.code} {asking?.name} back into use, with its plans and history?
          </Text>
          <Text color="fg.muted" textStyle="sm">
            It shows again in the cost center lists, uploads and user accessibility.
          </Text>
        </Stack>
      </ConfirmDialog>
    </SectionCard>
  );
}
