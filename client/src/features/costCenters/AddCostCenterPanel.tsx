import { useMutation } from "@apollo/client";
import { Badge, Box, Button, Card, Grid, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import {
  COST_CENTER_CODE_MAX_LENGTH,
  COST_CENTER_MESSAGES,
  COST_CENTER_NAME_MAX_LENGTH,
  costCenterCodeSchema,
  costCenterNameSchema,
} from "../../../../schema/costCenters";
import { graphql } from "../../gql";
import { TextField } from "../../ui/inputs";
import { type Column, DataTable, useTable } from "../../ui/table";
import { useFooter } from "../shell/footer/useFooter";
import { StaffUploadControl } from "../uploads/StaffUploadControl";
import { TemplateDownload } from "../uploads/UploadParts";
import { bannerFailure } from "./failureMessages";
import { COST_CENTER_COLUMNS, type CostCenterOption, costCenterText, digitsOnly } from "./parts";

const AddCostCenter_CreateMutation = graphql(`
  mutation AddCostCenter_CreateMutation($input: CostCenterInput!) {
    createCostCenter(input: $input) {
      __typename
      ... on MutationCreateCostCenterSuccess {
        data {
          id
          code
          name
        }
      }
      ... on DomainError {
        ...DomainError_Fields
      }
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
  const [code, setCode] = useState("");
  const [name, setName] = useState("");
  const [touched, setTouched] = useState({ code: false, name: false });
  const [added, setAdded] = useState<CostCenterOption[]>([]);
  const [create, { loading: saving }] = useMutation(AddCostCenter_CreateMutation);

  // Both filled; the shared rules (schema/costCenters.ts) say what else is wrong, under the field.
  const codeProblem = code ? costCenterCodeSchema.safeParse(code).error?.issues[0]?.message : undefined;
  const nameProblem = name.trim() ? costCenterNameSchema.safeParse(name).error?.issues[0]?.message : undefined;
  const canAdd = code.trim() !== "" && name.trim() !== "" && !codeProblem && !nameProblem && !saving;
  useFooter({ hasUnsavedChanges: (code.trim() !== "" || name.trim() !== "") && !saving });

  async function handleAdd(event: FormEvent) {
    event.preventDefault();
    if (!canAdd) return;
    onClearError();
    try {
      const { data } = await create({ variables: { input: { code: code.trim(), name: name.trim() } } });
      const result = data?.createCostCenter;
      if (result?.__typename === "MutationCreateCostCenterSuccess") {
        setAdded((current) => [...current, result.data]);
        setCode("");
        setName("");
        setTouched({ code: false, name: false });
        onSuccess(COST_CENTER_MESSAGES.added);
        onAdded();
      } else {
        onError(bannerFailure(result));
      }
    } catch (caught) {
      onError(bannerFailure(caught));
    }
  }

  return (
    <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 1fr) minmax(0, 1fr)" }} gap="6" alignItems="start">
      <Stack gap="6">
        <Card.Root variant="outline" bg="bg.panel" asChild>
          <form noValidate aria-label="Add New Cost Center" onSubmit={(event) => void handleAdd(event)}>
            <Card.Header>
              <Heading as="h2" size="lg">
                Add New Cost Center
              </Heading>
              <Text color="fg.muted" textStyle="sm">
                Give the cost center its number and name. Numbers are digits only and unique in the facility.
              </Text>
            </Card.Header>
            <Card.Body>
              <Stack gap="5">
                <TextField
                  label="Cost center number"
                  placeholder="Enter cost center number"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={COST_CENTER_CODE_MAX_LENGTH}
                  value={code}
                  onChange={(value) => setCode(digitsOnly(value))}
                  onBlur={() => setTouched((current) => ({ ...current, code: true }))}
                  error={touched.code ? codeProblem : undefined}
                  helperText="Digits only."
                  required
                />
                <TextField
                  label="Cost center name"
                  placeholder="Enter cost center name"
                  autoComplete="off"
                  maxLength={COST_CENTER_NAME_MAX_LENGTH}
                  value={name}
                  onChange={setName}
                  onBlur={() => setTouched((current) => ({ ...current, name: true }))}
                  error={nameProblem}
                  required
                />
              </Stack>
            </Card.Body>
            <Card.Footer justifyContent="flex-end">
              <Button type="submit" colorPalette="brand" disabled={!canAdd} loading={saving} loadingText="Adding…">
                Add Cost Center
              </Button>
            </Card.Footer>
          </form>
        </Card.Root>
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
    <Card.Root variant="outline" bg="bg.panel" as="section" aria-label="Added cost centers">
      <Card.Header>
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
        <Text color="fg.muted" textStyle="sm">
          The cost centers added on this visit, each with its staff file upload.
        </Text>
      </Card.Header>
      <Card.Body>
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
      </Card.Body>
    </Card.Root>
  );
}
