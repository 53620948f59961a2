import { Box, Card, Heading, HStack, SegmentGroup, Stack, Table, Text } from "@chakra-ui/react";
import { memo, useLayoutEffect, useState } from "react";
import { formatHours } from "../../../../schema/staffing";
import { PlanFigures } from "./figures";
import type { PlanData } from "./useWizard";
import { WizardFrame } from "./WizardFrame";

/** /user/wizard/careschedule: step 3. */
export function CareScheduleStep() {
  return (
    <WizardFrame
      step="CreateCareSchedules"
      description="Staff on duty hour by hour, per role and in total, against the care the census needs."
    >
      {({ plan }) => <CareScheduleBody plan={plan} />}
    </WizardFrame>
  );
}

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hourLabel = (h: number) => `${String(h).padStart(2, "0")}00`;
/** Distinct, colour-blind-friendly role colours (Okabe-Ito), repeated past eight roles. */
const ROLE_COLOURS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#999999"];
const one = (value: number) => (Math.round(value * 10) / 10).toString();

function CareScheduleBody({ plan }: { plan: PlanData }) {
  const [view, setView] = useState<"total" | "byRole">("byRole");
  // Render timing for the benchmark (tests/bench/wizardSave.ts reads these measures).
  performance.mark("care-schedule:render-start");
  useLayoutEffect(() => {
    performance.mark("care-schedule:render-end");
    performance.measure("care-schedule:render", "care-schedule:render-start", "care-schedule:render-end");
  });
  const neededPerHour = plan.summary.dailyPlannedCare / 24;
  const roles = plan.careSchedule.byRole.filter((r) => r.hours.some((h) => h > 0));
  return (
    <Stack gap="6">
      <PlanFigures plan={plan} />
      <Card.Root variant="outline" bg="bg.panel">
        <Card.Body gap="4">
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Stack gap="1">
              <Heading as="h2" size="md">
                24-hour care schedule
              </Heading>
              <Text textStyle="sm" color="fg.muted">
                Bars: staff on duty in each hour (a shift ending on the half hour counts half). Dashed line: staff
                needed each hour for {formatHours(plan.summary.dailyPlannedCare)} care hours a day.
              </Text>
            </Stack>
            <SegmentGroup.Root
              size="sm"
              value={view}
              onValueChange={(e) => setView((e.value as "total" | "byRole") ?? "byRole")}
              aria-label="Chart view"
            >
              <SegmentGroup.Indicator />
              <SegmentGroup.Items
                items={[
                  { value: "byRole", label: "By role" },
                  { value: "total", label: "Total" },
                ]}
              />
            </SegmentGroup.Root>
          </HStack>
          <HourChart total={plan.careSchedule.total} roles={view === "byRole" ? roles : []} needed={neededPerHour} />
          <HStack gap="4" wrap="wrap" aria-hidden="true">
            {view === "byRole" ? (
              roles.map((r, i) => (
                <HStack key={r.unitRoleId} gap="1.5">
                  <Box w="3" h="3" borderRadius="sm" style={{ background: ROLE_COLOURS[i % ROLE_COLOURS.length] }} />
                  <Text textStyle="xs">{r.name}</Text>
                </HStack>
              ))
            ) : (
              <HStack gap="1.5">
                <Box w="3" h="3" borderRadius="sm" style={{ background: ROLE_COLOURS[0] }} />
                <Text textStyle="xs">All roles</Text>
              </HStack>
            )}
            <HStack gap="1.5">
              <Box w="5" borderTopWidth="2px" borderStyle="dashed" borderColor="red.600" />
              <Text textStyle="xs">Needed ({one(neededPerHour)} staff an hour)</Text>
            </HStack>
          </HStack>
        </Card.Body>
      </Card.Root>
      <ScheduleTable byRole={plan.careSchedule.byRole} total={plan.careSchedule.total} neededPerHour={neededPerHour} />
    </Stack>
  );
}

type TableProps = {
  byRole: PlanData["careSchedule"]["byRole"];
  total: readonly number[];
  neededPerHour: number;
};

/** The hour-by-role table; memoised, so switching the chart's view does not redraw 40 × 24 cells. */
const ScheduleTable = memo(function ScheduleTable({ byRole, total, neededPerHour }: TableProps) {
  return (
    <Card.Root variant="outline" bg="bg.panel">
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          Staff on duty by hour
        </Heading>
        <Box overflowX="auto">
          <Table.Root size="sm" variant="outline" data-testid="schedule-table" textStyle="xs">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader position="sticky" left="0" bg="bg.panel">
                  Role
                </Table.ColumnHeader>
                {HOURS.map((h) => (
                  <Table.ColumnHeader key={h} textAlign="end" px="1.5">
                    {hourLabel(h)}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {byRole.map((r) => (
                <Table.Row key={r.unitRoleId}>
                  <Table.Cell position="sticky" left="0" bg="bg.panel" whiteSpace="nowrap">
                    {r.name}
                  </Table.Cell>
                  {r.hours.map((v, h) => (
                    <Table.Cell key={HOURS[h]} textAlign="end" px="1.5" fontVariantNumeric="tabular-nums">
                      {v ? one(v) : ""}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
              <Table.Row fontWeight="semibold" data-testid="schedule-total-row">
                <Table.Cell position="sticky" left="0" bg="bg.panel">
                  Total
                </Table.Cell>
                {total.map((v, h) => (
                  <Table.Cell key={HOURS[h]} textAlign="end" px="1.5" fontVariantNumeric="tabular-nums">
                    {one(v)}
                  </Table.Cell>
                ))}
              </Table.Row>
              <Table.Row color="fg.muted">
                <Table.Cell position="sticky" left="0" bg="bg.panel">
                  Needed
                </Table.Cell>
                {HOURS.map((h) => (
                  <Table.Cell key={h} textAlign="end" px="1.5" fontVariantNumeric="tabular-nums">
                    {one(neededPerHour)}
                  </Table.Cell>
                ))}
              </Table.Row>
            </Table.Body>
          </Table.Root>
        </Box>
      </Card.Body>
    </Card.Root>
  );
});

type ChartProps = {
  total: readonly number[];
  roles: readonly { unitRoleId: string; name: string; hours: readonly number[] }[];
  needed: number;
};

/** Stacked hourly bars (per role, or the total) with the needed level as a dashed line. */
function HourChart({ total, roles, needed }: ChartProps) {
  const width = 960;
  const height = 280;
  const pad = { left: 40, right: 12, top: 12, bottom: 28 };
  const max = Math.max(1, needed, ...total) * 1.1;
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const barW = innerW / 24;
  const y = (v: number) => pad.top + innerH - (v / max) * innerH;
  const barX = (h: number) => pad.left + h * barW + 2;
  const ticks = niceTicks(max);
  const described = total.map((v, h) => `${hourLabel(h)}: ${one(v)} on duty`).join(", ");
  return (
    <Box overflowX="auto">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        role="img"
        aria-label={`Staff on duty by hour against ${one(needed)} needed an hour. ${described}`}
        data-testid="care-chart"
        style={{ minWidth: 640 }}
      >
        {ticks.map((t) => (
          <g key={t}>
            <line x1={pad.left} x2={width - pad.right} y1={y(t)} y2={y(t)} stroke="#e4e4e7" />
            <text x={pad.left - 6} y={y(t) + 4} textAnchor="end" fontSize="11" fill="#52525b">
              {t}
            </text>
          </g>
        ))}
        {roles.length === 0
          ? HOURS.map((h) => {
              const v = total[h] ?? 0;
              return (
                <rect key={h} x={barX(h)} width={barW - 4} y={y(v)} height={y(0) - y(v)} fill={ROLE_COLOURS[0]}>
                  <title>{`${hourLabel(h)}: ${one(v)} on duty`}</title>
                </rect>
              );
            })
          : // One path a role (its 24 stacked segments), not a rect an hour and role: 40 roles were
            // ~1,000 rects and titles to build on every view change (bench:wizard's interaction timing).
            stackedSegments(roles, y).map(({ role, segments }, i) => (
              <path
                key={role.unitRoleId}
                d={segments
                  .map(({ hour, top, bottom }) => `M${barX(hour)},${top}h${barW - 4}V${bottom}H${barX(hour)}Z`)
                  .join("")}
                fill={ROLE_COLOURS[i % ROLE_COLOURS.length]}
              >
                <title>{role.name}</title>
              </path>
            ))}
        <line
          x1={pad.left}
          x2={width - pad.right}
          y1={y(needed)}
          y2={y(needed)}
          stroke="#dc2626"
          strokeWidth="2"
          strokeDasharray="6 4"
        />
        {HOURS.filter((h) => h % 2 === 0).map((h) => (
          <text
            key={h}
            x={pad.left + h * barW + barW / 2}
            y={height - 8}
            textAnchor="middle"
            fontSize="11"
            fill="#52525b"
          >
            {hourLabel(h)}
          </text>
        ))}
      </svg>
    </Box>
  );
}

/** Each role with its bar segments, stacked on the roles before it: per hour with staff, its top and bottom y. */
function stackedSegments(roles: ChartProps["roles"], y: (v: number) => number) {
  const base = HOURS.map(() => 0);
  return roles.map((role) => ({
    role,
    segments: HOURS.flatMap((h) => {
      const v = role.hours[h] ?? 0;
      const below = base[h] ?? 0;
      base[h] = below + v;
      return v ? [{ hour: h, top: y(below + v), bottom: y(below) }] : [];
    }),
  }));
}

function niceTicks(max: number): number[] {
  const step = max <= 10 ? 2 : max <= 25 ? 5 : max <= 60 ? 10 : max <= 150 ? 25 : 50;
  const ticks: number[] = [];
  for (let t = 0; t <= max; t += step) ticks.push(t);
  return ticks;
}
