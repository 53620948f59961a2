import { Button, Table } from "@chakra-ui/react";

export type Sort<Key extends string> = { key: Key; descending: boolean };

/** A column header that sorts its table: click once ascending, again descending. */
export function SortableHeader<Key extends string>({
  column,
  label,
  numeric,
  sort,
  onSort,
}: {
  column: Key;
  label: string;
  numeric: boolean;
  sort: Sort<Key>;
  onSort: (sort: Sort<Key>) => void;
}) {
  const active = sort.key === column;
  return (
    <Table.ColumnHeader
      textAlign={numeric ? "end" : "start"}
      aria-sort={active ? (sort.descending ? "descending" : "ascending") : undefined}
    >
      <Button
        variant="plain"
        size="xs"
        px="0"
        fontWeight="semibold"
        onClick={() => onSort({ key: column, descending: active ? !sort.descending : false })}
      >
        {label}
        {active ? (sort.descending ? " ↓" : " ↑") : ""}
      </Button>
    </Table.ColumnHeader>
  );
}

/** A table's header row of sortable columns. */
export function SortableHeaders<Key extends string>({
  columns,
  sort,
  onSort,
}: {
  /** Columns with `sortable: false` are headed but do not sort. */
  columns: readonly { key: Key; label: string; numeric: boolean; sortable?: boolean }[];
  sort: Sort<Key>;
  onSort: (sort: Sort<Key>) => void;
}) {
  return (
    <Table.Row>
      {columns.map((column) =>
        column.sortable === false ? (
          <Table.ColumnHeader key={column.key} textAlign={column.numeric ? "end" : "start"}>
            {column.label}
          </Table.ColumnHeader>
        ) : (
          <SortableHeader
            key={column.key}
            column={column.key}
            label={column.label}
            numeric={column.numeric}
            sort={sort}
            onSort={onSort}
          />
        ),
      )}
    </Table.Row>
  );
}

// The orders String#localeCompare gives, made once: a collator per comparison is what makes
// sorting thousands of rows slow.
const textOrder = new Intl.Collator();
const numericTextOrder = new Intl.Collator("en", { numeric: true });

/** Compares two cells for sorting: no figure last, cost center numbers numerically. */
export function compareCells(a: string | number | null, b: string | number | null, numericText = false) {
  if (a === null) return b === null ? 0 : 1;
  if (b === null) return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return (numericText ? numericTextOrder : textOrder).compare(String(a), String(b));
}
