export { DataTable, headerColumns, noMatchText, TableFilter, TableNoMatch, TablePager } from "./DataTable";
export { type HeaderColumn, type PlainColumn, PlainHeaders, SortableHeader, SortableHeaders } from "./SortableHeaders";
export {
  type Column,
  compareCells,
  filterRows,
  filterTerm,
  pageOf,
  type Sort,
  type SortValue,
  sortRows,
} from "./tableView";
export { usePrinting } from "./usePrinting";
export {
  DEFAULT_PAGE_SIZE,
  type TableState,
  type TableView,
  useTable,
  useTableState,
  useTableView,
} from "./useTableState";
