import { useMutation } from "@apollo/client";
import { Badge, Box, Button, Card, Flex, Grid, Heading, HStack, Stack, Text } from "@chakra-ui/react";
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
import { useFooter } from "../shell/footer/useFooter";
import { StaffUploadControl } from "../uploads/StaffUploadControl";
import { TemplateDownload } from "../uploads/UploadParts";
import { bannerFailure } from "./failureMessages";
import { type CostCenterOption, digitsOnly } from "./parts";

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

function AddedList({ added }: { added: readonly CostCenterOption[] }) {
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
      <Card.Body pt="0">
        {added.length === 0 ? (
          <Box borderWidth="1px" borderStyle="dashed" borderRadius="l2" px="4" py="8" textAlign="center">
            <Text color="fg.muted" data-testid="add-at-least-one">
              {COST_CENTER_MESSAGES.addAtLeastOne}
            </Text>
          </Box>
        ) : (
          // Spec §9: the list scrolls beyond 400 px.
          <Box
            as="ul"
            listStyleType="none"
            maxH="400px"
            overflowY="auto"
            borderWidth="1px"
            borderRadius="l2"
            data-testid="added-list"
          >
            {added.map((costCenter) => (
              <Flex
                as="li"
                key={costCenter.id}
                gap="4"
                px="4"
                py="3"
                align="center"
                justify="space-between"
                borderTopWidth="1px"
                _first={{ borderTopWidth: "0" }}
                data-testid="added-cost-center"
              >
                <HStack gap="4" minW="0">
                  <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" minW="16">
                    {costCenter.code}
                  </Text>
                  <Text truncate>{costCenter.name}</Text>
                </HStack>
                <StaffUploadControl costCenter={costCenter} size="xs" />
              </Flex>
            ))}
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}
