// Pieces the executive screens share: figures as the wizard shows them, stat cards, sortable
// column headers and the export buttons.
import { Chart, type UseChartReturn } from "@chakra-ui/charts";
import { Card, Stat } from "@chakra-ui/react";
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import { PLAN_STATUS_LABELS } from "../../../../schema/dashboards";
import type { PlanStatus } from "../../gql/graphql";

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

/** Bars of the chart's series stacked on one axis, with a legend and a tooltip (recharts through Chakra's chart). */
export type ChartRow = Record<string, string | number>;

export function StackedBarChart({
  chart,
  x,
  label,
  testId,
}: {
  chart: UseChartReturn<ChartRow>;
  /** The row key the bars stand on. */
  x: string;
  label: string;
  testId: string;
}) {
  return (
    <Chart.Root maxH="72" chart={chart} role="figure" aria-label={label} data-testid={testId}>
      <BarChart responsive data={chart.data}>
        <CartesianGrid stroke={chart.color("border.muted")} vertical={false} />
        <XAxis dataKey={chart.key(x)} tickLine={false} axisLine={false} interval={0} fontSize={11} />
        <YAxis tickLine={false} axisLine={false} />
        <Tooltip cursor={{ fill: chart.color("bg.muted") }} content={<Chart.Tooltip />} />
        <Legend content={<Chart.Legend />} />
        {chart.series.map((item) => (
          <Bar
            key={String(item.name)}
            isAnimationActive={false}
            dataKey={chart.key(item.name)}
            fill={chart.color(item.color)}
            stackId={item.stackId}
          />
        ))}
      </BarChart>
    </Chart.Root>
  );
}
