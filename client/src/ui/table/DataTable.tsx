import { Box, Button, Field, Flex, HStack, Input, Stack, Table, type TableRootProps, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { type HeaderColumn, SortableHeaders } from "./SortableHeaders";
import { type Column, pageOf } from "./tableView";
import { usePrinting } from "./usePrinting";
import type { TableState, TableView } from "./useTableState";

/** The columns as their headers take them: a column sorts when it has a sort value. */
export function headerColumns<Row, Key extends string>(columns: readonly Column<Row, Key>[]): HeaderColumn<Key>[] {
  return columns.map((column) => ({
    key: column.key,
    label: column.label,
    numeric: column.numeric,
    sortable: column.value !== undefined,
    headerProps: column.headerProps,
  }));
}

/** The filter of a list: a labelled search field. */
export function TableFilter({
  label,
  placeholder,
  value,
  onChange,
  maxW = "sm",
  orientation = "vertical",
}: {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (text: string) => void;
  maxW?: string;
  /** Horizontal: the label beside the field, for a toolbar of one line. */
  orientation?: "vertical" | "horizontal";
}) {
  return (
    <Field.Root
      maxW={{ base: "full", sm: maxW }}
      flex={{ base: "1 1 100%", sm: "0 1 auto" }}
      orientation={orientation}
      gap="2"
      className="no-print"
    >
      <Field.Label whiteSpace="nowrap" flexShrink="0">
        {label}
      </Field.Label>
      <Input
        type="search"
        size="sm"
        placeholder={placeholder}
        value={value}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
    </Field.Root>
  );
}

/** "No jobs match “x”.", the one message of a filter that leaves nothing. */
export function noMatchText(noun: string, term: string): string {
  return `No ${noun} match “${term}”.`;
}

export function TableNoMatch({ noun, term }: { noun: string; term: string }) {
  return (
    <Box borderWidth="1px" borderStyle="dashed" borderRadius="l2" px="4" py="6" textAlign="center">
      <Text color="fg.muted" data-testid="table-no-match">
        {noMatchText(noun, term)}
      </Text>
    </Box>
  );
}

/** "Showing 1–25 of 130", with Previous and Next when there is more than one page. */
export function TablePager({
  view,
  noun,
  onPage,
}: {
  /** Where the page sits: a filtered list's view, or a page the server cut. */
  view: Pick<TableView<unknown>, "page" | "pageCount" | "from" | "to" | "count" | "total" | "term">;
  noun: string;
  onPage: (page: number) => void;
}) {
  const filtered = view.term !== "" && view.count !== view.total;
  return (
    <Flex gap="3" align="center" justify="space-between" wrap="wrap" data-testid="table-pager">
      {/* A status: a change of filter or page is read out. */}
      <Text textStyle="sm" color="fg.muted" role="status" data-testid="table-range">
        {view.count === 0
          ? `No ${noun} shown`
          : `Showing ${view.from}–${view.to} of ${view.count}${filtered ? ` (filtered from ${view.total})` : ""}`}
      </Text>
      {view.pageCount > 1 ? (
        <HStack gap="2" as="nav" aria-label={`Pages of ${noun}`} className="no-print">
          <Button size="xs" variant="outline" disabled={view.page === 0} onClick={() => onPage(view.page - 1)}>
            Previous
          </Button>
          <Text textStyle="sm" fontVariantNumeric="tabular-nums">
            Page {view.page + 1} of {view.pageCount}
          </Text>
          <Button
            size="xs"
            variant="outline"
            disabled={view.page >= view.pageCount - 1}
            onClick={() => onPage(view.page + 1)}
          >
            Next
          </Button>
        </HStack>
      ) : null}
    </Flex>
  );
}

type DataTableProps<Row, Key extends string> = {
  table: { state: TableState<Key>; view: TableView<Row>; columns: readonly Column<Row, Key>[] };
  /** The table's accessible name. */
  label: string;
  filterLabel: string;
  filterPlaceholder?: string;
  /** The rows' name in the plural, for "No … match" and the pager. */
  noun: string;
  renderRow: (row: Row) => ReactNode;
  /** Beside the filter (an Add button). */
  toolbar?: ReactNode;
  /** Shown instead of the table when the list has no rows at all. */
  empty?: ReactNode;
  size?: TableRootProps["size"];
  interactive?: boolean;
  testId?: string;
  /** On the box the table scrolls in (a maximum height, a test id). */
  scrollProps?: Record<string, unknown>;
  /** Headers' row background. */
  headerBg?: string;
};

/**
 * A list as a table: a filter, sortable headers, the page of rows, and where the page sits, in the
 * one layout every list of the app uses. Rows are the caller's (they hold their own controls).
 */
export function DataTable<Row, Key extends string>({
  table,
  label,
  filterLabel,
  filterPlaceholder,
  noun,
  renderRow,
  toolbar,
  empty,
  size = "sm",
  interactive,
  testId,
  scrollProps,
  headerBg,
}: DataTableProps<Row, Key>) {
  const { state, columns } = table;
  // A printout holds every row the filter keeps, not one page.
  const printing = usePrinting();
  const view = printing ? { ...table.view, ...pageOf(table.view.matched, 0, null) } : table.view;
  if (view.total === 0 && empty) return <>{empty}</>;
  return (
    <Stack gap="3">
      <Flex gap="3" justify="space-between" align="flex-end" wrap="wrap" className="no-print">
        <TableFilter
          label={filterLabel}
          placeholder={filterPlaceholder}
          value={state.filter}
          onChange={state.onFilter}
        />
        {toolbar}
      </Flex>
      {view.count === 0 ? (
        <TableNoMatch noun={noun} term={view.term} />
      ) : (
        <Box overflowX="auto" {...scrollProps}>
          <Table.Root size={size} interactive={interactive} aria-label={label} data-testid={testId}>
            <Table.Header bg={headerBg}>
              <SortableHeaders columns={headerColumns(columns)} sort={state.sort} onSort={state.onSort} />
            </Table.Header>
            <Table.Body>{view.rows.map(renderRow)}</Table.Body>
          </Table.Root>
        </Box>
      )}
      <TablePager view={view} noun={noun} onPage={state.onPage} />
    </Stack>
  );
}
