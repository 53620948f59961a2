// Pieces the executive screens share: figures as the wizard shows them, status words and stat cards.
import { Card, Stat } from "@chakra-ui/react";
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
