import { Box, Card, Heading, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { formatFte, formatHours } from "../../../../schema/staffing";
import type { PlanData } from "./useWizard";

/** A figure with its label, and finance's budget beside it when there is one. */
export function Figure({
  label,
  value,
  budget,
  hint,
  testId,
  tone,
}: {
  label: string;
  value: string;
  budget?: string | null;
  hint?: ReactNode;
  testId?: string;
  tone?: "good" | "warn" | undefined;
}) {
  return (
    <Card.Root variant="outline" bg="bg.panel" size="sm">
      <Card.Body gap="1">
        <Text textStyle="xs" color="fg.muted" fontWeight="medium">
          {label}
        </Text>
        <Text
          textStyle="2xl"
          fontWeight="semibold"
          fontVariantNumeric="tabular-nums"
          color={tone === "warn" ? "fg.warning" : tone === "good" ? "fg.success" : undefined}
          data-testid={testId}
        >
          {value}
        </Text>
        {budget !== undefined ? (
          <Text textStyle="xs" color="fg.muted">
            Budget: {budget ?? "not set"}
          </Text>
        ) : null}
        {hint ? (
          <Text textStyle="xs" color="fg.muted">
            {hint}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

const fte = (value: number | null | undefined) => (value === null || value === undefined ? null : formatFte(value));

/** '+1.25' or '−0.60': a difference always carries its sign, so it reads without colour. */
export function signedFte(value: number): string {
  const shown = formatFte(value);
  if (shown === "0.00") return shown;
  return value > 0 ? `+${shown}` : `−${shown.replace("-", "")}`;
}

/** The plan's headline figures beside finance's budget (DESIGN.md §3: reconcile on one screen). */
export function PlanFigures({ plan }: { plan: PlanData }) {
  const s = plan.summary;
  return (
    <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="3" data-testid="plan-figures">
      <Figure
        label="Care hours needed a day"
        value={formatHours(s.dailyPlannedCare)}
        testId="fig-care"
        hint="Census × HPPD"
      />
      <Figure
        label="Hours scheduled a day"
        value={formatHours(s.dailyPlannedHours)}
        testId="fig-planned"
        hint={`Paid hours; ${formatHours(s.directCareHours)} of them direct care`}
      />
      <Figure
        label="Budget balance (hours a day)"
        value={formatHours(s.budgetBalance)}
        testId="fig-balance"
        tone={Math.abs(s.budgetBalance) < 0.05 ? "good" : "warn"}
        hint={
          s.budgetBalance > 0
            ? "Direct care under the care needed"
            : s.budgetBalance < 0
              ? "Direct care over the care needed"
              : "Balanced"
        }
      />
      <Figure
        label="HPPD the plan delivers"
        value={s.careTeamHours.toFixed(2)}
        budget={plan.careTeamTarget === null ? null : plan.careTeamTarget.toFixed(2)}
        testId="fig-hppd"
        hint="Direct-care roles only"
      />
      <Figure
        label="Census-driven need (productive FTE)"
        value={formatFte(s.censusDrivenFte)}
        testId="fig-census-need"
        hint={`Census × HPPD × 365 ÷ ${plan.annualHoursPerFte}`}
      />
      <Figure
        label="Roles against census need (FTE)"
        value={signedFte(s.censusDrivenDifference)}
        testId="fig-census-difference"
        tone={Math.abs(s.censusDrivenDifference) < 0.005 ? "good" : "warn"}
        hint={`Direct-care roles schedule ${formatFte(s.directCareFte)} productive FTE`}
      />
      <Figure
        label="Productive FTE"
        value={formatFte(s.productiveFte)}
        budget={fte(plan.productiveFteBudget)}
        testId="fig-productive"
      />
      <Figure
        label="Total paid FTE"
        value={formatFte(s.totalPaidFte)}
        budget={fte(plan.totalPaidFteBudget)}
        testId="fig-paid"
      />
    </SimpleGrid>
  );
}

type Need = PlanData["needs"][number];
export const needLabel = (need: Pick<Need, "roleName" | "shift" | "startTime" | "endTime">) =>
  need.shift ? `${need.roleName} · ${need.shift} ${need.startTime}-${need.endTime}` : need.roleName;
export const needKey = (need: Pick<Need, "unitRoleId" | "shift">) => `${need.unitRoleId}|${need.shift ?? ""}`;

/** The columns a needs table can show, each an FTE figure of the position. */
const NEED_COLUMNS = {
  productiveFte: "Productive FTE",
  paidFte: "Paid FTE needed",
  filledFte: "Filled",
  openFte: "Unfilled",
  hiredFte: "Hired",
  travellerFte: "Traveller",
  requestedFte: "Requested",
  gapFte: "Gap",
  overHireFte: "Over-hire",
} as const satisfies Partial<Record<keyof Need, string>>;
export type NeedColumn = keyof typeof NEED_COLUMNS;

/** One row per needed position (role, and shift for variable roles) with the chosen FTE columns. */
export function NeedsTable({ plan, columns, testId }: { plan: PlanData; columns: NeedColumn[]; testId: string }) {
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" data-testid={testId}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Position</Table.ColumnHeader>
            {columns.map((column) => (
              <Table.ColumnHeader key={column} textAlign="end">
                {NEED_COLUMNS[column]}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {plan.needs.map((need) => (
            <Table.Row key={needKey(need)}>
              <Table.Cell>
                {needLabel(need)}
                {need.paidHours !== null && need.durationHours !== need.paidHours ? (
                  <Text as="span" color="fg.muted" textStyle="xs">
                    {" "}
                    ({need.paidHours} paid h)
                  </Text>
                ) : null}
              </Table.Cell>
              {columns.map((column) => (
                <Table.Cell key={column} textAlign="end" fontVariantNumeric="tabular-nums">
                  {formatFte(need[column])}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** The position-control totals (spec §3 budget and model summaries). */
export function TotalsTable({ plan }: { plan: PlanData }) {
  const t = plan.totals;
  const rows: [string, number, string][] = [
    ["Budgeted worked (productive) FTE", t.totalBudgetedWorked, "totalBudgetedWorked"],
    ["Budgeted paid FTE", t.totalBudgetedPaid, "totalBudgetedPaid"],
    ["Hired exempt FTE", t.hiredExemptFte, "hiredExemptFte"],
    ["Hired variable FTE", t.hiredVariableFte, "hiredVariableFte"],
    ["Hired FTE", t.hiredFte, "hiredFte"],
    ["Budgeted − hired difference", t.totalBudgetedHiredDifference, "totalBudgetedHiredDifference"],
    ["Requested FTE (open positions)", t.totalRequestedFte, "totalRequestedFte"],
    ["Traveller FTE", t.totalTravellerFte, "totalTravellerFte"],
    ["PRN FTE", t.prnFte, "prnFte"],
    ["Overtime FTE (non-exempt roles)", plan.summary.overtimeFte, "overtimeFte"],
    ["Gap (shortfalls of the positions)", t.totalGap, "totalGap"],
    ["Over-hire (above the positions' need)", t.totalOverHire, "totalOverHire"],
  ];
  return (
    <Stack gap="2">
      <Heading as="h2" size="md">
        Position control totals
      </Heading>
      <Box overflowX="auto">
        <Table.Root size="sm" variant="outline" maxW="xl" data-testid="totals-table">
          <Table.Body>
            {rows.map(([label, value, key]) => (
              <Table.Row key={key}>
                <Table.Cell>{label}</Table.Cell>
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" data-testid={`total-${key}`}>
                  {formatFte(value)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <Text textStyle="xs" color="fg.muted">
        Each position's gap = its budgeted paid FTE − hired − requested − traveller, never below 0; the gap is the sum
        of those shortfalls as shown, so one role's over-hire never hides another's shortage. Travellers count for the
        share of the budget year their contracts cover. PRN and overtime are shown apart and never counted as hired.
        Fixed exempt roles are productive for (1 − non-productive %) of their FTE. FTE is computed in full precision and
        shown with 2 decimals, so the budgeted totals may differ from the sum of the rows by 0.01 per row.
      </Text>
    </Stack>
  );
}
