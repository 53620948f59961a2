import { Alert, Badge, Box, Button, Card, Flex, HStack, Stack, Text } from "@chakra-ui/react";
import { type ComponentType, type ReactNode, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { WIZARD_NOTICES, WIZARD_STEP_INFO, WIZARD_STEPS, type WizardStep } from "../../../../schema/staffing";
import { EmptyNote } from "../../ui/EmptyNote";
import { ErrorAlert } from "../../ui/ErrorAlert";
import { formatFacilityTime } from "../../ui/facilityTime";
import { LoadingState } from "../../ui/LoadingState";
import { LoadProblem } from "../../ui/LoadProblem";
import { useFooter } from "../shell/footer/useFooter";
import { ShellPage } from "../shell/ShellPage";
import { useFacilityTimeZone } from "../shell/viewer";
import {
  Wizard_BudgetSeasonResetMutation,
  Wizard_CompleteWizardStepMutation,
  Wizard_StartStaffingPlanMutation,
} from "./documents";
import { type PlanData, useWizard, type WizardApi, type WizardData } from "./useWizard";

export const STATUS_LABEL = { Pending: "Pending", InProgress: "In progress", Completed: "Completed" } as const;
const STATUS_PALETTE = { Pending: "gray", InProgress: "orange", Completed: "green" } as const;

export type StepContext = WizardApi & { wizard: WizardData; plan: PlanData };

type MainAction = {
  label?: string;
  /** Local check beside the server's isFormValid (a form with errors). */
  enabled?: boolean;
  /** Runs before the step is completed (a pending save); return false to stay. */
  beforeComplete?: () => Promise<boolean>;
  /** Replaces completing the step (the review's attestation). */
  onClick?: () => Promise<void>;
};

type Props = {
  step: WizardStep;
  description: string;
  /** The step's body, given the loaded wizard with its plan. */
  children: (context: StepContext) => ReactNode;
  main?: (context: StepContext) => MainAction;
  hasUnsavedChanges?: boolean;
};

const LANDING = "/user/landing";

/** What a {@link RowEditingFrame} gives its body: the step's context, and where to say a row's form is open. */
export type RowEditingBodyProps = { context: StepContext; onEditing: (editing: boolean) => void };

/**
 * The frame of a step edited a row at a time (roles, open positions): while a row's form is open the
 * step has unsaved changes and cannot be completed.
 */
export function RowEditingFrame({
  step,
  description,
  Body,
}: {
  step: WizardStep;
  description: string;
  Body: ComponentType<RowEditingBodyProps>;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <WizardFrame step={step} description={description} hasUnsavedChanges={editing} main={() => ({ enabled: !editing })}>
      {(context) => <Body context={context} onEditing={setEditing} />}
    </WizardFrame>
  );
}

/**
 * The frame of every wizard step: title, the six steps with their status, read-only and locked
 * banners, the step's body, and the footer (notices of spec §2, back, and the main button that
 * completes the step when it is valid and moves on).
 */
export function WizardFrame({ step, description, children, main, hasUnsavedChanges }: Props) {
  const api = useWizard();
  const navigate = useNavigate();
  const timeZone = useFacilityTimeZone();
  const index = WIZARD_STEPS.indexOf(step);
  const info = WIZARD_STEP_INFO[step];
  const previous = WIZARD_STEPS[index - 1];
  const next = WIZARD_STEPS[index + 1];
  const { wizard, plan, readOnly } = api;
  const context = wizard && plan ? ({ ...api, wizard, plan } as StepContext) : null;
  const action = context && main ? main(context) : {};
  const stepState = plan?.steps.find((s) => s.step === step);

  // Re-verification has two causes (DESIGN.md §3): a new budget season, or a facility setting the figures use.
  const hasNotice = (message: string) => plan?.notices.some((n) => n.message === message) ?? false;
  const seasonDue = hasNotice(WIZARD_NOTICES.budgetSeason);
  const settingsChanged = hasNotice(WIZARD_NOTICES.settingsChanged);
  const notices = plan
    ? [
        ...plan.notices.filter((n) => n.step === step).map((n) => n.message),
        ...(step !== "UnitDefinition"
          ? [
              ...(seasonDue ? [WIZARD_NOTICES.budgetSeason] : []),
              ...(settingsChanged ? [WIZARD_NOTICES.settingsChanged] : []),
            ]
          : []),
      ]
    : [];
  if (step === "FinalizePositionControl" && plan?.staff.some((s) => !s.isAssigned)) {
    notices.push(WIZARD_NOTICES.manageStaff);
  }

  async function handleMain() {
    if (!context) return;
    if (readOnly) {
      if (next) void navigate(WIZARD_STEP_INFO[next].path);
      return;
    }
    if (action.onClick) {
      await action.onClick();
      return;
    }
    if (action.beforeComplete && !(await action.beforeComplete())) return;
    const result = await api.save(Wizard_CompleteWizardStepMutation, { planId: context.plan.id, step });
    if (result.ok && next) void navigate(WIZARD_STEP_INFO[next].path);
  }

  const mainEnabled = context
    ? readOnly
      ? Boolean(next)
      : (action.enabled ?? true) && Boolean(stepState?.isFormValid) && !api.saving
    : false;

  useFooter({
    message: notices.length ? (
      <Box as="span" display="block" color="fg.warning" fontWeight="medium" data-testid="wizard-notices">
        {[...new Set(notices)].map((notice) => (
          <Box as="span" display="block" key={notice}>
            {notice}
          </Box>
        ))}
      </Box>
    ) : undefined,
    main: {
      label: readOnly ? "NEXT" : (action.label ?? "SAVE AND CONTINUE"),
      onClick: () => void handleMain(),
      enabled: mainEnabled,
    },
    back: { onClick: () => void navigate(previous ? WIZARD_STEP_INFO[previous].path : LANDING) },
    hasUnsavedChanges: Boolean(hasUnsavedChanges),
  });

  return (
    <ShellPage
      title={info.title}
      description={
        wizard ? (
          <>
            Step {index + 1} of 6 · {wizard.costCenterCode} {wizard.costCenterName} · Budget year {wizard.budgetYear}.{" "}
            {description}
          </>
        ) : (
          description
        )
      }
      actions={<SaveState api={api} unsaved={Boolean(hasUnsavedChanges)} />}
    >
      {!api.costCenterId ? (
        <NoCostCenter />
      ) : api.error && !wizard ? (
        <LoadProblem
          what="the wizard"
          message={api.error.message}
          onRetry={() => void api.refetch().catch(() => undefined)}
        />
      ) : api.loading || !wizard ? (
        <LoadingState label="Loading the wizard…" />
      ) : (
        <Stack gap="6">
          <StepNav wizard={wizard} current={step} />
          {api.lastError ? <ErrorAlert title="The change was not saved" message={api.lastError} /> : null}
          {!wizard.viewerCanEdit ? (
            <Alert.Root status="info" variant="subtle" data-testid="read-only-banner">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>You have read-only access to this cost center's wizard.</Alert.Title>
                <Alert.Description>
                  Only the cost center's Complete Wizard holder can change the plan.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          {plan?.isLocked ? (
            <Alert.Root status="success" variant="subtle" data-testid="locked-banner">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  Attested by {plan.attestedByName} on{" "}
                  {plan.attestedAt ? formatFacilityTime(plan.attestedAt, timeZone) : ""}.
                </Alert.Title>
                <Alert.Description>
                  The wizard is completed and locked. An administrator can unlock or reset it in Cost Center
                  Maintenance.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          {seasonDue ? <BudgetSeasonBanner api={api} /> : null}
          {settingsChanged ? (
            <Alert.Root status="warning" variant="subtle" data-testid="settings-changed-banner">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{WIZARD_NOTICES.settingsChanged}</Alert.Title>
                <Alert.Description>
                  The figures below use today's settings. Check each step and complete it again: the plan is re-verified
                  when Finalize Position Control is completed.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          {context ? children(context) : <NoPlan api={api} />}
        </Stack>
      )}
    </ShellPage>
  );
}

/** Whether what the page shows is what the server holds: a change typed and not saved yet (being typed, or refused on the form) says so. */
function SaveState({ api, unsaved }: { api: WizardApi; unsaved: boolean }) {
  if (!api.wizard?.plan || api.readOnly) return null;
  return (
    <Text textStyle="sm" color="fg.muted" role="status" aria-live="polite" data-testid="save-state">
      {api.saving ? "Saving…" : unsaved ? "A change is not saved yet." : "Every change is saved on the server."}
    </Text>
  );
}

function StepNav({ wizard, current }: { wizard: WizardData; current: WizardStep }) {
  const statusOf = new Map(wizard.plan?.steps.map((s) => [s.step, s.status]) ?? []);
  return (
    <Box as="nav" aria-label="Wizard steps" className="no-print">
      <Flex as="ol" listStyleType="none" gap="2" wrap="wrap">
        {WIZARD_STEPS.map((step, i) => {
          const status = statusOf.get(step) ?? "Pending";
          const isCurrent = step === current;
          return (
            <Box as="li" key={step} flex="1" minW="9.5rem" data-testid={`step-${step}`} data-status={status}>
              <Card.Root
                asChild
                variant="outline"
                size="sm"
                bg={isCurrent ? "brand.subtle" : "bg.panel"}
                borderColor={isCurrent ? "brand.solid" : "border"}
                focusVisibleRing="outside"
              >
                <RouterLink to={WIZARD_STEP_INFO[step].path} aria-current={isCurrent ? "step" : undefined}>
                  <Card.Body gap="1" py="2" px="3">
                    <Text textStyle="xs" color="fg.muted">
                      Step {i + 1}
                    </Text>
                    <Text textStyle="sm" fontWeight="semibold" lineClamp={1}>
                      {WIZARD_STEP_INFO[step].title}
                    </Text>
                    <Badge
                      alignSelf="flex-start"
                      size="sm"
                      colorPalette={STATUS_PALETTE[status]}
                      data-testid="step-status"
                    >
                      {STATUS_LABEL[status]}
                    </Badge>
                  </Card.Body>
                </RouterLink>
              </Card.Root>
            </Box>
          );
        })}
      </Flex>
    </Box>
  );
}

function NoCostCenter() {
  return (
    <Card.Root variant="outline" bg="bg.panel">
      <EmptyNote
        title="Choose a cost center first"
        description="Open the wizard from one of your cost centers on your landing page."
      >
        <Button asChild colorPalette="brand">
          <RouterLink to={LANDING}>Go to my cost centers</RouterLink>
        </Button>
      </EmptyNote>
    </Card.Root>
  );
}

function NoPlan({ api }: { api: WizardApi }) {
  const wizard = api.wizard as WizardData;
  return (
    <Card.Root variant="outline" bg="bg.panel">
      <EmptyNote
        title={`No staffing plan for budget year ${wizard.budgetYear} yet`}
        description={
          wizard.viewerCanEdit
            ? "Begin the plan with the sample model: census 22, care team 9.6 hours per patient day, non-productive 10 %. You can change every figure."
            : "The cost center's Complete Wizard holder has not begun the plan yet."
        }
      >
        {wizard.viewerCanEdit ? (
          <Button
            colorPalette="brand"
            loading={api.saving}
            onClick={() => void api.save(Wizard_StartStaffingPlanMutation, { costCenterId: wizard.costCenterId })}
          >
            Begin the staffing plan
          </Button>
        ) : null}
      </EmptyNote>
    </Card.Root>
  );
}

function BudgetSeasonBanner({ api }: { api: WizardApi }) {
  const wizard = api.wizard as WizardData;
  return (
    <Alert.Root status="warning" variant="subtle" data-testid="budget-season-banner">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{WIZARD_NOTICES.budgetSeason}</Alert.Title>
        <Alert.Description>
          <HStack gap="3" wrap="wrap" mt="1">
            <Text>Re-verifying opens every begun step again; your figures stay.</Text>
            {wizard.viewerCanEdit ? (
              <Button
                size="sm"
                colorPalette="orange"
                onClick={() => void api.save(Wizard_BudgetSeasonResetMutation, { costCenterId: wizard.costCenterId })}
              >
                Re-verify the wizard
              </Button>
            ) : null}
          </HStack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
