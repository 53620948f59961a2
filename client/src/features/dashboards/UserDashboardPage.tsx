import { useQuery } from "@apollo/client";
import { Badge, Button, Card, HStack, List, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { WIZARD_STEP_INFO } from "../../../../schema/staffing";
import { writeSession } from "../../auth/session";
import { graphql } from "../../gql";
import type { UserDashboard_QueryQuery } from "../../gql/graphql";
import { EmptyNote } from "../../ui/EmptyNote";
import { ExportButtons } from "../../ui/ExportButtons";
import { Loaded } from "../../ui/Loaded";
import { type Column, headerColumns, type Sort, SortableHeaders, sortRows } from "../../ui/table";
import { ShellPage } from "../shell/ShellPage";
import { FTE_COLUMNS, FteCells, FteFigureCards, PLAN_STATUS } from "./dashboardParts";

const UserDashboard_Query = graphql(`
  query UserDashboard_Query {
    userDashboard {
      budgetYear
      costCenters {
        costCenter {
          ...CostCenterFiguresFields
        }
        completeWizard
        stepsLeft
        nextStep
        todo
        notices
      }
      totals {
        ...StaffingFiguresFields
      }
    }
  }
`);

type Dashboard = UserDashboard_QueryQuery["userDashboard"];
type Row = Dashboard["costCenters"][number];

type SortKey = "code" | "status" | "stepsLeft" | (typeof FTE_COLUMNS)[number]["key"];
/** By cost center number, numerically: the server's order. */
const COLUMNS: readonly Column<Row, SortKey>[] = [
  { key: "code", label: "Cost center", numeric: false, value: (r) => r.costCenter.code, numericText: true },
  { key: "status", label: "Status", numeric: false, value: (r) => PLAN_STATUS[r.costCenter.status].label },
  { key: "stepsLeft", label: "Steps left", numeric: true, value: (r) => r.stepsLeft.length },
  ...FTE_COLUMNS.map(({ key, label }) => ({
    key,
    label,
    numeric: true,
    value: (r: Row) => r.costCenter.figures[key],
  })),
];

/** /user/dashboard: the figures of the user's cost centers, and what to do next in each. */
export function UserDashboardPage() {
  const query = useQuery(UserDashboard_Query, { fetchPolicy: "cache-and-network" });
  const dashboard = query.data?.userDashboard;
  return (
    <ShellPage
      title="DASHBOARD"
      description="Budgeted, hired and open FTE for your cost centers, and what to do next in each, for the current budget year."
      actions={dashboard ? <ExportButtons path="/api/dashboard" name={`dashboard-${dashboard.budgetYear}`} /> : null}
    >
      <Loaded data={dashboard} query={query} what="your dashboard">
        {(dashboard) =>
          dashboard.costCenters.length === 0 ? (
            <EmptyNote
              title="No cost centers yet"
              description="Your dashboard fills in once an administrator gives you a permission on a cost center."
            />
          ) : (
            <DashboardBody dashboard={dashboard} />
          )
        }
      </Loaded>
    </ShellPage>
  );
}

function DashboardBody({ dashboard }: { dashboard: Dashboard }) {
  const totals = dashboard.totals;
  return (
    <Stack gap="6">
      <FteFigureCards
        budgeted={{ label: "Budgeted paid FTE", value: totals.budgetedPaidFte }}
        budgetYear={dashboard.budgetYear}
        totals={totals}
      />
      <NextSteps rows={dashboard.costCenters} />
      <FiguresTable rows={dashboard.costCenters} />
    </Stack>
  );
}

/** A card per cost center: where its plan stands, what to do next (a button to the step) and what needs attention. */
function NextSteps({ rows }: { rows: readonly Row[] }) {
  const navigate = useNavigate();
  const open = (row: Row) => {
    if (!row.nextStep) return;
    writeSession("costCenterId", row.costCenter.costCenterId);
    void navigate(WIZARD_STEP_INFO[row.nextStep].path);
  };
  return (
    <Stack gap="3" as="section" aria-labelledby="next-steps-heading">
      <Text as="h2" id="next-steps-heading" textStyle="lg" fontWeight="semibold">
        What to do next
      </Text>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="3">
        {rows.map((row) => (
          <Card.Root key={row.costCenter.costCenterId} variant="outline" bg="bg.panel" data-testid="next-step-card">
            <Card.Header>
              <HStack justify="space-between" align="flex-start" gap="3">
                <Text fontWeight="semibold">
                  {row.costCenter.code} {row.costCenter.name}
                </Text>
                <Badge colorPalette={PLAN_STATUS[row.costCenter.status].palette}>
                  {PLAN_STATUS[row.costCenter.status].label}
                </Badge>
              </HStack>
            </Card.Header>
            <Card.Body gap="3">
              <Text data-testid="next-step-todo">{row.todo}</Text>
              {row.notices.length > 0 ? (
                <Stack gap="1">
                  <Text textStyle="sm" fontWeight="medium">
                    Needs attention
                  </Text>
                  <List.Root textStyle="sm" ps="5" data-testid="next-step-notices">
                    {row.notices.map((notice) => (
                      <List.Item key={notice}>{notice}</List.Item>
                    ))}
                  </List.Root>
                </Stack>
              ) : null}
            </Card.Body>
            {row.nextStep ? (
              <Card.Footer>
                <Button size="sm" colorPalette="brand" className="no-print" onClick={() => open(row)}>
                  Open {WIZARD_STEP_INFO[row.nextStep].title.toLowerCase()}
                  <Text as="span" srOnly>
                    {` for ${row.costCenter.code}`}
                  </Text>
                </Button>
              </Card.Footer>
            ) : null}
          </Card.Root>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function FiguresTable({ rows }: { rows: readonly Row[] }) {
  const [sort, setSort] = useState<Sort<SortKey>>({ key: "code", descending: false });
  const sorted = useMemo(() => sortRows(rows, COLUMNS, sort), [rows, sort]);
  return (
    <Card.Root variant="outline" bg="bg.panel">
      <Card.Body>
        <Table.ScrollArea>
          <Table.Root size="sm" data-testid="user-dashboard-table">
            <Table.Header>
              <SortableHeaders columns={headerColumns(COLUMNS)} sort={sort} onSort={setSort} />
            </Table.Header>
            <Table.Body>
              {sorted.map((row) => (
                <Table.Row key={row.costCenter.costCenterId} data-testid="user-dashboard-row">
                  <Table.Cell>
                    {row.costCenter.code} {row.costCenter.name}
                  </Table.Cell>
                  <Table.Cell>{PLAN_STATUS[row.costCenter.status].label}</Table.Cell>
                  <Table.Cell textAlign="end">{row.stepsLeft.length}</Table.Cell>
                  <FteCells figures={row.costCenter.figures} columns={FTE_COLUMNS} />
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Card.Body>
    </Card.Root>
  );
}
