// @vitest-environment jsdom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { type Column, compareCells, filterRows, pageOf, type Sort, sortRows } from "./tableView";
import { useTable } from "./useTableState";

afterEach(cleanup);

type Person = { id: number; first: string; code: string; fte: number | null };
type Key = "first" | "code" | "fte" | "id";

const PEOPLE: readonly Person[] = [
  { id: 1, first: "bea", code: "10", fte: 1 },
  { id: 2, first: "Adam", code: "9", fte: 0.5 },
  { id: 3, first: "carl", code: "100", fte: null },
  { id: 4, first: "Bea", code: "2", fte: 0.5 },
  { id: 5, first: "ADA", code: "11", fte: 1 },
];

const COLUMNS: readonly Column<Person, Key>[] = [
  { key: "first", label: "First name", value: (p) => p.first },
  { key: "code", label: "Cost center", value: (p) => p.code, numericText: true },
  { key: "fte", label: "FTE", numeric: true, value: (p) => p.fte },
  { key: "id", label: "Id" },
];
const text = (p: Person) => `${p.first} ${p.code}`;
const ids = (rows: readonly Person[]) => rows.map((p) => p.id);
const by = (key: Key, descending = false): Sort<Key> => ({ key, descending });

describe("sortRows", () => {
  it("sorts text ascending and descending, case-insensitively", () => {
    expect(ids(sortRows(PEOPLE, COLUMNS, by("first")))).toEqual([5, 2, 1, 4, 3]);
    expect(ids(sortRows(PEOPLE, COLUMNS, by("first", true)))).toEqual([3, 1, 4, 2, 5]);
  });

  it("keeps rows that tie in the order they came, both ways ('bea' and 'Bea'; the two 0.5 and the two 1)", () => {
    // ascending: 0.5 (ids 2, 4), 1 (ids 1, 5), then no value (3) last
    expect(ids(sortRows(PEOPLE, COLUMNS, by("fte")))).toEqual([2, 4, 1, 5, 3]);
    // descending: 1 (ids 1, 5, still in their order), 0.5 (2, 4), no value still last
    expect(ids(sortRows(PEOPLE, COLUMNS, by("fte", true)))).toEqual([1, 5, 2, 4, 3]);
    expect(ids(sortRows(PEOPLE, COLUMNS, by("first", true)))).toEqual([3, 1, 4, 2, 5]);
  });

  it("sorts numbers held as text as numbers (cost center numbers)", () => {
    expect(ids(sortRows(PEOPLE, COLUMNS, by("code")))).toEqual([4, 2, 1, 5, 3]);
    expect(ids(sortRows(PEOPLE, COLUMNS, by("code", true)))).toEqual([3, 5, 1, 2, 4]);
  });

  it("leaves the order alone for a column without a sort value", () => {
    expect(ids(sortRows(PEOPLE, COLUMNS, by("id", true)))).toEqual([1, 2, 3, 4, 5]);
  });

  it("compares no value after any value", () => {
    expect(compareCells(null, 0)).toBe(1);
    expect(compareCells("a", null)).toBe(-1);
    expect(compareCells(null, null)).toBe(0);
  });
});

describe("filterRows", () => {
  it("matches any part of the text, ignoring case and the spaces around the term", () => {
    expect(ids(filterRows(PEOPLE, text, "BEA"))).toEqual([1, 4]);
    expect(ids(filterRows(PEOPLE, text, "  ada "))).toEqual([2, 5]);
    expect(ids(filterRows(PEOPLE, text, "10"))).toEqual([1, 3]);
    expect(ids(filterRows(PEOPLE, text, "zzz"))).toEqual([]);
    expect(ids(filterRows(PEOPLE, text, "   "))).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("pageOf", () => {
  const seven = [1, 2, 3, 4, 5, 6, 7];
  it("cuts pages and says where they sit", () => {
    expect(pageOf(seven, 0, 3)).toEqual({ rows: [1, 2, 3], page: 0, pageCount: 3, from: 1, to: 3, count: 7 });
    expect(pageOf(seven, 2, 3)).toEqual({ rows: [7], page: 2, pageCount: 3, from: 7, to: 7, count: 7 });
  });

  it("keeps the page inside the pages there are", () => {
    expect(pageOf(seven, 9, 3)).toEqual({ rows: [7], page: 2, pageCount: 3, from: 7, to: 7, count: 7 });
    expect(pageOf(seven, -1, 3)).toEqual({ rows: [1, 2, 3], page: 0, pageCount: 3, from: 1, to: 3, count: 7 });
    expect(pageOf([], 4, 3)).toEqual({ rows: [], page: 0, pageCount: 1, from: 0, to: 0, count: 0 });
  });

  it("shows every row on one page without a page size", () => {
    expect(pageOf(seven, 1, null)).toEqual({ rows: seven, page: 0, pageCount: 1, from: 1, to: 7, count: 7 });
  });
});

describe("useTable", () => {
  function render(pageSize: number | null = 2) {
    return renderHook(() => useTable(PEOPLE, { columns: COLUMNS, text, defaultSort: by("first"), pageSize }));
  }

  it("starts in the default order, on the first page", () => {
    const { result } = render();
    expect(ids(result.current.view.rows)).toEqual([5, 2]);
    expect(result.current.view).toMatchObject({ page: 0, pageCount: 3, from: 1, to: 2, count: 5, total: 5, term: "" });
    // Every row the filter keeps, in order, for a printout.
    expect(ids(result.current.view.matched)).toEqual([5, 2, 1, 4, 3]);
  });

  it("sorts descending on the second press of a header's sort", () => {
    const { result } = render(null);
    act(() => result.current.state.onSort(by("code")));
    expect(ids(result.current.view.rows)).toEqual([4, 2, 1, 5, 3]);
    act(() => result.current.state.onSort(by("code", true)));
    expect(ids(result.current.view.rows)).toEqual([3, 5, 1, 2, 4]);
  });

  it("pages forward and back, and never past the last page", () => {
    const { result } = render();
    act(() => result.current.state.onPage(2));
    expect(ids(result.current.view.rows)).toEqual([3]);
    expect(result.current.view).toMatchObject({ page: 2, from: 5, to: 5 });
    act(() => result.current.state.onPage(7));
    expect(result.current.view.page).toBe(2);
    act(() => result.current.state.onPage(1));
    expect(ids(result.current.view.rows)).toEqual([1, 4]);
  });

  it("filters case-insensitively and goes back to the first page when the filter changes", () => {
    const { result } = render();
    act(() => result.current.state.onPage(2));
    act(() => result.current.state.onFilter("A"));
    expect(result.current.state.page).toBe(0);
    // every name holds an "a": all five match, and the first page shows
    expect(ids(result.current.view.rows)).toEqual([5, 2]);
    act(() => result.current.state.onPage(1));
    act(() => result.current.state.onFilter("BEA "));
    expect(result.current.state.page).toBe(0);
    expect(ids(result.current.view.rows)).toEqual([1, 4]);
    expect(result.current.view).toMatchObject({ count: 2, total: 5, term: "BEA", pageCount: 1 });
    act(() => result.current.state.onFilter("nobody"));
    expect(result.current.view).toMatchObject({ rows: [], count: 0, from: 0, to: 0, term: "nobody" });
  });

  it("goes back to the first page when the sort changes", () => {
    const { result } = render();
    act(() => result.current.state.onPage(1));
    act(() => result.current.state.onSort(by("fte", true)));
    expect(result.current.state.page).toBe(0);
    expect(ids(result.current.view.rows)).toEqual([1, 5]);
  });
});
