import { useMutation } from "@apollo/client";
import { Badge, Box, Grid, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { COST_CENTER_MESSAGES, type CostCenterInput } from "../../../../schema/costCenters";
import { graphql } from "../../gql";
import { FormCard, SectionCard } from "../../ui/SectionCard";
import { type Column, DataTable, useTable } from "../../ui/table";
import { useFooter } from "../shell/footer/useFooter";
import { StaffUploadControl } from "../uploads/StaffUploadControl";
import { TemplateDownload } from "../uploads/UploadParts";
import { CostCenterFields, EMPTY_COST_CENTER, reportCostCenterRefusal, useCostCenterForm } from "./CostCenterForm";
import { bannerFailure } from "./failureMessages";
import { COST_CENTER_COLUMNS, type CostCenterOption, costCenterText } from "./parts";

const AddCostCenter_CreateMutation = graphql(`
  mutation AddCostCenter_CreateMutation($input: CostCenterInput!) {
    createCostCenter(input: $input) {
      __typename
      ... on MutationCreateCostCenterSuccess {
        data {
          ...CostCenterOption_Fields
        }
      }
      ...DomainError_Fields
    }
  }
`);

type Props = {
  /** Reloads the facility's cost centers (the other panels' lists). */
  onAdded: () => void;
  onSuccess: (message: string) => void;
  onError: (message: string) => void;
  onClearError: () => void;
};

/** Spec §2 Add panel: number and name, Add Cost Center, the template area, and the cost centers added. */
export function AddCostCenterPanel({ onAdded, onSuccess, onError, onClearError }: Props) {
  const { form, isValid } = useCostCenterForm();
  const [added, setAdded] = useState<CostCenterOption[]>([]);
  const [create, { loading: saving }] = useMutation(AddCostCenter_CreateMutation);

  // Spec §4: Add stays disabled until both are filled (and, by the shared rule, right).
  const canAdd = isValid && !saving;
  const { code, name } = useWatch({ control: form.control });
  useFooter({ hasUnsavedChanges: (Boolean(code?.trim()) || Boolean(name?.trim())) && !saving });

  async function handleAdd(input: CostCenterInput) {
    if (saving) return;
    onClearError();
    try {
      const { data } = await create({ variables: { input } });
      const result = data?.createCostCenter;
      if (result?.__typename === "MutationCreateCostCenterSuccess") {
        setAdded((current) => [...current, result.data]);
        // Cleared for the next one, unless the user has begun typing it while this one saved.
        const { code: typedCode, name: typedName } = form.getValues();
        if (typedCode.trim() === input.code && typedName.trim() === input.name) form.reset(EMPTY_COST_CENTER);
        onSuccess(COST_CENTER_MESSAGES.added);
        onAdded();
      } else {
        reportCostCenterRefusal(form, result, onError);
      }
    } catch (caught) {
      onError(bannerFailure(caught));
    }
  }

  return (
    <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 1fr) minmax(0, 1fr)" }} gap="6" alignItems="start">
      <Stack gap="6">
        <FormCard
          label="Add New Cost Center"
          title="Add New Cost Center"
          description="Give the cost center its number and name. Numbers are digits only and unique in the facility."
          onSubmit={(event) => void form.handleSubmit(handleAdd)(event)}
          submit={{ label: "Add Cost Center", busyLabel: "Adding…", disabled: !canAdd, busy: saving }}
        >
          <Stack gap="5">
            <CostCenterFields form={form} numberLabel="Cost center number" nameLabel="Cost center name" />
          </Stack>
        </FormCard>
        <TemplateArea />
      </Stack>
      <AddedList added={added} />
    </Grid>
  );
}

function TemplateArea() {
  return (
    <Stack gap="2" data-testid="template-area">
      <TemplateDownload kind="CostCenterStaff" title="Staff data template" />
      <Text color="fg.muted" textStyle="sm">
        Each cost center's staff are loaded from a file built on this template: use the upload control beside the cost
        center once it is added.
      </Text>
    </Stack>
  );
}

const ADDED_COLUMNS: readonly Column<CostCenterOption, "code" | "name" | "upload">[] = [
  ...COST_CENTER_COLUMNS,
  { key: "upload", label: "Staff data file", headerProps: { textAlign: "end" } },
];

function AddedList({ added }: { added: readonly CostCenterOption[] }) {
  const table = useTable(added, {
    columns: ADDED_COLUMNS,
    text: costCenterText,
    defaultSort: { key: "code", descending: false },
  });
  return (
    <SectionCard
      title="Added cost centers"
      heading={
        <HStack justify="space-between">
          <Heading as="h2" size="lg">
            Added cost centers
          </Heading>
          {added.length > 0 ? (
            <Badge colorPalette="brand" variant="subtle" size="md">
              {added.length} added
            </Badge>
          ) : null}
        </HStack>
      }
      description="The cost centers added on this visit, each with its staff file upload."
    >
      <DataTable
        table={table}
        label="Added cost centers"
        filterLabel="Filter added cost centers"
        filterPlaceholder="Number or name"
        noun="cost centers"
        // Spec §9: the list scrolls beyond 400 px.
        scrollProps={{
          maxH: "400px",
          overflowY: "auto",
          borderWidth: "1px",
          borderRadius: "l2",
          "data-testid": "added-list",
        }}
        empty={
          <Box borderWidth="1px" borderStyle="dashed" borderRadius="l2" px="4" py="8" textAlign="center">
            <Text color="fg.muted" data-testid="add-at-least-one">
              {COST_CENTER_MESSAGES.addAtLeastOne}
            </Text>
          </Box>
        }
        renderRow={(costCenter) => (
          <Table.Row key={costCenter.id} data-testid="added-cost-center">
            <Table.Cell fontWeight="semibold" fontVariantNumeric="tabular-nums">
              {costCenter.code}
            </Table.Cell>
            <Table.Cell>{costCenter.name}</Table.Cell>
            <Table.Cell>
              <HStack justify="flex-end">
                <StaffUploadControl costCenter={costCenter} size="xs" />
              </HStack>
            </Table.Cell>
          </Table.Row>
        )}
      />
    </SectionCard>
  );
}
