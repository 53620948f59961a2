import { useQuery } from "@apollo/client";
import { useChart } from "@chakra-ui/charts";
import {
  Badge,
  Box,
  Button,
  Card,
  Drawer,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from "@chakra-ui/react";
import { useMemo, useState } from "react";
import { Link as RouterLink } from "react-router";
import { graphql } from "../../gql";
import type { FacilityDashboard_QueryQuery, PlanStatus } from "../../gql/graphql";
import { BarSeriesChart, type ChartRow } from "../../ui/BarSeriesChart";
import { ExportButtons } from "../../ui/ExportButtons";
import { formatFacilityTime } from "../../ui/facilityTime";
import { Loaded } from "../../ui/Loaded";
import { type Column, filterRows, headerColumns, type Sort, SortableHeaders, sortRows } from "../../ui/table";
import { NoCostCenters } from "../shell/NoCostCenters";
import { ShellPage } from "../shell/ShellPage";
import { useFacilityTimeZone } from "../shell/viewer";
import { FTE_COLUMNS, FteCells, fte, PLAN_STATUS, StaffingFigureCards, TableCard } from "./dashboardParts";

const FacilityDashboard_Query = graphql(`
  query FacilityDashboard_Query {
    facilityDashboard {
      budgetYear
      costCenters {
        ...CostCenterFiguresFields
      }
      totals {
        ...StaffingFiguresFields
      }
      statusCounts {
        notStarted
        inProgress
        completed
        attested
        needsReverification
      }
    }
  }
`);

type Dashboard = FacilityDashboard_QueryQuery["facilityDashboard"];
type Row = Dashboard["costCenters"][number];

/** The table's figures, in a row and in the totals beneath. */
const FIGURE_COLUMNS = [...FTE_COLUMNS, { key: "hppdPlanned", label: "HPPD planned" }] as const;

type SortKey = "code" | "name" | "status" | (typeof FIGURE_COLUMNS)[number]["key"];
/** What the filter searches: number and name. */
const costCenterText = (r: Row) => `${r.code} ${r.name}`;
/** By cost center number, numerically: the server's order. */
const COLUMNS: readonly Column<Row, SortKey>[] = [
  { key: "code", label: "Cost center", numeric: false, value: (r) => r.code, numericText: true },
  { key: "name", label: "Name", numeric: false, value: (r) => r.name },
  { key: "status", label: "Status", numeric: false, value: (r) => PLAN_STATUS[r.status].label },
  ...FIGURE_COLUMNS.map(({ key, label }) => ({ key, label, numeric: true, value: (r: Row) => r.figures[key] })),
];

/** /exec/facility-dashboard: every cost center in the executive's scope, charts and a table to drill into. */
export function FacilityDashboardPage() {
  const query = useQuery(FacilityDashboard_Query);
  const dashboard = query.data?.facilityDashboard;
  return (
    <ShellPage
      title="FACILITY DASHBOARD"
      description="Budgeted, hired and open FTE across the facility, per cost center, for the current budget year."
      actions={dashboard ? <ExportButtons path="/api/dashboard/facility" name="facility-dashboard" /> : null}
    >
      <Loaded data={dashboard} query={query} what="the facility dashboard">
        {(dashboard) =>
          dashboard.costCenters.length === 0 ? (
            <NoCostCenters scope="oversee" />
          ) : (
            <DashboardBody dashboard={dashboard} />
          )
        }
      </Loaded>
    </ShellPage>
  );
}

function DashboardBody({ dashboard }: { dashboard: Dashboard }) {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<PlanStatus | "">("");
  const [sort, setSort] = useState<Sort<SortKey>>({ key: "code", descending: false });
  const [open, setOpen] = useState<Row | null>(null);
  const rows = useMemo(() => {
    const matching = filterRows(dashboard.costCenters, costCenterText, search);
    return sortRows(
      matching.filter((r) => !status || r.status === status),
      COLUMNS,
      sort,
    );
  }, [dashboard, search, status, sort]);
  const totals = dashboard.totals;

  return (
    <Stack gap="6">
      <StaffingFigureCards
        figures={totals}
        budgetedPaidHelp={`Budget year ${dashboard.budgetYear}`}
        hppdHelp="Direct-care hours per patient day"
      />

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <GapChart rows={dashboard.costCenters} />
        <StatusSummary counts={dashboard.statusCounts} />
      </SimpleGrid>

      <TableCard
        filters={
          <>
            <Input
              aria-label="Filter cost centers"
              placeholder="Filter by number or name"
              maxW="xs"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            <NativeSelect.Root maxW="xs">
              <NativeSelect.Field
                aria-label="Plan status"
                value={status}
                onChange={(event) => setStatus(event.target.value as PlanStatus | "")}
              >
                <option value="">Every status</option>
                {(Object.keys(PLAN_STATUS) as PlanStatus[]).map((s) => (
                  <option key={s} value={s}>
                    {PLAN_STATUS[s].label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </>
        }
        rowCount={`${rows.length} of ${dashboard.costCenters.length} cost centers`}
      >
        <Table.Root size="sm" interactive data-testid="dashboard-table">
          <Table.Header>
            <SortableHeaders columns={headerColumns(COLUMNS)} sort={sort} onSort={setSort} />
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.costCenterId} data-testid="dashboard-row">
                <Table.Cell>
                  <Button variant="plain" size="sm" px="0" color="brand.fg" onClick={() => setOpen(row)}>
                    {row.code}
                  </Button>
                </Table.Cell>
                <Table.Cell>{row.name}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={PLAN_STATUS[row.status].palette}>{PLAN_STATUS[row.status].label}</Badge>
                </Table.Cell>
                <FteCells figures={row.figures} columns={FIGURE_COLUMNS} />
              </Table.Row>
            ))}
          </Table.Body>
          <Table.Footer>
            <Table.Row fontWeight="semibold" data-testid="dashboard-totals">
              <Table.Cell colSpan={3}>Total, all {dashboard.costCenters.length} cost centers</Table.Cell>
              <FteCells figures={totals} columns={FIGURE_COLUMNS} />
            </Table.Row>
          </Table.Footer>
        </Table.Root>
      </TableCard>
      <CostCenterDrawer row={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

/** The cost centers with the largest gap, as bars: where to hire first. */
function GapChart({ rows }: { rows: readonly Row[] }) {
  const chart = useChart({
    data: [...rows]
      .filter((r) => r.figures.gapFte > 0)
      .sort((a, b) => b.figures.gapFte - a.figures.gapFte)
      .slice(0, 10)
      .map((r): ChartRow => ({ costCenter: r.code, gap: r.figures.gapFte })),
    series: [{ name: "gap", color: "red.solid", label: "Gap FTE" }],
  });
  return (
    <Card.Root variant="outline" bg="bg.panel" data-testid="gap-chart">
      <Card.Header>
        <Text fontWeight="semibold">Gap by cost center (largest ten)</Text>
      </Card.Header>
      <Card.Body>
        {chart.data.length === 0 ? (
          <Text color="fg.muted">No cost center has a gap.</Text>
        ) : (
          <BarSeriesChart chart={chart} x="costCenter" label="Gap FTE by cost center" maxH="64" plain />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function StatusSummary({ counts }: { counts: Dashboard["statusCounts"] }) {
  const items: [PlanStatus, number][] = [
    ["NotStarted", counts.notStarted],
    ["InProgress", counts.inProgress],
    ["Completed", counts.completed],
    ["Attested", counts.attested],
    ["NeedsReverification", counts.needsReverification],
  ];
  const total = items.reduce((sum, [, n]) => sum + n, 0);
  return (
    <Card.Root variant="outline" bg="bg.panel">
      <Card.Header>
        <Text fontWeight="semibold">Plans by status</Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="3" data-testid="status-counts">
          {items.map(([status, n]) => (
            <HStack key={status} gap="3">
              <Text w="44" textStyle="sm">
                {PLAN_STATUS[status].label}
              </Text>
              <Box flex="1" bg="bg.muted" h="3" rounded="full" overflow="hidden" aria-hidden="true">
                <Box bg={`${PLAN_STATUS[status].palette}.solid`} h="full" w={`${total ? (n / total) * 100 : 0}%`} />
              </Box>
              <Text w="8" textAlign="end" fontWeight="semibold">
                {n}
              </Text>
            </HStack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function CostCenterDrawer({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const timeZone = useFacilityTimeZone();
  const figures = row?.figures;
  const lines: [string, string][] = figures
    ? [
        ["Budgeted productive FTE", fte(figures.budgetedProductiveFte)],
        ["Budgeted paid FTE", fte(figures.budgetedPaidFte)],
        ["Finance productive FTE", fte(figures.financeProductiveFte)],
        ["Finance paid FTE", fte(figures.financePaidFte)],
        ["Hired FTE", fte(figures.hiredFte)],
        ["PRN FTE", fte(figures.prnFte)],
        ["Traveller FTE", fte(figures.travellerFte)],
        ["Requested FTE", fte(figures.requestedFte)],
        ["Gap FTE", fte(figures.gapFte)],
        ["Over-hire FTE", fte(figures.overHireFte)],
        ["HPPD planned / target", `${fte(figures.hppdPlanned)} / ${fte(row?.hppdTarget)}`],
        ["Census-driven FTE", fte(figures.censusDrivenFte)],
      ]
    : [];
  return (
    <Drawer.Root open={row !== null} onOpenChange={(event) => (event.open ? undefined : onClose())} size="md">
      <Drawer.Backdrop />
      <Drawer.Positioner>
        <Drawer.Content>
          <Drawer.Header>
            <Drawer.Title>{row ? `${row.code} ${row.name}` : ""}</Drawer.Title>
          </Drawer.Header>
          <Drawer.Body>
            {row ? (
              <Stack gap="4">
                <Badge alignSelf="flex-start" colorPalette={PLAN_STATUS[row.status].palette}>
                  {PLAN_STATUS[row.status].label}
                </Badge>
                {row.attestedAt ? (
                  <Text textStyle="sm">
                    Attested by {row.attestedByName} on {formatFacilityTime(row.attestedAt, timeZone)}
                  </Text>
                ) : null}
                <Table.Root size="sm" data-testid="drawer-figures">
                  <Table.Body>
                    {lines.map(([label, value]) => (
                      <Table.Row key={label}>
                        <Table.Cell>{label}</Table.Cell>
                        <Table.Cell textAlign="end">{value}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Stack>
            ) : null}
          </Drawer.Body>
          <Drawer.Footer>
            {row ? (
              <Button asChild colorPalette="brand">
                <RouterLink to={`/exec/individual-dashboard?costCenter=${row.costCenterId}`}>
                  Open the individual dashboard
                </RouterLink>
              </Button>
            ) : null}
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
          </Drawer.Footer>
        </Drawer.Content>
      </Drawer.Positioner>
    </Drawer.Root>
  );
}
