import { Button, Card, DataList, Flex, Grid, Heading, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { formatFte, formatHours } from "../../../../schema/staffing";
import { formatFacilityTime } from "../../ui/facilityTime";
import { CheckboxField } from "../../ui/inputs";
import { useFacilityTimeZone } from "../shell/viewer";
import { Wizard_AttestStaffingPlanMutation } from "./documents";
import { NeedsTable, PlanFigures, TotalsTable } from "./figures";
import type { PlanData } from "./useWizard";
import { type StepContext, WizardFrame } from "./WizardFrame";

/** /user/wizard/review: step 6, review and attest. */
export function ReviewStep() {
  const [agreed, setAgreed] = useState(false);
  return (
    <WizardFrame
      step="ReviewAttestation"
      description="Every figure beside finance's budget. Attesting completes the wizard and locks it."
      main={(context) => ({
        label: "ATTEST",
        enabled: agreed && !context.plan.isLocked,
        onClick: async () => {
          await context.save(Wizard_AttestStaffingPlanMutation, { planId: context.plan.id });
        },
      })}
    >
      {(context) => <ReviewBody context={context} agreed={agreed} onAgree={setAgreed} />}
    </WizardFrame>
  );
}

const fte = (value: number | null | undefined) =>
  value === null || value === undefined ? "not set" : formatFte(value);

function ReviewBody({
  context,
  agreed,
  onAgree,
}: {
  context: StepContext;
  agreed: boolean;
  onAgree: (v: boolean) => void;
}) {
  const { plan, readOnly } = context;
  const timeZone = useFacilityTimeZone();
  const review = plan.steps.find((s) => s.step === "ReviewAttestation");
  return (
    <Stack gap="6">
      <PlanFigures plan={plan} />
      <Grid templateColumns={{ base: "1fr", xl: "repeat(2, minmax(0, 1fr))" }} gap="6" alignItems="start">
        <Card.Root variant="outline" bg="bg.panel">
          <Card.Body gap="4">
            <Heading as="h2" size="md">
              Plan and budget
            </Heading>
            <PlanVsBudget plan={plan} />
            <Heading as="h3" size="sm">
              Roles
            </Heading>
            <NeedsTable
              plan={plan}
              columns={[
                "productiveFte",
                "paidFte",
                "hiredFte",
                "travellerFte",
                "requestedFte",
                "gapFte",
                "overHireFte",
              ]}
              testId="review-needs"
            />
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline" bg="bg.panel">
          <Card.Body gap="4">
            <TotalsTable plan={plan} />
          </Card.Body>
        </Card.Root>
      </Grid>
      <Card.Root variant="outline" bg="bg.panel">
        <Card.Body gap="3">
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Heading as="h2" size="md">
              Attestation
            </Heading>
            {/* On paper: the figures, roles, totals and attestation, without the wizard's controls. */}
            <Button variant="outline" size="sm" className="no-print" onClick={() => window.print()}>
              {plan.isLocked ? "Print attested plan" : "Print draft plan"}
            </Button>
          </Flex>
          {plan.isLocked ? (
            <Text data-testid="attestation">
              Attested by {plan.attestedByName} on{" "}
              {plan.attestedAt ? formatFacilityTime(plan.attestedAt, timeZone) : ""}.
            </Text>
          ) : (
            <>
              {review?.problems.length ? (
                <Text color="fg.error" textStyle="sm">
                  {review.problems.join(" ")}
                </Text>
              ) : null}
              <CheckboxField
                label={
                  <>
                    I have reviewed this staffing plan and attest that it is complete and correct for budget year{" "}
                    {plan.budgetYear}.
                  </>
                }
                checked={agreed}
                disabled={readOnly || !review?.isFormValid}
                onCheckedChange={onAgree}
              />
              <Text textStyle="sm" color="fg.muted">
                ATTEST records your name and the time, completes the wizard and locks it until an administrator unlocks
                or resets it.
              </Text>
            </>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

function PlanVsBudget({ plan }: { plan: PlanData }) {
  const s = plan.summary;
  const items: [string, string][] = [
    ["Average daily census", String(plan.census ?? "not set")],
    ["HPPD target / delivered", `${plan.careTeamTarget?.toFixed(2) ?? "not set"} / ${s.careTeamHours.toFixed(2)}`],
    ["Care hours needed / scheduled a day", `${formatHours(s.dailyPlannedCare)} / ${formatHours(s.dailyPlannedHours)}`],
    ["Fixed (exempt) hours a day", formatHours(s.fixedDailyHours)],
    ["Non-productive goal", `${plan.nonProductiveGoalPercentage ?? 0} %`],
    ["Target overtime", `${plan.targetOvertimePercentage ?? 0} %`],
    ["Productive FTE: plan / budget", `${formatFte(s.productiveFte)} / ${fte(plan.productiveFteBudget)}`],
    ["Total paid FTE: plan / budget", `${formatFte(s.totalPaidFte)} / ${fte(plan.totalPaidFteBudget)}`],
    [
      "Paid FTE: plan − budget",
      s.paidFteVariance === null || s.paidFteVariance === undefined ? "no budget" : formatFte(s.paidFteVariance),
    ],
  ];
  return (
    <DataList.Root orientation="horizontal" size="sm" data-testid="plan-vs-budget">
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="16rem">{label}</DataList.ItemLabel>
          <DataList.ItemValue fontVariantNumeric="tabular-nums">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
