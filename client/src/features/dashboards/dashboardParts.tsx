// Pieces the executive screens share: the figures' fragments, figures as the wizard shows them, status words and stat cards.
import { Card, HStack, SimpleGrid, Stat, Table, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { PLAN_STATUS_LABELS } from "../../../../schema/dashboards";
import { graphql } from "../../gql";
import type { PlanStatus, StaffingFiguresFieldsFragment } from "../../gql/graphql";

/** The figures the dashboards' queries spread by name: a cost center's, its plan's and a rollup row's. */
graphql(`
  fragment CostCenterFiguresFields on CostCenterFigures {
    costCenterId
    code
    name
    budgetYear
    status
    hppdTarget
    attestedAt
    attestedByName
    figures {
      ...StaffingFiguresFields
    }
  }
  fragment StaffingFiguresFields on StaffingFigures {
    budgetedProductiveFte
    budgetedPaidFte
    financeProductiveFte
    financePaidFte
    hiredFte
    prnFte
    travellerFte
    requestedFte
    gapFte
    overHireFte
    hppdPlanned
    censusDrivenFte
  }
  fragment RollupFiguresFields on RollupFigures {
    budgetedFte
    hiredFte
    prnFte
    travellerFte
    requestedFte
    gapFte
    overHireFte
  }
`);

/** Status in words (the same as exports) and a badge colour that only repeats them. */
export const PLAN_STATUS: Record<PlanStatus, { label: string; palette: string }> = {
  NotStarted: { label: PLAN_STATUS_LABELS.NotStarted, palette: "gray" },
  InProgress: { label: PLAN_STATUS_LABELS.InProgress, palette: "orange" },
  Completed: { label: PLAN_STATUS_LABELS.Completed, palette: "blue" },
  Attested: { label: PLAN_STATUS_LABELS.Attested, palette: "green" },
  NeedsReverification: { label: PLAN_STATUS_LABELS.NeedsReverification, palette: "red" },
};

/** FTE and HPPD as shown everywhere: 2 decimals, a dash for no figure. */
export const fte = (value: number | null | undefined) =>
  value === null || value === undefined ? "—" : value.toFixed(2);

/** The FTE columns of the cost-center tables, in their order. */
export const FTE_COLUMNS = [
  { key: "budgetedPaidFte", label: "Budgeted paid FTE" },
  { key: "hiredFte", label: "Hired FTE" },
  { key: "requestedFte", label: "Requested FTE" },
  { key: "gapFte", label: "Gap FTE" },
] as const satisfies readonly { key: keyof StaffingFiguresFieldsFragment; label: string }[];

/** A table row's figures, one right-aligned cell per column, as FTE are shown. */
export function FteCells<Key extends string>({
  figures,
  columns,
}: {
  figures: Record<Key, number | null | undefined>;
  columns: readonly { key: Key }[];
}) {
  return columns.map(({ key }) => (
    <Table.Cell key={key} textAlign="end">
      {fte(figures[key])}
    </Table.Cell>
  ));
}

/** A dashboard's table on a card: its filters and how many rows they leave above it (not printed). */
export function TableCard({
  filters,
  rowCount,
  children,
}: {
  filters: ReactNode;
  rowCount: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card.Root variant="outline" bg="bg.panel">
      <Card.Body gap="4">
        <HStack gap="3" wrap="wrap" className="no-print">
          {filters}
          <Text textStyle="sm" color="fg.muted" data-testid="row-count">
            {rowCount}
          </Text>
        </HStack>
        <Table.ScrollArea>{children}</Table.ScrollArea>
      </Card.Body>
    </Card.Root>
  );
}

export function Figure({ label, value, help }: { label: string; value: string; help: string }) {
  return (
    <Card.Root variant="outline" bg="bg.panel">
      <Card.Body p="4">
        <Stat.Root>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText>{value}</Stat.ValueText>
          {/* A dd of its own: a definition list holds only dt and dd. */}
          <Stat.HelpText as="dd">{help}</Stat.HelpText>
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}

type Fte = number | null | undefined;

/**
 * A scope's FTE totals as five cards: its budget (named as the screen counts it) for the budget year,
 * then hired, traveller, requested and gap FTE.
 */
export function FteFigureCards({
  budgeted,
  budgetYear,
  totals,
}: {
  budgeted: { label: string; value: Fte };
  budgetYear: number;
  totals: Record<"hiredFte" | "prnFte" | "travellerFte" | "requestedFte" | "gapFte" | "overHireFte", Fte>;
}) {
  return (
    <SimpleGrid columns={{ base: 2, md: 5 }} gap="3">
      <Figure label={budgeted.label} value={fte(budgeted.value)} help={`Budget year ${budgetYear}`} />
      <Figure label="Hired FTE" value={fte(totals.hiredFte)} help={`PRN ${fte(totals.prnFte)} (apart)`} />
      <Figure label="Traveller FTE" value={fte(totals.travellerFte)} help="Share of the year under contract" />
      <Figure label="Requested FTE" value={fte(totals.requestedFte)} help="Open positions" />
      <Figure label="Gap FTE" value={fte(totals.gapFte)} help={`Over-hire ${fte(totals.overHireFte)} (apart)`} />
    </SimpleGrid>
  );
}

/** A plan's (or a scope's totals') five headline figures; only the budget's and HPPD's help differ by screen. */
export function StaffingFigureCards({
  figures,
  budgetedPaidHelp,
  hppdHelp,
}: {
  figures: StaffingFiguresFieldsFragment;
  budgetedPaidHelp: string;
  hppdHelp: string;
}) {
  return (
    <SimpleGrid columns={{ base: 2, md: 5 }} gap="3">
      <Figure label="Budgeted paid FTE" value={fte(figures.budgetedPaidFte)} help={budgetedPaidHelp} />
      <Figure
        label="Hired FTE"
        value={fte(figures.hiredFte)}
        help={`PRN ${fte(figures.prnFte)} · traveller ${fte(figures.travellerFte)}`}
      />
      <Figure label="Requested FTE" value={fte(figures.requestedFte)} help="Open positions" />
      <Figure label="Gap FTE" value={fte(figures.gapFte)} help={`Over-hire ${fte(figures.overHireFte)} (apart)`} />
      <Figure label="HPPD planned" value={fte(figures.hppdPlanned)} help={hppdHelp} />
    </SimpleGrid>
  );
}
