import { useChart } from "@chakra-ui/charts";
import { Badge, Stack, Table, Text } from "@chakra-ui/react";
import { memo } from "react";
import type { ModelFigures } from "../../../../schema/staffing";
import { BarSeriesChart, type ChartRow } from "../../ui/BarSeriesChart";
import { changeText, FORMATS, type FormatName } from "./draft";
import { ModellingCard } from "./ModellingCard";

type Side = { label: string; figures: ModelFigures };

type Row = { label: string; format: FormatName; value: (f: ModelFigures) => number | null; help?: string };
const ROWS: readonly Row[] = [
  { label: "Care hours needed a day", format: "hoursADay", value: (f) => f.summary.dailyPlannedCare },
  { label: "Care hours scheduled a day", format: "hoursADay", value: (f) => f.summary.dailyPlannedHours },
  { label: "HPPD delivered", format: "fte", value: (f) => f.summary.careTeamHours },
  { label: "Census-driven need (FTE)", format: "fte", value: (f) => f.summary.censusDrivenFte },
  { label: "Productive FTE", format: "fte", value: (f) => f.summary.productiveFte },
  { label: "Paid FTE", format: "fte", value: (f) => f.summary.totalPaidFte },
  { label: "Overtime FTE", format: "fte", value: (f) => f.summary.overtimeFte },
  { label: "Hired FTE", format: "fte", value: (f) => f.totals.hiredFte },
  { label: "Gap FTE", format: "fte", value: (f) => f.totals.totalGap },
  { label: "Paid hours a year", format: "hoursAYear", value: (f) => f.annualPaidHours },
  { label: "Cost a year", format: "dollars", value: (f) => f.annualCost },
];

/** A change cell: the difference in words; a changed row is also marked by weight and background, never colour alone. */
function ChangeCell({ text }: { text: string }) {
  const changed = text !== "No change";
  return (
    <Table.Cell textAlign="end" fontWeight={changed ? "semibold" : "normal"} color={changed ? "fg" : "fg.muted"}>
      {text}
    </Table.Cell>
  );
}

// The rows take the figures as shown (strings) and are memoised on them: a keystroke re-renders only
// the rows whose figures it changes (a census change leaves every role's row as it was).

const FigureRow = memo(function FigureRow(props: { label: string; before: string; after: string; change: string }) {
  const changed = props.change !== "No change" && props.change !== "—";
  return (
    <Table.Row data-testid="model-figure" bg={changed ? "yellow.subtle" : undefined}>
      <Table.Cell as="th" scope="row" fontWeight="medium">
        {props.label}
      </Table.Cell>
      <Table.Cell textAlign="end">{props.before}</Table.Cell>
      <Table.Cell textAlign="end">{props.after}</Table.Cell>
      <ChangeCell text={props.change} />
    </Table.Row>
  );
});

const RoleRow = memo(function RoleRow(props: {
  name: string;
  isNew: boolean;
  paidBefore: string;
  paidAfter: string;
  hired: string;
  gapBefore: string;
  gapAfter: string;
  change: string;
}) {
  return (
    <Table.Row data-testid="model-role">
      <Table.Cell as="th" scope="row" fontWeight="medium">
        {props.name}{" "}
        {props.isNew ? (
          <Badge colorPalette="blue" variant="subtle">
            New
          </Badge>
        ) : null}
      </Table.Cell>
      <Table.Cell textAlign="end">{props.paidBefore}</Table.Cell>
      <Table.Cell textAlign="end">{props.paidAfter}</Table.Cell>
      <Table.Cell textAlign="end">{props.hired}</Table.Cell>
      <Table.Cell textAlign="end">{props.gapBefore}</Table.Cell>
      <Table.Cell textAlign="end">{props.gapAfter}</Table.Cell>
      <ChangeCell text={props.change} />
    </Table.Row>
  );
});

/** The baseline (the saved plan or another scenario) and the model side by side, with the differences. */
export function ModelComparison({ baseline, model, rateKnown }: { baseline: Side; model: Side; rateKnown: boolean }) {
  return (
    <Stack gap="6">
      <ModellingCard title="Figures">
        <Table.Root size="sm" data-testid="model-figures">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Figure</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{baseline.label}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{model.label}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Change</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {ROWS.map((row) => {
              const before = row.value(baseline.figures);
              const after = row.value(model.figures);
              return (
                <FigureRow
                  key={row.label}
                  label={row.label}
                  before={before === null ? "—" : FORMATS[row.format](before)}
                  after={after === null ? "—" : FORMATS[row.format](after)}
                  change={before === null || after === null ? "—" : changeText(before, after, row.format)}
                />
              );
            })}
          </Table.Body>
        </Table.Root>
        {rateKnown ? null : (
          <Text textStyle="sm" color="fg.muted" mt="3">
            No cost is shown: the facility has no average hourly rate yet (an administrator sets it in Basic Financial
            Information).
          </Text>
        )}
      </ModellingCard>
      <RoleTable baseline={baseline} model={model} />
      <DistributionChart
        baselineLabel={baseline.label}
        modelLabel={model.label}
        before={baseline.figures.summary.position24HDistribution}
        after={model.figures.summary.position24HDistribution}
      />
    </Stack>
  );
}

function RoleTable({ baseline, model }: { baseline: Side; model: Side }) {
  const before = new Map(baseline.figures.roles.map((r) => [r.roleKey, r]));
  return (
    <ModellingCard title="Roles" scrollsSideways>
      <Table.Root size="sm" data-testid="model-roles">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Role</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Paid FTE ({baseline.label})</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Paid FTE ({model.label})</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Hired FTE</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Gap ({baseline.label})</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Gap ({model.label})</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Gap change</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {model.figures.roles.map((role) => {
            const was = before.get(role.roleKey);
            return (
              <RoleRow
                key={role.roleKey}
                name={role.name}
                isNew={!was}
                paidBefore={was ? FORMATS.fte(was.paidFte) : "—"}
                paidAfter={FORMATS.fte(role.paidFte)}
                hired={FORMATS.fte(role.hiredFte + role.travellerFte)}
                gapBefore={was ? FORMATS.fte(was.gapFte) : "—"}
                gapAfter={FORMATS.fte(role.gapFte)}
                change={changeText(was?.gapFte ?? 0, role.gapFte, "fte")}
              />
            );
          })}
        </Table.Body>
      </Table.Root>
    </ModellingCard>
  );
}

type DistributionProps = { baselineLabel: string; modelLabel: string; before: number[]; after: number[] };

/** Memoised on the numbers: most keystrokes (census, HPPD, an exempt FTE) leave the distribution as it was. */
const DistributionChart = memo(
  function DistributionChart({ baselineLabel, modelLabel, before, after }: DistributionProps) {
    const chart = useChart({
      data: after.map(
        (staff, hour): ChartRow => ({
          hour: String(hour).padStart(2, "0"),
          [baselineLabel]: before[hour] ?? 0,
          [modelLabel]: staff,
        }),
      ),
      series: [
        { name: baselineLabel, color: "gray.400" },
        { name: modelLabel, color: "teal.600" },
      ],
    });
    return (
      <ModellingCard
        title="Staff on duty, hour by hour"
        description={`The 24-hour distribution of scheduled staff (variable roles), ${baselineLabel.toLowerCase()} beside the model.`}
      >
        <BarSeriesChart
          chart={chart}
          x="hour"
          label={`Staff on duty per hour: ${baselineLabel} and ${modelLabel}`}
          testId="model-distribution"
          maxH="64"
          everyTick={false}
          wholeNumbers
        />
      </ModellingCard>
    );
  },
  (a, b) =>
    a.baselineLabel === b.baselineLabel &&
    a.modelLabel === b.modelLabel &&
    a.before.join() === b.before.join() &&
    a.after.join() === b.after.join(),
);
