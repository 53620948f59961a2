import { useQuery } from "@apollo/client";
import { useChart } from "@chakra-ui/charts";
import { Button, Card, HStack, Input, SegmentGroup, Stack, Table, Text } from "@chakra-ui/react";
import { Fragment, useMemo, useState } from "react";
import { ROLLUP_GROUP_BY_LABELS } from "../../../../schema/dashboards";
import { graphql } from "../../gql";
import type { PositionsRollup_QueryQuery, RollupGroupBy } from "../../gql/graphql";
import { BarSeriesChart } from "../../ui/BarSeriesChart";
import { EmptyNote } from "../../ui/EmptyNote";
import { ExportButtons } from "../../ui/ExportButtons";
import { Loaded } from "../../ui/Loaded";
import { compareCells, type Sort, SortableHeader } from "../../ui/table";
import { ShellPage } from "../shell/ShellPage";
import { FteFigureCards, fte, TableCard } from "./dashboardParts";

const PositionsRollup_Query = graphql(`
  query PositionsRollup_Query($groupBy: RollupGroupBy!) {
    positionsRollup(groupBy: $groupBy) {
      budgetYear
      groupBy
      rows {
        key
        label
        detail
        figures {
          ...RollupFiguresFields
        }
        breakdown {
          key
          label
          detail
          figures {
            ...RollupFiguresFields
          }
        }
      }
      totals {
        ...RollupFiguresFields
      }
    }
  }
`);

type Rollup = PositionsRollup_QueryQuery["positionsRollup"];
type Row = Rollup["rows"][number];
type Figures = Row["figures"];

/** The GraphQL enum's names beside the words the screen shows (the same as the export's first column). */
const GROUPINGS: { value: RollupGroupBy; label: string; opensOnto: string }[] = [
  { value: "JOB_CATEGORY", label: ROLLUP_GROUP_BY_LABELS.JobCategory, opensOnto: "cost centers" },
  { value: "JOB", label: ROLLUP_GROUP_BY_LABELS.Job, opensOnto: "cost centers" },
  { value: "COST_CENTER", label: ROLLUP_GROUP_BY_LABELS.CostCenter, opensOnto: "jobs" },
];

type SortKey = "label" | keyof Omit<Figures, "__typename">;
const FIGURE_COLUMNS: { key: Exclude<SortKey, "label">; label: string }[] = [
  { key: "budgetedFte", label: "Budgeted FTE" },
  { key: "hiredFte", label: "Hired FTE" },
  { key: "prnFte", label: "PRN FTE" },
  { key: "travellerFte", label: "Traveller FTE" },
  { key: "requestedFte", label: "Requested FTE" },
  { key: "gapFte", label: "Gap FTE" },
  { key: "overHireFte", label: "Over-hire FTE" },
];

/** /exec/positions-rollup: FTE by job category, job or cost center, each row opening onto the other. */
export function PositionsRollupPage() {
  const [groupBy, setGroupBy] = useState<RollupGroupBy>("JOB_CATEGORY");
  const query = useQuery(PositionsRollup_Query, { variables: { groupBy } });
  // While another grouping loads, the last one stays on screen (no flash of an empty page).
  const rollup = (query.data ?? query.previousData)?.positionsRollup;
  return (
    <ShellPage
      title="POSITIONS ROLLUP"
      description="Budgeted, hired and open FTE by job category, job or cost center, for the current budget year."
      actions={
        rollup ? (
          <ExportButtons
            path={`/api/dashboard/position-rollup?groupBy=${groupBy}`}
            name={`positions-rollup-${groupBy.toLowerCase().replace("_", "-")}`}
          />
        ) : null
      }
    >
      <Stack gap="6">
        <HStack gap="3" wrap="wrap" className="no-print">
          <Text id="group-by-label" fontWeight="medium">
            Rows by
          </Text>
          <SegmentGroup.Root
            aria-labelledby="group-by-label"
            value={groupBy}
            onValueChange={(event) => event.value && setGroupBy(event.value as RollupGroupBy)}
          >
            <SegmentGroup.Indicator />
            <SegmentGroup.Items items={GROUPINGS.map((g) => ({ value: g.value, label: g.label }))} />
          </SegmentGroup.Root>
          {query.loading && rollup ? (
            <Text textStyle="sm" color="fg.muted" role="status">
              Loading…
            </Text>
          ) : null}
        </HStack>
        <Loaded data={rollup} query={query} what="the positions rollup">
          {(rollup) =>
            rollup.rows.length === 0 ? (
              <EmptyNote
                title="No positions to roll up yet"
                description="The rollup fills in as the cost centers you oversee define roles in their staffing plans."
              />
            ) : (
              <RollupBody key={rollup.groupBy} rollup={rollup} />
            )
          }
        </Loaded>
      </Stack>
    </ShellPage>
  );
}

function RollupBody({ rollup }: { rollup: Rollup }) {
  const grouping = GROUPINGS.find((g) => g.value === rollup.groupBy) ?? (GROUPINGS[0] as (typeof GROUPINGS)[number]);
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<Sort<SortKey>>({ key: "label", descending: false });
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const rows = useMemo(() => {
    const term = search.trim().toLowerCase();
    const matches = (row: Row) =>
      !term || row.label.toLowerCase().includes(term) || (row.detail ?? "").toLowerCase().includes(term);
    const value = (row: Row) => (sort.key === "label" ? null : row.figures[sort.key]);
    const ordered = rollup.rows.filter(matches);
    // By label: the server's order (names; cost centers by number; no job last).
    if (sort.key !== "label") ordered.sort((a, b) => compareCells(value(a), value(b)));
    return sort.descending ? ordered.reverse() : ordered;
  }, [rollup, search, sort]);
  const toggle = (key: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const totals = rollup.totals;

  return (
    <Stack gap="6">
      <FteFigureCards
        budgeted={{ label: "Budgeted FTE", value: totals.budgetedFte }}
        budgetYear={rollup.budgetYear}
        totals={totals}
      />

      <MixChart rows={rollup.rows} title={`FTE mix by ${grouping.label.toLowerCase()}`} />

      <TableCard
        filters={
          <Input
            aria-label={`Filter by ${grouping.label.toLowerCase()}`}
            placeholder={`Filter by ${grouping.label.toLowerCase()}`}
            maxW="xs"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        }
        rowCount={`${rows.length} of ${countOf(rollup.rows.length, "row")}`}
      >
        <Table.Root size="sm" data-testid="rollup-table">
          <Table.Header>
            <Table.Row>
              <SortableHeader column={{ key: "label", label: grouping.label }} sort={sort} onSort={setSort} />
              {FIGURE_COLUMNS.map((column) => (
                <SortableHeader
                  key={column.key}
                  column={{ key: column.key, label: column.label, numeric: true }}
                  sort={sort}
                  onSort={setSort}
                />
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => {
              const open = expanded.has(row.key);
              return (
                <Fragment key={row.key}>
                  <Table.Row data-testid="rollup-row">
                    <Table.Cell>
                      <Button
                        variant="plain"
                        size="sm"
                        px="0"
                        color="brand.fg"
                        aria-expanded={open}
                        aria-label={`${open ? "Close" : "Open"} ${row.label}: ${row.breakdown.length} ${grouping.opensOnto}`}
                        onClick={() => toggle(row.key)}
                      >
                        {/* Drawn by CSS: the arrow is not part of the row's text. */}
                        <Text as="span" aria-hidden="true" w="3" _before={{ content: open ? '"▾"' : '"▸"' }} />
                        {row.label}
                      </Button>
                      {row.detail && rollup.groupBy === "JOB" ? (
                        <Text as="span" textStyle="xs" color="fg.muted" ms="2">
                          {row.detail}
                        </Text>
                      ) : null}
                    </Table.Cell>
                    <FigureCells figures={row.figures} />
                  </Table.Row>
                  {open
                    ? row.breakdown.map((part) => (
                        <Table.Row key={`${row.key}|${part.key}`} data-testid="rollup-breakdown-row" bg="bg.subtle">
                          <Table.Cell ps="10" textStyle="sm">
                            {part.label}
                          </Table.Cell>
                          <FigureCells figures={part.figures} />
                        </Table.Row>
                      ))
                    : null}
                </Fragment>
              );
            })}
          </Table.Body>
          <Table.Footer>
            <Table.Row fontWeight="semibold" data-testid="rollup-totals">
              <Table.Cell>Total</Table.Cell>
              <FigureCells figures={totals} />
            </Table.Row>
          </Table.Footer>
        </Table.Root>
      </TableCard>
      <Text textStyle="sm" color="fg.muted" data-testid="rollup-rounding-note">
        {ROUNDING_NOTE}
      </Text>
    </Stack>
  );
}

/** Why the rows may not add up to the totals to the cent (server/services/positionsRollup.ts). */
const ROUNDING_NOTE =
  "Totals add up each cost center's figures as the facility dashboard shows them. Rows are rounded on their own, so they may add up to a few hundredths more or less.";

const countOf = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

function FigureCells({ figures }: { figures: Figures }) {
  return (
    <>
      {FIGURE_COLUMNS.map((column) => (
        <Table.Cell key={column.key} textAlign="end">
          {fte(figures[column.key])}
        </Table.Cell>
      ))}
    </>
  );
}

/** What fills each row's budget: hired, travellers, requisitions and the gap, stacked (the largest ten rows). */
function MixChart({ rows, title }: { rows: readonly Row[]; title: string }) {
  const chart = useChart({
    data: [...rows]
      .sort((a, b) => b.figures.budgetedFte - a.figures.budgetedFte)
      .slice(0, 10)
      .map(
        (r): Record<string, string | number> => ({
          row: r.label,
          hired: r.figures.hiredFte,
          traveller: r.figures.travellerFte,
          requested: r.figures.requestedFte,
          gap: r.figures.gapFte,
        }),
      ),
    series: [
      { name: "hired", color: "teal.solid", label: "Hired", stackId: "fte" },
      { name: "traveller", color: "purple.solid", label: "Traveller", stackId: "fte" },
      { name: "requested", color: "orange.solid", label: "Requested", stackId: "fte" },
      { name: "gap", color: "red.solid", label: "Gap", stackId: "fte" },
    ],
  });
  return (
    <Card.Root variant="outline" bg="bg.panel" data-testid="mix-chart">
      <Card.Header>
        <Text fontWeight="semibold">{title} (largest ten budgets)</Text>
      </Card.Header>
      <Card.Body>
        <BarSeriesChart chart={chart} x="row" label={title} testId="mix-chart-bars" />
      </Card.Body>
    </Card.Root>
  );
}
