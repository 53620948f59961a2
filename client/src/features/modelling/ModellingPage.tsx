import { useMutation, useQuery } from "@apollo/client";
import { Alert, Badge, Button, Grid, HStack, Stack, Text } from "@chakra-ui/react";
import { useMemo, useRef, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import {
  checkModelInputs,
  MODELLING_LIMITS,
  MODELLING_MESSAGES,
  type ModelInputs,
  modelFigures,
  modelInputsOf,
  WIZARD_STEP_INFO,
} from "../../../../schema/staffing";
import { graphql } from "../../gql";
import type { Modelling_QueryQuery } from "../../gql/graphql";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { EmptyNote } from "../../ui/EmptyNote";
import { ErrorAlert } from "../../ui/ErrorAlert";
import { SelectField, TextField } from "../../ui/inputs";
import { Loaded } from "../../ui/Loaded";
import { useTopBanner } from "../../ui/TopBanner";
import { SERVER_FAILURE_TEXTS, useMutationFailure } from "../../ui/useMutationFailure";
import { ChosenCostCenterScreen, useChosenCostCenter } from "../shell/CostCenterChoice";
import { useFooter } from "../shell/footer/useFooter";
import { ShellPage } from "../shell/ShellPage";
import { basisOfQuery } from "./basis";
import { type Draft, draftOf, sameDraft } from "./draft";
import { ModelComparison } from "./ModelComparison";
import { ModelInputsPanel } from "./ModelInputsPanel";

const Modelling_Query = graphql(`
  query Modelling_Query($costCenterId: ID!) {
    modelling(costCenterId: $costCenterId) {
      costCenterId
      costCenterCode
      costCenterName
      budgetYear
      canEdit
      annualHoursPerFte
      averageHourlyRate
      jobs {
        id
        name
        isDirectCare
      }
      plan {
        id
        isLocked
        needsReverification
        inputs {
          ...ModelInputsFields
        }
        held {
          unitRoleId
          shift
          fte
          staffType
          isExempt
          coverage
        }
        requested {
          unitRoleId
          shift
          fte
          isTraveller
        }
        scenarios {
          id
          name
          createdByName
          updatedAt
          inputs {
            ...ModelInputsFields
          }
        }
      }
    }
  }

  fragment ModelInputsFields on ModelInputs {
    census
    careTeamTarget
    nonProductiveGoalPercentage
    targetOvertimePercentage
    productiveFteBudget
    totalPaidFteBudget
    roles {
      unitRoleId
      jobId
      name
      isExempt
      fte
      replacement
      unpaidBreakMinutes
      shifts {
        shift
        startTime
        durationHours
        staffPerShift
      }
    }
  }
`);

const Modelling_SaveMutation = graphql(`
  mutation Modelling_SaveMutation($planId: ID!, $scenarioId: ID, $name: String!, $inputs: ModelInputsInput!) {
    saveModellingScenario(planId: $planId, scenarioId: $scenarioId, name: $name, inputs: $inputs) {
      __typename
      ... on MutationSaveModellingScenarioSuccess {
        data {
          id
          name
        }
      }
      ...DomainError_Fields
    }
  }
`);

const Modelling_DeleteMutation = graphql(`
  mutation Modelling_DeleteMutation($scenarioId: ID!) {
    deleteModellingScenario(scenarioId: $scenarioId) {
      __typename
      ...DomainError_Fields
    }
  }
`);

const Modelling_CarryMutation = graphql(`
  mutation Modelling_CarryMutation($scenarioId: ID!) {
    carryModellingScenarioIntoWizard(scenarioId: $scenarioId) {
      __typename
      ...DomainError_Fields
    }
  }
`);

type Modelling = Modelling_QueryQuery["modelling"];
type Plan = NonNullable<Modelling["plan"]>;

const SAVED_PLAN = "Saved plan";
/** The choice of the scenario list that starts a new one from the saved plan. */
const NEW_SCENARIO = "";

/** /user/modelling: what-ifs on a cost center's plan, beside the saved plan, kept as named scenarios. */
export function ModellingPage() {
  const costCenters = useChosenCostCenter();
  const { costCenterId } = costCenters;
  const query = useQuery(Modelling_Query, { variables: { costCenterId }, skip: !costCenterId });
  const modelling = query.data?.modelling;

  return (
    <ShellPage
      title="MODELLING"
      description="Try what-if staffing beside the saved plan: the figures follow as you type. Nothing changes the plan until you carry a scenario into the wizard."
    >
      <ChosenCostCenterScreen costCenters={costCenters}>
        <Loaded data={modelling} query={query} what="the plan to model" loadingLabel="Loading the plan…">
          {(modelling) =>
            !modelling.plan ? (
              <NoPlan />
            ) : (
              <ModellingWorkspace
                key={modelling.plan.id}
                modelling={modelling}
                plan={modelling.plan}
                refetch={() => query.refetch()}
              />
            )
          }
        </Loaded>
      </ChosenCostCenterScreen>
    </ShellPage>
  );
}

function NoPlan() {
  return (
    <EmptyNote title="No plan to model yet" description={MODELLING_MESSAGES.noPlan}>
      <Button asChild colorPalette="brand">
        <RouterLink to={WIZARD_STEP_INFO.UnitDefinition.path}>Open the wizard</RouterLink>
      </Button>
    </EmptyNote>
  );
}

/** Inputs the server kept (valid when kept) as the model's inputs. */
function inputsOf(draft: Draft): ModelInputs {
  const check = checkModelInputs(draft);
  return check.ok ? check.inputs : (draft as ModelInputs);
}

function ModellingWorkspace({
  modelling,
  plan,
  refetch,
}: {
  modelling: Modelling;
  plan: Plan;
  refetch: () => Promise<unknown>;
}) {
  const navigate = useNavigate();
  const showBanner = useTopBanner(3000);
  // What a model does not change; the query names a held position's role unitRoleId.
  const basis = useMemo(() => basisOfQuery(modelling, plan), [modelling, plan]);
  const savedDraft = useMemo(() => draftOf(plan.inputs), [plan.inputs]);
  const [scenarioId, setScenarioId] = useState(NEW_SCENARIO);
  const scenario = plan.scenarios.find((s) => s.id === scenarioId) ?? null;
  const loadedDraft = useMemo(() => (scenario ? draftOf(scenario.inputs) : savedDraft), [scenario, savedDraft]);
  const [draft, setDraft] = useState<Draft>(savedDraft);
  const [name, setName] = useState("");
  const [compareWith, setCompareWith] = useState(SAVED_PLAN);
  const { failure: problem, setFailure: setProblem, attempt } = useMutationFailure(SERVER_FAILURE_TEXTS);
  const [confirming, setConfirming] = useState<null | "delete" | "carry" | { switchTo: string }>(null);
  const [busy, setBusy] = useState(false);
  const [save] = useMutation(Modelling_SaveMutation);
  const [remove] = useMutation(Modelling_DeleteMutation);
  const [carry] = useMutation(Modelling_CarryMutation);

  // Recomputed as the manager types, with the math of schema/ (no round trip). While an input is
  // invalid the model stays at the last valid inputs, and the problem is shown at the field.
  const check = useMemo(() => checkModelInputs(draft), [draft]);
  const lastValid = useRef<ModelInputs>(inputsOf(savedDraft));
  if (check.ok) lastValid.current = check.inputs;
  const modelInputs = check.ok ? check.inputs : lastValid.current;
  const model = useMemo(() => modelFigures(modelInputs, basis), [modelInputs, basis]);
  const baselineScenario = plan.scenarios.find((s) => s.id === compareWith) ?? null;
  const baselineInputs = useMemo(
    () => inputsOf(baselineScenario ? draftOf(baselineScenario.inputs) : savedDraft),
    [baselineScenario, savedDraft],
  );
  const baseline = useMemo(() => modelFigures(baselineInputs, basis), [baselineInputs, basis]);

  const trimmedName = name.trim();
  const changed = !sameDraft(draft, loadedDraft) || (scenario !== null && trimmedName !== scenario.name);
  const canSave = modelling.canEdit && check.ok && trimmedName.length > 0 && (scenario === null || changed) && !busy;

  function load(id: string) {
    const next = plan.scenarios.find((s) => s.id === id) ?? null;
    setScenarioId(id);
    setDraft(next ? draftOf(next.inputs) : savedDraft);
    setName(next?.name ?? "");
    setProblem(null);
  }

  async function run<T extends { __typename: string }>(
    action: () => Promise<T | undefined>,
    done: (result: Exclude<T, { __typename: "DomainError" }>) => Promise<void> | void,
  ) {
    setBusy(true);
    try {
      await attempt(action, done);
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  }

  function saveScenario(asNew: boolean) {
    if (!check.ok) return;
    void run(
      async () =>
        (
          await save({
            variables: {
              planId: plan.id,
              scenarioId: asNew ? null : (scenario?.id ?? null),
              name: trimmedName,
              inputs: modelInputsOf(check.inputs),
            },
          })
        ).data?.saveModellingScenario,
      async (result) => {
        if (result.__typename !== "MutationSaveModellingScenarioSuccess") return;
        await refetch();
        setScenarioId(result.data.id);
        setName(result.data.name);
        showBanner({ status: "success", title: "Success", description: `Scenario '${result.data.name}' saved.` });
      },
    );
  }

  useFooter({
    hasUnsavedChanges: modelling.canEdit && changed,
    main: { label: "SAVE SCENARIO", onClick: () => saveScenario(false), enabled: canSave, savesChanges: true },
  });

  const locked = plan.isLocked;
  return (
    <Stack gap="6">
      <Stack gap="4" borderWidth="1px" borderRadius="l2" p="4" bg="bg.subtle">
        <Grid templateColumns={{ base: "1fr", md: "repeat(3, minmax(0, 1fr))" }} gap="4" alignItems="start">
          <SelectField
            label="Scenario"
            value={scenarioId}
            onChange={(id) => (changed && modelling.canEdit ? setConfirming({ switchTo: id }) : load(id))}
            options={[
              { value: NEW_SCENARIO, label: "New scenario (from the saved plan)" },
              ...plan.scenarios.map((s) => ({ value: s.id, label: s.name })),
            ]}
          />
          <TextField
            label="Scenario name"
            value={name}
            onChange={setName}
            maxLength={MODELLING_LIMITS.scenarioNameMax}
            disabled={!modelling.canEdit}
            helperText={
              modelling.canEdit
                ? `Up to ${MODELLING_LIMITS.scenarioNameMax} characters; save with SAVE SCENARIO below.`
                : "Only the cost center's Complete Wizard holder keeps scenarios."
            }
          />
          <SelectField
            label="Compare with"
            value={compareWith}
            onChange={setCompareWith}
            options={[
              { value: SAVED_PLAN, label: SAVED_PLAN },
              ...plan.scenarios.filter((s) => s.id !== scenarioId).map((s) => ({ value: s.id, label: s.name })),
            ]}
          />
        </Grid>
        <HStack gap="3" wrap="wrap">
          {changed ? (
            <Badge colorPalette="orange" variant="subtle" data-testid="model-state">
              Unsaved changes
            </Badge>
          ) : (
            <Badge colorPalette="gray" variant="subtle" data-testid="model-state">
              {scenario ? "Saved" : "Same as the saved plan"}
            </Badge>
          )}
          <Button
            size="sm"
            variant="outline"
            disabled={sameDraft(draft, loadedDraft)}
            onClick={() => setDraft(loadedDraft)}
          >
            Undo changes
          </Button>
          {modelling.canEdit && scenario ? (
            <>
              <Button size="sm" variant="outline" disabled={!check.ok || busy} onClick={() => saveScenario(true)}>
                Save as new scenario
              </Button>
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming("delete")}>
                Delete scenario
              </Button>
              <Button
                size="sm"
                disabled={changed || locked || busy}
                onClick={() => setConfirming("carry")}
                title={locked ? "The plan is attested and locked." : changed ? "Save the scenario first." : undefined}
              >
                Carry into wizard
              </Button>
            </>
          ) : null}
        </HStack>
        {locked ? (
          <Text textStyle="sm" color="fg.muted">
            The plan is attested and locked: scenarios can be kept and compared, and carried into the wizard once an
            administrator unlocks it.
          </Text>
        ) : null}
      </Stack>

      {problem ? <ErrorAlert title="That did not work" message={problem} /> : null}
      {check.ok ? null : (
        <Alert.Root status="warning" data-testid="model-invalid">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Fix the marked inputs</Alert.Title>
            <Alert.Description>The model shows the last valid inputs until then.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      <Grid templateColumns={{ base: "1fr", xl: "minmax(0, 2fr) minmax(0, 3fr)" }} gap="6" alignItems="start">
        <ModelInputsPanel
          draft={draft}
          problems={check.ok ? {} : check.problems}
          jobs={modelling.jobs}
          onChange={setDraft}
        />
        <ModelComparison
          baseline={{ label: baselineScenario?.name ?? SAVED_PLAN, figures: baseline }}
          model={{ label: "Model", figures: model }}
          rateKnown={modelling.averageHourlyRate !== null && modelling.averageHourlyRate !== undefined}
        />
      </Grid>

      {confirming !== null && typeof confirming === "object" ? (
        <ConfirmDialog
          open
          title="Discard your changes?"
          confirmLabel="DISCARD"
          destructive
          onConfirm={() => {
            if (confirming && typeof confirming === "object") load(confirming.switchTo);
            setConfirming(null);
          }}
          onCancel={() => setConfirming(null)}
        >
          The model has changes that are not saved in a scenario.
        </ConfirmDialog>
      ) : null}
      {confirming === "delete" ? (
        <ConfirmDialog
          open
          title="Delete this scenario?"
          confirmLabel="DELETE"
          destructive
          loading={busy}
          onConfirm={() =>
            scenario &&
            void run(
              async () => (await remove({ variables: { scenarioId: scenario.id } })).data?.deleteModellingScenario,
              async () => {
                await refetch();
                load(NEW_SCENARIO);
                if (compareWith === scenario.id) setCompareWith(SAVED_PLAN);
                showBanner({
                  status: "success",
                  title: "Success",
                  description: `Scenario '${scenario.name}' deleted.`,
                });
              },
            )
          }
          onCancel={() => setConfirming(null)}
        >
          {`'${scenario?.name ?? ""}' is deleted for good. The plan does not change.`}
        </ConfirmDialog>
      ) : null}
      {confirming === "carry" ? (
        <ConfirmDialog
          open
          title="Carry this scenario into the wizard?"
          confirmLabel="CARRY INTO WIZARD"
          loading={busy}
          onConfirm={() =>
            scenario &&
            void run(
              async () =>
                (await carry({ variables: { scenarioId: scenario.id } })).data?.carryModellingScenarioIntoWizard,
              async () => {
                showBanner({ status: "success", title: "Success", description: MODELLING_MESSAGES.carried });
                await refetch();
                void navigate(WIZARD_STEP_INFO.UnitDefinition.path);
              },
            )
          }
          onCancel={() => setConfirming(null)}
        >
          {`The plan's unit definition and roles become '${scenario?.name ?? ""}'. The wizard's steps go back to In Progress: review them and attest the plan again.`}
        </ConfirmDialog>
      ) : null}
    </Stack>
  );
}
