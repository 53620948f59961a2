import { useMutation } from "@apollo/client";
import { Flex, RadioCard, Stack } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { COST_CENTER_MESSAGES, COST_CENTER_TIMINGS } from "../../../../schema/costCenters";
import { graphql } from "../../gql";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { SectionCard } from "../../ui/SectionCard";
import { useFooter } from "../shell/footer/useFooter";
import { deleteFailure, type Failure, otherFailure, resetFailure } from "./failureMessages";
import { type CostCenterOption, CostCenterPicker } from "./parts";

const DeleteReset_DeactivateMutation = graphql(`
  mutation DeleteReset_DeactivateMutation($id: ID!) {
    deactivateCostCenter(id: $id) {
      __typename
      ... on MutationDeactivateCostCenterSuccess {
        data {
          id
        }
      }
      ...DomainError_Fields
    }
  }
`);

const DeleteReset_ResetMutation = graphql(`
  mutation DeleteReset_ResetMutation($id: ID!) {
    resetCostCenter(id: $id) {
      __typename
      ... on MutationResetCostCenterSuccess {
        data {
          id
        }
      }
      ...DomainError_Fields
    }
  }
`);

const DeleteReset_UnlockMutation = graphql(`
  mutation DeleteReset_UnlockMutation($id: ID!) {
    unlockCostCenterWizard(id: $id) {
      __typename
      ... on MutationUnlockCostCenterWizardSuccess {
        data {
          id
        }
      }
      ...DomainError_Fields
    }
  }
`);

type Mode = "delete" | "reset" | "unlock";

/** The two choices that take something away ask first; unlocking keeps the plan. */
const CONFIRMATION: Partial<Record<Mode, { title: string; message: (label: string) => string }>> = {
  delete: {
    title: "Delete this cost center?",
    message: (label) => `${label} will leave every list and can no longer be planned. Its plans and history are kept.`,
  },
  reset: {
    title: "Reset this cost center?",
    message: (label) => `The completed staffing plan of ${label} will be cleared and its wizard starts again.`,
  },
};

type ModeChoice = {
  value: Mode;
  label: string;
  button: string;
  palette: string;
  description: string;
  /** The success banner's message, and the error banner's for a refusal or a failed call. */
  success: string;
  failure: (refusal: Failure) => string;
};

/** Spec §2: three mutually exclusive choices, each with its explanation and footer button. */
const MODES: readonly ModeChoice[] = [
  {
    value: "delete",
    label: "Deleting",
    button: "DELETE",
    palette: "red",
    description:
      "Deactivates the cost center: it leaves every list and can no longer be planned. Its plans and history are kept. Not possible while its wizard is in progress.",
    success: COST_CENTER_MESSAGES.deactivated,
    failure: deleteFailure,
  },
  {
    value: "reset",
    label: "Resetting",
    button: "RESET",
    palette: "orange",
    description:
      "Clears the cost center's completed staffing plan, so its wizard starts again from the first step. Only for a completed wizard.",
    success: COST_CENTER_MESSAGES.reset,
    failure: resetFailure,
  },
  {
    value: "unlock",
    label: "Unlocking",
    button: "UNLOCK",
    palette: "brand",
    description:
      "Reopens the cost center's completed wizard so its plan can be changed and attested again. The plan itself is kept.",
    success: COST_CENTER_MESSAGES.unlocked,
    failure: otherFailure,
  },
];

type Props = {
  costCenters: readonly CostCenterOption[];
  loading: boolean;
  onDeleted: () => void;
  /** `onShown`: called once the success banner is on the page. */
  onSuccess: (message: string, onShown: () => void) => void;
  onError: (message: string) => void;
  onClearError: () => void;
};

/**
 * Spec §2 and §4 Delete/Reset panel: pick a cost center, choose Deleting, Resetting or Unlocking,
 * then CANCEL or the matching DELETE, RESET or UNLOCK. A success goes to /admin/landing after 3 s.
 */
export function DeleteResetPanel({ costCenters, loading, onDeleted, onSuccess, onError, onClearError }: Props) {
  const navigate = useNavigate();
  const [selectedId, setSelectedId] = useState("");
  const [mode, setMode] = useState<Mode | null>(null);
  const [done, setDone] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deactivate, deactivating] = useMutation(DeleteReset_DeactivateMutation);
  const [reset, resetting] = useMutation(DeleteReset_ResetMutation);
  const [unlock, unlocking] = useMutation(DeleteReset_UnlockMutation);
  const [successShown, setSuccessShown] = useState(false);
  // The landing page follows 3 s after the success banner is on screen.
  useEffect(() => {
    if (!successShown) return;
    const redirect = setTimeout(() => void navigate("/admin/landing"), COST_CENTER_TIMINGS.redirectMs);
    return () => clearTimeout(redirect);
  }, [successShown, navigate]);

  const selected = costCenters.find((costCenter) => costCenter.id === selectedId);
  const chosen = MODES.find((option) => option.value === mode);
  const working = deactivating.loading || resetting.loading || unlocking.loading;
  const locked = working || done;

  function handleSelect(id: string) {
    onClearError();
    setSelectedId(id);
    setMode(null);
  }

  function handleCancel() {
    onClearError();
    setSelectedId("");
    setMode(null);
  }

  function handleActionClick() {
    if (!mode) return;
    if (CONFIRMATION[mode]) setConfirming(true);
    else void handleAct();
  }

  async function handleAct() {
    setConfirming(false);
    if (!selected || !chosen || locked) return;
    onClearError();
    const variables = { id: selected.id };
    const send = {
      delete: async () => (await deactivate({ variables })).data?.deactivateCostCenter,
      reset: async () => (await reset({ variables })).data?.resetCostCenter,
      unlock: async () => (await unlock({ variables })).data?.unlockCostCenterWizard,
    }[chosen.value];
    let refusal: Failure | null = null;
    try {
      const result = await send();
      if (!result || result.__typename === "DomainError") refusal = result ?? {};
    } catch (caught) {
      refusal = caught instanceof Error ? caught : {};
    }
    if (refusal) {
      onError(chosen.failure(refusal));
      return;
    }
    setDone(true);
    onSuccess(chosen.success, () => setSuccessShown(true));
    if (chosen.value === "delete") onDeleted();
  }

  // Spec §2: once a cost center is selected the footer shows CANCEL plus the matching action.
  useFooter({
    actions: selected
      ? [
          { label: "CANCEL", onClick: handleCancel, enabled: !locked, variant: "outline", colorPalette: "gray" },
          ...(chosen
            ? [
                {
                  label: chosen.button,
                  onClick: handleActionClick,
                  enabled: !done,
                  loading: working,
                  colorPalette: chosen.palette,
                },
              ]
            : []),
        ]
      : undefined,
  });

  const confirmation = mode ? CONFIRMATION[mode] : undefined;

  return (
    <SectionCard title="Select Cost Center" description="Pick the cost center, then choose what to do with it.">
      <Stack gap="6">
        <CostCenterPicker
          costCenters={costCenters}
          selectedId={selectedId}
          onSelect={handleSelect}
          loading={loading}
          disabled={locked}
        />
        {selected ? (
          <RadioCard.Root
            value={mode}
            onValueChange={(details) => {
              onClearError();
              setMode(details.value as Mode | null);
            }}
            disabled={locked}
            colorPalette="brand"
            orientation="vertical"
            align="start"
          >
            <RadioCard.Label fontWeight="semibold" textStyle="md">
              What do you want to do with {selected.code} {selected.name}?
            </RadioCard.Label>
            <Flex gap="4" direction={{ base: "column", lg: "row" }} align="stretch">
              {MODES.map((option) => (
                <RadioCard.Item key={option.value} value={option.value} flex="1" data-testid={`mode-${option.value}`}>
                  <RadioCard.ItemHiddenInput />
                  <RadioCard.ItemControl>
                    <RadioCard.ItemContent>
                      <RadioCard.ItemText fontWeight="semibold">{option.label}</RadioCard.ItemText>
                      <RadioCard.ItemDescription>{option.description}</RadioCard.ItemDescription>
                    </RadioCard.ItemContent>
                    <RadioCard.ItemIndicator />
                  </RadioCard.ItemControl>
                </RadioCard.Item>
              ))}
            </Flex>
          </RadioCard.Root>
        ) : null}
      </Stack>
      {confirmation && chosen && selected ? (
        <ConfirmDialog
          open={confirming}
          title={confirmation.title}
          confirmLabel={chosen.button}
          colorPalette={chosen.palette}
          onConfirm={() => void handleAct()}
          onCancel={() => setConfirming(false)}
        >
          {confirmation.message(`${selected.code} ${selected.name}`)}
        </ConfirmDialog>
      ) : null}
    </SectionCard>
  );
}
