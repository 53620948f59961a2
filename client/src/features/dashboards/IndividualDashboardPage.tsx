import { useQuery } from "@apollo/client";
import { useChart } from "@chakra-ui/charts";
import { Badge, Card, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { useSearchParams } from "react-router";
import { graphql } from "../../gql";
import type { BudgetMeasure, IndividualDashboard_SummaryQueryQuery } from "../../gql/graphql";
import { BarSeriesChart } from "../../ui/BarSeriesChart";
import { ErrorAlert } from "../../ui/ErrorAlert";
import { ExportButtons } from "../../ui/ExportButtons";
import { formatFacilityTime } from "../../ui/facilityTime";
import { Loaded } from "../../ui/Loaded";
import { PlainHeaders } from "../../ui/table";
import { CostCenterChoice_Query, CostCenterSwitcher } from "../shell/CostCenterChoice";
import { NoCostCenters } from "../shell/NoCostCenters";
import { ShellPage } from "../shell/ShellPage";
import { useViewer } from "../shell/viewer";
import { FteCells, fte, PLAN_STATUS, StaffingFigureCards } from "./dashboardParts";

const IndividualDashboard_SummaryQuery = graphql(`
  query IndividualDashboard_SummaryQuery($id: ID!) {
    costCenterSummary(id: $id) {
      costCenter {
        ...CostCenterFiguresFields
      }
      timeZone
      annualHoursPerFte
      budget {
        measure
        plan
        budget
        variance
      }
      careSchedule {
        total
        byRole {
          unitRoleId
          name
          hours
        }
      }
      roles {
        id
        name
        jobName
        jobCategory
        isExempt
        shifts {
          shift
          startTime
          endTime
          staffPerShift
        }
        figures {
          ...RollupFiguresFields
        }
      }
      openPositions {
        id
        roleName
        requisitionNumber
        shift
        startTime
        endTime
        fte
        isTraveller
      }
    }
  }
`);

type Summary = IndividualDashboard_SummaryQueryQuery["costCenterSummary"];

const MEASURES: Record<BudgetMeasure, { label: string; format: (value: number) => string }> = {
  ProductiveFte: { label: "Productive FTE", format: (v) => v.toFixed(2) },
  PaidFte: { label: "Paid FTE", format: (v) => v.toFixed(2) },
  ProductiveHours: { label: "Productive hours a year", format: (v) => v.toLocaleString("en-US") },
  PaidHours: { label: "Paid hours a year", format: (v) => v.toLocaleString("en-US") },
};

/** A variance in words as well as sign: the meaning survives a black-and-white print. */
function varianceText(measure: BudgetMeasure, variance: number | null) {
  if (variance === null) return "—";
  if (variance === 0) return "On budget";
  const amount = MEASURES[measure].format(Math.abs(variance));
  return variance > 0 ? `+${amount} over budget` : `−${amount} under budget`;
}

/** The roles table's figures. */
const ROLE_FIGURE_COLUMNS = [
  { key: "budgetedFte", label: "Budgeted FTE" },
  { key: "hiredFte", label: "Hired FTE" },
  { key: "travellerFte", label: "Traveller FTE" },
  { key: "requestedFte", label: "Requested FTE" },
  { key: "gapFte", label: "Gap FTE" },
] as const satisfies readonly { key: keyof Summary["roles"][number]["figures"]; label: string }[];

/** "Days 0700–1930 × 2" */
const shiftText = (s: Summary["roles"][number]["shifts"][number]) =>
  `${s.shift} ${s.startTime}–${s.endTime} × ${s.staffPerShift}`;

/** /exec/individual-dashboard: one cost center of the executive's in depth, chosen from a picker. */
export function IndividualDashboardPage() {
  const { viewer } = useViewer();
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen = searchParams.get("costCenter") ?? "";
  const list = useQuery(CostCenterChoice_Query);
  const options = (list.data?.me.costCenterPermissions ?? []).filter(
    (p) => viewer?.accountType !== "exec" || p.executive,
  );
  const summary = useQuery(IndividualDashboard_SummaryQuery, { variables: { id: chosen }, skip: !chosen });
  return (
    <ShellPage
      title="INDIVIDUAL DASHBOARD"
      description="One cost center in depth: its plan beside finance's budget, its day, roles and open positions."
      actions={
        summary.data ? (
          <ExportButtons
            path={`/api/dashboard/cost-center/${chosen}`}
            name={`cost-center-${summary.data.costCenterSummary.costCenter.code}-${summary.data.costCenterSummary.costCenter.budgetYear}`}
            csvLabel="Export roles CSV"
          />
        ) : null
      }
    >
      <Stack gap="6">
        <CostCenterSwitcher
          options={options}
          value={chosen}
          onChange={(costCenterId) => setSearchParams(costCenterId ? { costCenter: costCenterId } : {})}
          disabled={list.loading}
          placeholder="Choose a cost center"
          className="no-print"
        />
        {list.error ? <ErrorAlert title="We could not load your cost centers" message={list.error.message} /> : null}
        {!list.loading && options.length === 0 && !list.error ? (
          <NoCostCenters scope="oversee" />
        ) : !chosen ? (
          <Text color="fg.muted">Choose a cost center to see its figures.</Text>
        ) : (
          <Loaded
            data={summary.data?.costCenterSummary}
            query={summary}
            what="this cost center"
            loadingLabel="Loading the cost center…"
          >
            {(costCenterSummary) => <SummaryBody summary={costCenterSummary} />}
          </Loaded>
        )}
      </Stack>
    </ShellPage>
  );
}

function SummaryBody({ summary }: { summary: Summary }) {
  const { costCenter } = summary;
  const attested = costCenter.attestedAt ? formatFacilityTime(costCenter.attestedAt, summary.timeZone) : null;
  return (
    <Stack gap="6" data-testid="cost-center-summary">
      <HStack gap="3" wrap="wrap">
        <Text textStyle="xl" fontWeight="semibold">
          {costCenter.code} {costCenter.name}
        </Text>
        <Badge colorPalette={PLAN_STATUS[costCenter.status].palette}>{PLAN_STATUS[costCenter.status].label}</Badge>
        <Text color="fg.muted">Budget year {costCenter.budgetYear}</Text>
      </HStack>
      <Text data-testid="attestation">
        {attested ? `Attested by ${costCenter.attestedByName ?? "—"} on ${attested}` : "Not attested yet."}
      </Text>

      <StaffingFigureCards
        figures={costCenter.figures}
        budgetedPaidHelp="What the plan needs"
        hppdHelp={`Target ${fte(costCenter.hppdTarget)}`}
      />

      <Section title="Plan against budget">
        <Table.Root size="sm" data-testid="budget-table">
          <Table.Header>
            <PlainHeaders
              columns={[
                "Measure",
                { label: "Plan", numeric: true },
                { label: "Budget", numeric: true },
                { label: "Variance", numeric: true },
              ]}
            />
          </Table.Header>
          <Table.Body>
            {summary.budget.map((line) => {
              const format = MEASURES[line.measure].format;
              return (
                <Table.Row key={line.measure}>
                  <Table.Cell>{MEASURES[line.measure].label}</Table.Cell>
                  <Table.Cell textAlign="end">{line.plan === null ? "—" : format(line.plan)}</Table.Cell>
                  <Table.Cell textAlign="end">{line.budget === null ? "Not entered" : format(line.budget)}</Table.Cell>
                  <Table.Cell textAlign="end">{varianceText(line.measure, line.variance)}</Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
        <Text textStyle="xs" color="fg.muted">
          Finance's budget as entered in the unit definition; hours are FTE × {summary.annualHoursPerFte ?? "—"} hours
          per FTE.
        </Text>
      </Section>

      <DayChart schedule={summary.careSchedule} />

      <Section title="Roles">
        {summary.roles.length === 0 ? (
          <Text color="fg.muted">No roles defined yet.</Text>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm" data-testid="roles-table">
              <Table.Header>
                <PlainHeaders
                  columns={[
                    "Role",
                    "Job",
                    "Shifts",
                    ...ROLE_FIGURE_COLUMNS.map(({ label }) => ({ label, numeric: true })),
                  ]}
                />
              </Table.Header>
              <Table.Body>
                {summary.roles.map((role) => (
                  <Table.Row key={role.id} data-testid="role-row">
                    <Table.Cell>{role.name}</Table.Cell>
                    <Table.Cell>
                      {role.jobName ?? "No job"}
                      {role.jobCategory ? (
                        <Text as="span" color="fg.muted" textStyle="xs" ms="2">
                          {role.jobCategory}
                        </Text>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell>{role.isExempt ? "Exempt" : role.shifts.map(shiftText).join("; ")}</Table.Cell>
                    <FteCells figures={role.figures} columns={ROLE_FIGURE_COLUMNS} />
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Section>

      <Section title="Open positions">
        {summary.openPositions.length === 0 ? (
          <Text color="fg.muted">No open positions.</Text>
        ) : (
          <Table.Root size="sm" data-testid="open-positions-table">
            <Table.Header>
              <PlainHeaders
                columns={["Role", "Shift", "Hours", { label: "FTE", numeric: true }, "Requisition", "Traveller"]}
              />
            </Table.Header>
            <Table.Body>
              {summary.openPositions.map((open) => (
                <Table.Row key={open.id} data-testid="open-position-row">
                  <Table.Cell>{open.roleName ?? "Role removed"}</Table.Cell>
                  <Table.Cell>{open.shift ?? "—"}</Table.Cell>
                  <Table.Cell>{open.startTime && open.endTime ? `${open.startTime}–${open.endTime}` : "—"}</Table.Cell>
                  <Table.Cell textAlign="end">{fte(open.fte)}</Table.Cell>
                  <Table.Cell>{open.requisitionNumber ?? "Not yet"}</Table.Cell>
                  <Table.Cell>{open.isTraveller ? "Yes" : "No"}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Section>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card.Root variant="outline" bg="bg.panel">
      <Card.Header>
        <Text as="h2" fontWeight="semibold">
          {title}
        </Text>
      </Card.Header>
      <Card.Body gap="3">{children}</Card.Body>
    </Card.Root>
  );
}

const ROLE_COLORS = ["teal.solid", "purple.solid", "orange.solid", "blue.solid", "pink.solid", "cyan.solid"];

/** Staff on duty in each hour of the day, stacked by role (the wizard's care schedule). */
function DayChart({ schedule }: { schedule: Summary["careSchedule"] }) {
  const chart = useChart({
    data: schedule.total.map(
      (_, hour): Record<string, string | number> => ({
        hour: String(hour).padStart(2, "0"),
        ...Object.fromEntries(schedule.byRole.map((role) => [role.unitRoleId, role.hours[hour] ?? 0])),
      }),
    ),
    series: schedule.byRole.map((role, index) => ({
      name: role.unitRoleId,
      label: role.name,
      color: ROLE_COLORS[index % ROLE_COLORS.length] ?? "teal.solid",
      stackId: "day",
    })),
  });
  return (
    <Section title="24-hour distribution">
      {schedule.byRole.length === 0 ? (
        <Text color="fg.muted">No shifts scheduled yet.</Text>
      ) : (
        <BarSeriesChart chart={chart} x="hour" label="Staff on duty by hour of the day" testId="day-chart" />
      )}
    </Section>
  );
}
