import { useQuery } from "@apollo/client";
import { Box, Button, Code, Field, Flex, Input, Stack, Table, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { graphql } from "../../gql";
import type { AuditKind } from "../../gql/graphql";
import { EmptyNote } from "../../ui/EmptyNote";
import { ErrorAlert } from "../../ui/ErrorAlert";
import { ExportButtons } from "../../ui/ExportButtons";
import { formatFacilityTime } from "../../ui/facilityTime";
import { SelectField } from "../../ui/inputs";
import { LoadingState } from "../../ui/LoadingState";
import { PlainHeaders, TableFilter, TablePager } from "../../ui/table";
import { useDebouncedValue } from "../../ui/useDebouncedValue";
import { ShellPage } from "../shell/ShellPage";

const AuditLog_Query = graphql(`
  query AuditLog_Query($filter: AuditLogFilter, $page: AuditLogPageInput) {
    auditLog(filter: $filter, page: $page) {
      timeZone
      total
      offset
      size
      entries {
        id
        at
        who
        what
        action
        recordKind
        entityId
        record
        details
        source
      }
    }
  }
`);

const PAGE_SIZE = 50;

const KIND_OPTIONS: readonly { value: AuditKind | ""; label: string }[] = [
  { value: "", label: "Every kind" },
  { value: "Changes", label: "Changes" },
  { value: "SignIns", label: "Sign-ins" },
  { value: "FailedSignIns", label: "Failed sign-ins and locks" },
  { value: "Denied", label: "Refused requests" },
];

/** The filters live in the address, so a search survives a reload and can be sent to a colleague. */
type FilterKey = "text" | "kind" | "from" | "to";

/**
 * /admin/audit-log: who did what, when and from where, in the administrator's facility: sign-ins,
 * failed sign-ins, refused requests and every change, the latest first, searchable and exportable.
 */
export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  // The filters are this page's state, written to the address after each change. (Two quick
  // changes through setSearchParams alone, a kind and then typing, could each start from the
  // address before the other and lose the first.)
  const [state, setState] = useState<Record<FilterKey | "page", string>>(() => ({
    text: params.get("text") ?? "",
    kind: params.get("kind") ?? "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    page: params.get("page") ?? "",
  }));
  useEffect(() => {
    const next = new URLSearchParams(Object.entries(state).filter(([, part]) => part !== ""));
    setParams(next, { replace: true });
  }, [state, setParams]);
  const value = (key: FilterKey) => state[key];
  const page = Math.max(0, Number.parseInt(state.page || "0", 10) || 0);

  function setFilter(key: FilterKey | "page", next: string) {
    // A new filter starts again at the first page.
    setState((current) => ({ ...current, [key]: next, ...(key === "page" ? {} : { page: "" }) }));
  }

  const text = useDebouncedValue(value("text").trim(), 300);
  const filter = {
    text: text || null,
    kind: (value("kind") || null) as AuditKind | null,
    from: value("from") || null,
    to: value("to") || null,
  };
  const { data, previousData, loading, error } = useQuery(AuditLog_Query, {
    variables: { filter, page: { offset: page * PAGE_SIZE, size: PAGE_SIZE } },
    fetchPolicy: "cache-and-network",
  });
  const log = (data ?? previousData)?.auditLog;
  const exportQuery = new URLSearchParams(
    Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== null),
  ).toString();
  const filtered = Object.values(filter).some((part) => part !== null);

  return (
    <ShellPage
      title="Audit Log"
      description="Every sign-in, failed sign-in, refused request and change in your facility: who, what, when and from where."
      actions={<ExportButtons path={`/api/audit-log${exportQuery ? `?${exportQuery}` : ""}`} name="audit-log" />}
    >
      <Stack gap="4">
        <Flex gap="4" wrap="wrap" align="flex-end" className="no-print" as="search" aria-label="Filter the audit log">
          <TableFilter
            label="Search"
            placeholder="Who, what, record, details or address"
            value={value("text")}
            onChange={(next) => setFilter("text", next)}
          />
          <SelectField
            label="Kind"
            value={value("kind")}
            onChange={(next) => setFilter("kind", next)}
            options={KIND_OPTIONS}
            width={{ base: "full", sm: "56" }}
          />
          <DateFilter label="From" value={value("from")} onChange={(next) => setFilter("from", next)} />
          <DateFilter label="To" value={value("to")} onChange={(next) => setFilter("to", next)} />
          {filtered ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setState({ text: "", kind: "", from: "", to: "", page: "" })}
            >
              Clear filters
            </Button>
          ) : null}
        </Flex>

        {error ? <ErrorAlert title="The audit log could not be loaded" message={error.message} /> : null}
        {!log && loading ? <LoadingState label="Loading the audit log…" /> : null}
        {log && !error ? (
          log.total === 0 ? (
            <EmptyNote
              title={filtered ? "No audit records match these filters" : "No audit records yet"}
              description={filtered ? "Change or clear the filters to see more." : undefined}
            />
          ) : (
            <Stack gap="3" aria-busy={loading}>
              <Text color="fg.muted" textStyle="sm">
                The latest first. Times are in the facility's time zone ({log.timeZone}); the export also gives UTC.
              </Text>
              <Box overflowX="auto">
                <Table.Root size="sm" aria-label="Audit log" data-testid="audit-log">
                  <Table.Header>
                    <PlainHeaders columns={["When", "Who", "What", "Record", "Details", "From"]} />
                  </Table.Header>
                  <Table.Body>
                    {log.entries.map((entry) => (
                      <Table.Row key={entry.id} data-testid="audit-entry">
                        <Table.Cell whiteSpace="nowrap">{formatFacilityTime(entry.at, log.timeZone)}</Table.Cell>
                        <Table.Cell>{entry.who}</Table.Cell>
                        <Table.Cell title={entry.action}>{entry.what}</Table.Cell>
                        <Table.Cell>
                          <RecordCell kind={entry.recordKind} entityId={entry.entityId} record={entry.record} />
                        </Table.Cell>
                        <Table.Cell color="fg.muted">{entry.details ?? ""}</Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{entry.source ?? "—"}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
              <TablePager
                view={serverPage(log.offset, log.entries.length, log.total, log.size)}
                noun="records"
                onPage={(next) => setFilter("page", next > 0 ? String(next) : "")}
              />
            </Stack>
          )
        ) : null}
      </Stack>
    </ShellPage>
  );
}

/** The record in words over its kind ('Cost center'); its id where it has no name (an email, a request). */
function RecordCell({ kind, entityId, record }: { kind: string; entityId: string; record: string | null }) {
  if (record) {
    return (
      <Box title={entityId}>
        <Text>{record}</Text>
        <Text color="fg.muted" textStyle="xs">
          {kind}
        </Text>
      </Box>
    );
  }
  return (
    <Box>
      <Text>{kind}</Text>
      <Code size="sm" variant="plain" color="fg.muted" wordBreak="break-all">
        {entityId}
      </Code>
    </Box>
  );
}

function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (next: string) => void }) {
  return (
    <Field.Root maxW="44">
      <Field.Label>{label}</Field.Label>
      <Input type="date" size="sm" value={value} onChange={(event) => onChange(event.target.value)} />
    </Field.Root>
  );
}

/** Where a page the server cut sits, as the pager shows it. */
function serverPage(offset: number, shown: number, total: number, size: number) {
  return {
    page: Math.floor(offset / size),
    pageCount: Math.max(1, Math.ceil(total / size)),
    from: shown === 0 ? 0 : offset + 1,
    to: offset + shown,
    count: total,
    total,
    term: "",
  };
}
