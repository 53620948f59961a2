import { useMutation } from "@apollo/client";
import { Badge, Button, Flex, Grid, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { COST_CENTER_MESSAGES, COST_CENTER_TIMINGS, type CostCenterInput } from "../../../../schema/costCenters";
import { graphql } from "../../gql";
import { FormCard, SectionCard } from "../../ui/SectionCard";
import { useFooter } from "../shell/footer/useFooter";
import { StaffUploadControl } from "../uploads/StaffUploadControl";
import { CostCenterFields, EMPTY_COST_CENTER, reportCostCenterRefusal, useCostCenterForm } from "./CostCenterForm";
import { bannerFailure } from "./failureMessages";
import { type CostCenterOption, CostCenterPicker } from "./parts";

const UpdateCostCenter_UpdateMutation = graphql(`
  mutation UpdateCostCenter_UpdateMutation($id: ID!, $input: CostCenterInput!) {
    updateCostCenter(id: $id, input: $input) {
      __typename
      ... on MutationUpdateCostCenterSuccess {
        data {
          ...CostCenterOption_Fields
        }
      }
      ...DomainError_Fields
    }
  }
`);

type Props = {
  costCenters: readonly CostCenterOption[];
  loading: boolean;
  /** Reloads the list; resolves once it has. */
  onReload: () => Promise<unknown>;
  onSuccess: (message: string) => void;
  onError: (message: string) => void;
  onClearError: () => void;
  /** Opens the chosen cost center's change history. */
  onHistory: (costCenter: CostCenterOption) => void;
};

/**
 * Spec §2 and §4 Update panel. STEP 1 picks a cost center; STEP 2 edits its number and name. After a
 * save: a 400 ms pause, then the fields reset, the list reloads and the success toast shows.
 */
export function UpdateCostCenterPanel({
  costCenters,
  loading,
  onReload,
  onSuccess,
  onError,
  onClearError,
  onHistory,
}: Props) {
  const [selectedId, setSelectedId] = useState("");
  const { form } = useCostCenterForm();
  const [finishing, setFinishing] = useState(false);
  const [update, { loading: saving }] = useMutation(UpdateCostCenter_UpdateMutation);
  const pause = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (pause.current !== null) clearTimeout(pause.current);
    },
    [],
  );

  const selected = costCenters.find((costCenter) => costCenter.id === selectedId);
  const busy = saving || finishing;
  // Spec §4: Save is enabled once both are non-empty; the shared rule then checks them on submit.
  const { code, name } = useWatch({ control: form.control });
  const canSave = Boolean(selected) && Boolean(code?.trim()) && Boolean(name?.trim()) && !busy;
  useFooter({ hasUnsavedChanges: Boolean(selected) && form.formState.isDirty && !busy });

  function handleSelect(id: string) {
    onClearError();
    setSelectedId(id);
    const chosen = costCenters.find((costCenter) => costCenter.id === id);
    // The chosen cost center's number and name are the form's starting point (clean, nothing submitted).
    form.reset(chosen ? { code: chosen.code, name: chosen.name } : EMPTY_COST_CENTER);
  }

  async function handleSave(input: CostCenterInput) {
    if (!selected || busy) return;
    onClearError();
    try {
      const { data } = await update({ variables: { id: selected.id, input } });
      const result = data?.updateCostCenter;
      if (result?.__typename !== "MutationUpdateCostCenterSuccess") {
        reportCostCenterRefusal(form, result, onError);
        return;
      }
      setFinishing(true);
      pause.current = setTimeout(() => {
        pause.current = null;
        setSelectedId("");
        form.reset(EMPTY_COST_CENTER);
        setFinishing(false);
        void onReload().catch(() => undefined);
        onSuccess(COST_CENTER_MESSAGES.updated);
      }, COST_CENTER_TIMINGS.updatePauseMs);
    } catch (caught) {
      onError(bannerFailure(caught));
    }
  }

  return (
    <Stack gap="6">
      <SectionCard title="STEP 1 Select Cost Center" heading={<StepHeading step={1} title="Select Cost Center" />}>
        <Stack gap="3">
          <CostCenterPicker
            costCenters={costCenters}
            selectedId={selectedId}
            onSelect={handleSelect}
            loading={loading}
            disabled={busy}
          />
          {selected ? (
            <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => onHistory(selected)}>
              View history of {selected.code}
            </Button>
          ) : null}
        </Stack>
      </SectionCard>

      <FormCard
        label="STEP 2 Update Cost Center"
        heading={<StepHeading step={2} title="Update Cost Center" />}
        description={
          selected
            ? `Change the number or name of ${selected.code} ${selected.name}.`
            : "Select a cost center in step 1 first."
        }
        onSubmit={(event) => {
          if (canSave) void form.handleSubmit(handleSave)(event);
          else event.preventDefault();
        }}
        submit={{ label: "Save", busyLabel: "Saving…", disabled: !canSave, busy }}
      >
        <Grid templateColumns={{ base: "1fr", md: "repeat(2, minmax(0, 1fr))" }} gap="5">
          <CostCenterFields
            form={form}
            numberLabel="New cost center number"
            nameLabel="New cost center name"
            disabled={!selected || busy}
          />
        </Grid>
        <Flex
          mt="5"
          gap="4"
          p="4"
          borderWidth="1px"
          borderStyle="dashed"
          borderRadius="l2"
          align={{ base: "flex-start", sm: "center" }}
          justify="space-between"
          wrap="wrap"
        >
          <Stack gap="0.5">
            <Text fontWeight="medium">Staff data file</Text>
            <Text textStyle="sm" color="fg.muted">
              Optional. The staff file may be uploaded later.
            </Text>
          </Stack>
          {selected ? (
            // Keyed by cost center: the UPLOADED badge belongs to the one it was sent for.
            <StaffUploadControl key={selected.id} costCenter={selected} />
          ) : (
            <Button size="sm" variant="outline" colorPalette="brand" disabled>
              Upload staff file
            </Button>
          )}
        </Flex>
      </FormCard>
    </Stack>
  );
}

function StepHeading({ step, title }: { step: number; title: string }) {
  return (
    <HStack gap="3">
      <Badge colorPalette="brand" variant="solid" size="md" letterSpacing="wide">
        STEP {step}
      </Badge>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
    </HStack>
  );
}
