import { Chart, type UseChartReturn } from "@chakra-ui/charts";
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";

/** A chart's rows: the x key's value and a number per series. */
export type ChartRow = Record<string, string | number>;

/**
 * The chart's series as bars on one axis (stacked where a series names its stack), recharts through
 * Chakra's chart. By default with a legend, a tooltip and every x tick in a small font.
 */
export function BarSeriesChart({
  chart,
  x,
  label,
  testId,
  maxH = "72",
  plain = false,
  everyTick = !plain,
  wholeNumbers = false,
}: {
  chart: UseChartReturn<ChartRow>;
  /** The row key the bars stand on. */
  x: string;
  label: string;
  testId?: string;
  maxH?: "64" | "72";
  /** Bars only: no legend, no tooltip, and recharts' own x ticks. */
  plain?: boolean;
  /** A tick under every bar (else recharts leaves out the ones that would collide). */
  everyTick?: boolean;
  /** The y axis counts (no fractions). */
  wholeNumbers?: boolean;
}) {
  return (
    <Chart.Root maxH={maxH} chart={chart} role="figure" aria-label={label} data-testid={testId}>
      <BarChart responsive data={chart.data}>
        <CartesianGrid stroke={chart.color("border.muted")} vertical={false} />
        <XAxis
          dataKey={chart.key(x)}
          tickLine={false}
          axisLine={false}
          {...(everyTick ? { interval: 0 } : {})}
          {...(plain ? {} : { fontSize: 11 })}
        />
        <YAxis tickLine={false} axisLine={false} {...(wholeNumbers ? { allowDecimals: false } : {})} />
        {plain ? null : <Tooltip cursor={{ fill: chart.color("bg.muted") }} content={<Chart.Tooltip />} />}
        {plain ? null : <Legend content={<Chart.Legend />} />}
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
