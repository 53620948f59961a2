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
      <Figure label="Hours scheduled a day" value={formatHours(s.dailyPlannedHours)} testId="fig-planned" />
      <Figure
        label="Budget balance (hours a day)"
        value={formatHours(s.budgetBalance)}
        testId="fig-balance"
        tone={Math.abs(s.budgetBalance) < 0.05 ? "good" : "warn"}
        hint={s.budgetBalance > 0 ? "Under the care needed" : s.budgetBalance < 0 ? "Over the care needed" : "Balanced"}
      />
      <Figure
        label="HPPD the plan delivers"
        value={s.careTeamHours.toFixed(2)}
        budget={plan.careTeamTarget === null ? null : plan.careTeamTarget.toFixed(2)}
        testId="fig-hppd"
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
    ["Overtime FTE", plan.summary.overtimeFte, "overtimeFte"],
    ["Gap", t.totalGap, "totalGap"],
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
        Gap = budgeted paid − hired − requested − traveller. PRN and overtime are shown apart and never counted as
        hired.
      </Text>
    </Stack>
  );
}
