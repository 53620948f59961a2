import type { TableColumnHeaderProps } from "@chakra-ui/react";

/**
 * The one way a list of the app is sorted, filtered and paged on the client (issue #15 item 4):
 * pure functions over rows, used by `useTableState` and, where several tables share one sort and
 * filter (user accessibility's positions), called per table.
 */

export type Sort<Key extends string> = { key: Key; descending: boolean };

/** What a cell sorts by: no value sorts last in either direction. */
export type SortValue = string | number | null;

/** A column of a table: its header, and what it sorts by (no `value`: it does not sort). */
export type Column<Row, Key extends string = string> = {
  key: Key;
  label: string;
  /** Right-aligned, as figures are. */
  numeric?: boolean;
  value?: (row: Row) => SortValue;
  /** Text holding a number that sorts as one ("9" before "10"): cost center numbers. */
  numericText?: boolean;
  headerProps?: TableColumnHeaderProps;
};

// The orders String#localeCompare gives, made once: a collator per comparison is what makes
// sorting thousands of rows slow. Base sensitivity: case and accents never order two rows.
const textOrder = new Intl.Collator("en", { sensitivity: "base" });
const numericTextOrder = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** Compares two cells for sorting: no value last, cost center numbers numerically, text case-insensitively. */
export function compareCells(a: SortValue, b: SortValue, numericText = false): number {
  if (a === null) return b === null ? 0 : 1;
  if (b === null) return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return (numericText ? numericTextOrder : textOrder).compare(String(a), String(b));
}

/**
 * The rows in a column's order. Stable both ways: rows that tie keep the order they came in (the
 * server's), also when descending; rows without a value stay last either way.
 */
export function sortRows<Row, Key extends string>(
  rows: readonly Row[],
  columns: readonly Column<Row, Key>[],
  sort: Sort<Key> | null,
): Row[] {
  const column = sort ? columns.find((c) => c.key === sort.key) : undefined;
  const value = column?.value;
  if (!sort || !column || !value) return [...rows];
  const direction = sort.descending ? -1 : 1;
  const keyed = rows.map((row, index) => ({ row, index, key: value(row) }));
  keyed.sort((a, b) => {
    if (a.key === null || b.key === null) return compareCells(a.key, b.key) || a.index - b.index;
    return direction * compareCells(a.key, b.key, column.numericText) || a.index - b.index;
  });
  return keyed.map((entry) => entry.row);
}

/** The filter as typed, made ready to match: trimmed, lower case. */
export function filterTerm(text: string): string {
  return text.trim().toLocaleLowerCase();
}

/** The rows whose text holds the term, case-insensitively (an empty term keeps every row). */
export function filterRows<Row>(rows: readonly Row[], text: (row: Row) => string, term: string): Row[] {
  const wanted = filterTerm(term);
  if (!wanted) return [...rows];
  return rows.filter((row) => text(row).toLocaleLowerCase().includes(wanted));
}

/** One page of a list, and where it sits in the list (1-based `from` and `to`; 0 and 0 when empty). */
export type Page<Row> = {
  rows: Row[];
  /** 0-based, clamped into the pages there are. */
  page: number;
  pageCount: number;
  from: number;
  to: number;
  count: number;
};

/** The page of the rows; a page past the end shows the last page, `null` page size shows all. */
export function pageOf<Row>(rows: readonly Row[], page: number, pageSize: number | null): Page<Row> {
  const size = pageSize === null || pageSize <= 0 ? Math.max(rows.length, 1) : pageSize;
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(0, Math.floor(page)), pageCount - 1);
  const start = current * size;
  const shown = rows.slice(start, start + size);
  return {
    rows: shown,
    page: current,
    pageCount,
    from: shown.length === 0 ? 0 : start + 1,
    to: start + shown.length,
    count: rows.length,
  };
}
