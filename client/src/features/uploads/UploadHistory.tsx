import { useQuery } from "@apollo/client";
import { Badge, Button, Card, Heading, HStack, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { useMemo } from "react";
import { formatUploadError, type UploadKind } from "../../../../schema/uploads";
import { graphql } from "../../gql";
import type { UploadHistory_QueryQuery, UploadStatus } from "../../gql/graphql";
import { ErrorAlert } from "../../ui/ErrorAlert";
import { formatFacilityTime } from "../../ui/facilityTime";
import { type Column, DataTable, useTable } from "../../ui/table";
import { useFacilityTimeZone } from "../shell/viewer";

export const UploadHistory_Query = graphql(`
  query UploadHistory_Query($kinds: [UploadKind!]) {
    uploadHistory(kinds: $kinds) {
      id
      kind
      ...Upload_Progress
      originalFileName
      fileSize
      errorCount
      createdAt
      completedAt
      uploadedBy {
        id
        name
      }
      costCenter {
        id
        code
        name
      }
      firstErrors {
        message
        row
        column
      }
    }
  }
`);

type Entry = UploadHistory_QueryQuery["uploadHistory"][number];
type Key = "uploaded" | "file" | "size" | "by" | "costCenter" | "status" | "result";

/** The kinds a screen's history lists: the staff screen shows the per-cost-center staff files too. */
export const HISTORY_KINDS: Record<Exclude<UploadKind, "CostCenterStaff">, UploadKind[]> = {
  CostCenter: ["CostCenter"],
  Staff: ["Staff", "CostCenterStaff"],
  Users: ["Users"],
};

/** A status in words (never colour alone): in progress, succeeded or failed. */
export const STATUS_LABELS: Record<UploadStatus, string> = {
  Pending: "In progress",
  Processing: "In progress",
  Success: "Succeeded",
  Error: "Failed",
};
const STATUS_PALETTES: Record<UploadStatus, string> = {
  Pending: "blue",
  Processing: "blue",
  Success: "green",
  Error: "red",
};

/** Bytes as people read them: 812 B, 12.4 KB, 3.2 MB. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return "—";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
const costCenterLabel = (entry: Entry) =>
  entry.costCenter ? `${entry.costCenter.code} ${entry.costCenter.name}` : null;

/** A problem as the upload error box words it: 'message at row N, column M'. */
const problemText = (problem: Entry["firstErrors"][number]) =>
  formatUploadError({ message: problem.message, row: problem.row ?? undefined, column: problem.column ?? undefined });

function resultText(entry: Entry): string {
  if (entry.status === "Success") return `${plural(entry.rowsProcessed, "row")} imported`;
  if (entry.status === "Error") return `${plural(entry.errorCount, "problem")}; nothing imported`;
  if (entry.status === "Processing") {
    // The list is a snapshot (refetched as a stage begins): the share saved moves on the live bar above.
    return entry.savedPercent === null ? "Checking the file…" : "Every row passed; saving the rows…";
  }
  return "Waiting for the file";
}

function columnsOf(withCostCenter: boolean): Column<Entry, Key>[] {
  return [
    { key: "uploaded", label: "Uploaded", value: (row) => row.createdAt },
    { key: "file", label: "File", value: (row) => row.originalFileName },
    { key: "size", label: "Size", numeric: true, value: (row) => row.fileSize ?? null },
    { key: "by", label: "Uploaded by", value: (row) => row.uploadedBy.name },
    ...(withCostCenter
      ? [{ key: "costCenter" as const, label: "Cost center", value: costCenterLabel, numericText: true }]
      : []),
    { key: "status", label: "Status", value: (row) => STATUS_LABELS[row.status] },
    { key: "result", label: "Result" },
  ];
}

function entryText(row: Entry): string {
  return [
    row.originalFileName,
    row.uploadedBy.name,
    STATUS_LABELS[row.status],
    costCenterLabel(row) ?? "",
    ...row.firstErrors.map(problemText),
  ].join(" ");
}

const NONE: readonly Entry[] = [];

/**
 * The upload screen's history (issue #15 item 4): the facility's past files of this kind, newest
 * first, through the app's one table (sort, filter, pages). The upload screen refetches it as an
 * upload is queued, checked and saved, and when it ends.
 */
export function UploadHistory({ kind }: { kind: Exclude<UploadKind, "CostCenterStaff"> }) {
  const timeZone = useFacilityTimeZone();
  const { data, loading, error, refetch } = useQuery(UploadHistory_Query, {
    variables: { kinds: HISTORY_KINDS[kind] },
    fetchPolicy: "cache-and-network",
    notifyOnNetworkStatusChange: true,
    // The screen refetches as each stage of an upload begins, often while the last refetch is still
    // in flight: deduplicated, the later one would get the earlier (stale) answer and the list would
    // stay "In progress". Apollo keeps only the latest request's answer.
    context: { queryDeduplication: false },
  });
  const withCostCenter = kind === "Staff";
  const columns = useMemo(() => columnsOf(withCostCenter), [withCostCenter]);
  const table = useTable(data?.uploadHistory ?? NONE, {
    columns,
    text: entryText,
    defaultSort: { key: "uploaded", descending: true },
  });

  let body: React.ReactNode;
  if (error && !data) {
    body = (
      <Stack gap="3" align="flex-start">
        <ErrorAlert title="The upload history could not be loaded" message={error.message} />
        <Button size="sm" variant="outline" onClick={() => void refetch()}>
          Try again
        </Button>
      </Stack>
    );
  } else if (!data) {
    body = (
      <Stack gap="2" aria-busy="true" data-testid="upload-history-loading">
        <Text textStyle="sm" color="fg.muted">
          Loading the upload history…
        </Text>
        <Skeleton h="8" />
        <Skeleton h="8" />
        <Skeleton h="8" />
      </Stack>
    );
  } else {
    body = (
      <DataTable
        table={table}
        label="Upload history"
        filterLabel="Filter uploads"
        filterPlaceholder={withCostCenter ? "File, person, cost center or status" : "File, person or status"}
        noun="uploads"
        testId="upload-history-table"
        toolbar={
          <Button
            size="sm"
            variant="outline"
            loading={loading}
            loadingText="Refreshing…"
            onClick={() => void refetch()}
          >
            Refresh
          </Button>
        }
        empty={
          <Text color="fg.muted" data-testid="upload-history-empty">
            No uploads yet. Each file sent from this screen is listed here with its result.
          </Text>
        }
        renderRow={(row) => (
          <Table.Row key={row.id} data-testid="upload-history-row" verticalAlign="top">
            <Table.Cell whiteSpace="nowrap">{formatFacilityTime(row.createdAt, timeZone)}</Table.Cell>
            <Table.Cell maxW="64" wordBreak="break-word" fontWeight="medium">
              {row.originalFileName}
            </Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
              {formatFileSize(row.fileSize)}
            </Table.Cell>
            <Table.Cell>{row.uploadedBy.name}</Table.Cell>
            {withCostCenter ? (
              <Table.Cell>{costCenterLabel(row) ?? <Text color="fg.muted">Whole facility</Text>}</Table.Cell>
            ) : null}
            <Table.Cell>
              <Badge colorPalette={STATUS_PALETTES[row.status]} variant="subtle" size="md" data-testid="upload-status">
                {STATUS_LABELS[row.status]}
              </Badge>
            </Table.Cell>
            <Table.Cell minW="56">
              <Stack gap="1">
                <Text textStyle="sm">{resultText(row)}</Text>
                {row.firstErrors.length > 0 ? (
                  <Stack as="ul" gap="0.5" ps="4" listStyleType="disc" textStyle="xs" color="fg.muted">
                    {row.firstErrors.map((problem, index) => (
                      // The problems have no id; their order is the file's.
                      // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
                      <li key={index}>{problemText(problem)}</li>
                    ))}
                    {row.errorCount > row.firstErrors.length ? (
                      <li>and {plural(row.errorCount - row.firstErrors.length, "more problem")}</li>
                    ) : null}
                  </Stack>
                ) : null}
              </Stack>
            </Table.Cell>
          </Table.Row>
        )}
      />
    );
  }

  return (
    <Card.Root variant="outline" bg="bg.panel" as="section" aria-labelledby="upload-history-heading">
      <Card.Header>
        <HStack justify="space-between" align="baseline" wrap="wrap" gap="2">
          <Heading as="h2" size="md" id="upload-history-heading">
            Upload history
          </Heading>
          <Text textStyle="sm" color="fg.muted">
            Times in the facility's time zone
          </Text>
        </HStack>
      </Card.Header>
      <Card.Body>{body}</Card.Body>
    </Card.Root>
  );
}
