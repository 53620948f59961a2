import { useCallback, useMemo, useState } from "react";
import { type Column, filterRows, filterTerm, type Page, pageOf, type Sort, sortRows } from "./tableView";

/** Lists longer than this are paged; shorter ones show on one page. */
export const DEFAULT_PAGE_SIZE = 25;

export type TableState<Key extends string> = {
  sort: Sort<Key>;
  /** The filter as typed. */
  filter: string;
  /** 0-based; may point past the end, the view clamps it. */
  page: number;
  /** `null`: every row on one page. */
  pageSize: number | null;
  onSort: (sort: Sort<Key>) => void;
  /** A new filter or sort starts again at the first page. */
  onFilter: (text: string) => void;
  onPage: (page: number) => void;
};

/** A table's sort, filter text and page; a change of sort or filter goes back to the first page. */
export function useTableState<Key extends string>(options: {
  defaultSort: Sort<Key>;
  pageSize?: number | null;
}): TableState<Key> {
  const [sort, setSort] = useState(options.defaultSort);
  const [filter, setFilter] = useState("");
  const [page, setPage] = useState(0);
  const onSort = useCallback((next: Sort<Key>) => {
    setSort(next);
    setPage(0);
  }, []);
  const onFilter = useCallback((text: string) => {
    setFilter(text);
    setPage(0);
  }, []);
  const pageSize = options.pageSize === undefined ? DEFAULT_PAGE_SIZE : options.pageSize;
  return { sort, filter, page, pageSize, onSort, onFilter, onPage: setPage };
}

export type TableView<Row> = Page<Row> & {
  /** Every row the filter keeps, in order, on every page (for a printout). */
  matched: Row[];
  /** The rows before filtering. */
  total: number;
  /** The filter as it matches (trimmed); empty when none. */
  term: string;
};

/** The rows sorted, filtered and paged as the state says (worked out again only when one of them changes). */
export function useTableView<Row, Key extends string>(
  rows: readonly Row[],
  columns: readonly Column<Row, Key>[],
  /** What the filter searches in a row. */
  text: (row: Row) => string,
  state: Pick<TableState<Key>, "sort" | "filter" | "page" | "pageSize">,
): TableView<Row> {
  const { sort, filter, page, pageSize } = state;
  // The text of every row once per list, not once per keystroke.
  const texts = useMemo(() => new Map(rows.map((row) => [row, text(row)])), [rows, text]);
  const sorted = useMemo(() => sortRows(rows, columns, sort), [rows, columns, sort]);
  const matched = useMemo(() => filterRows(sorted, (row) => texts.get(row) ?? "", filter), [sorted, texts, filter]);
  return useMemo(
    () => ({
      ...pageOf(matched, page, pageSize),
      matched,
      total: rows.length,
      term: filterTerm(filter) ? filter.trim() : "",
    }),
    [matched, page, pageSize, rows.length, filter],
  );
}

/** State and view in one: a table of its own. */
export function useTable<Row, Key extends string>(
  rows: readonly Row[],
  options: {
    columns: readonly Column<Row, Key>[];
    text: (row: Row) => string;
    defaultSort: Sort<Key>;
    pageSize?: number | null;
  },
): { state: TableState<Key>; view: TableView<Row>; columns: readonly Column<Row, Key>[] } {
  const state = useTableState<Key>({ defaultSort: options.defaultSort, pageSize: options.pageSize });
  const view = useTableView(rows, options.columns, options.text, state);
  return { state, view, columns: options.columns };
}
