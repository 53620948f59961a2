import { Button, Table, type TableColumnHeaderProps } from "@chakra-ui/react";
import type { Sort } from "./tableView";

/** A header of a table: sortable unless `sortable` is false. */
export type HeaderColumn<Key extends string> = {
  key: Key;
  label: string;
  numeric?: boolean;
  sortable?: boolean;
  headerProps?: TableColumnHeaderProps;
};

/**
 * A column header that sorts its table: press once ascending, again descending. The header says
 * its order to assistive technology (aria-sort); the arrow is only for the eye.
 */
export function SortableHeader<Key extends string>({
  column,
  sort,
  onSort,
}: {
  column: HeaderColumn<Key>;
  sort: Sort<Key>;
  onSort: (sort: Sort<Key>) => void;
}) {
  const active = sort.key === column.key;
  return (
    <Table.ColumnHeader
      textAlign={column.numeric ? "end" : "start"}
      aria-sort={active ? (sort.descending ? "descending" : "ascending") : "none"}
      {...column.headerProps}
    >
      <Button
        variant="plain"
        size="xs"
        px="0"
        h="auto"
        minH="6"
        fontSize="inherit"
        fontWeight="inherit"
        color="inherit"
        textAlign="inherit"
        whiteSpace="normal"
        onClick={() => onSort({ key: column.key, descending: active ? !sort.descending : false })}
      >
        {column.label}
        <span aria-hidden="true">{active ? (sort.descending ? " ↓" : " ↑") : " ↕"}</span>
      </Button>
    </Table.ColumnHeader>
  );
}

/** A column title of a table that does not sort; a column of figures has its title aligned right, over them. */
export type PlainColumn = string | { label: string; numeric: boolean };

/** A table's header row of plain column titles, for a table that does not sort. */
export function PlainHeaders({ columns }: { columns: readonly PlainColumn[] }) {
  return (
    <Table.Row>
      {columns.map((column) =>
        typeof column === "string" ? (
          <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
        ) : (
          <Table.ColumnHeader key={column.label} textAlign={column.numeric ? "end" : undefined}>
            {column.label}
          </Table.ColumnHeader>
        ),
      )}
    </Table.Row>
  );
}

/** A table's header row: sortable columns, and plain headers for the ones that do not sort. */
export function SortableHeaders<Key extends string>({
  columns,
  sort,
  onSort,
}: {
  columns: readonly HeaderColumn<Key>[];
  sort: Sort<Key>;
  onSort: (sort: Sort<Key>) => void;
}) {
  return (
    <Table.Row>
      {columns.map((column) =>
        column.sortable === false ? (
          <Table.ColumnHeader key={column.key} textAlign={column.numeric ? "end" : "start"} {...column.headerProps}>
            {column.label}
          </Table.ColumnHeader>
        ) : (
          <SortableHeader key={column.key} column={column} sort={sort} onSort={onSort} />
        ),
      )}
    </Table.Row>
  );
}
