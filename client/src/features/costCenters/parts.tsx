import { Box, Button, Field, Grid, Input, Portal, Tooltip } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { SelectField } from "../../ui/inputs";

export type CostCenterOption = { id: string; code: string; name: string };

/** Spec §9: the width of the screen's dropdowns. */
export const DROPDOWN_WIDTH = "310px";
export const UPLOADS_UNAVAILABLE = "File uploads are not available yet.";

type UploadUnavailableProps = { label: string; children?: ReactNode; size?: "xs" | "sm" | "md" };

/**
 * Where a cost center's staff file will be uploaded. The upload dialog arrives with the bulk-upload
 * feature; until then the control is shown disabled and says so.
 */
export function UploadUnavailable({ label, children, size = "sm" }: UploadUnavailableProps) {
  return (
    <Tooltip.Root openDelay={150} positioning={{ placement: "top" }}>
      <Tooltip.Trigger asChild>
        {/* A disabled button gets no pointer or focus events: the wrapper carries the tooltip. */}
        <Box
          as="span"
          display="inline-flex"
          tabIndex={0}
          borderRadius="l2"
          cursor="not-allowed"
          aria-label={`${label}: ${UPLOADS_UNAVAILABLE}`}
        >
          <Button size={size} variant="outline" colorPalette="brand" disabled pointerEvents="none" tabIndex={-1}>
            {children ?? label}
          </Button>
        </Box>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>
            <Tooltip.Arrow>
              <Tooltip.ArrowTip />
            </Tooltip.Arrow>
            {UPLOADS_UNAVAILABLE}
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

type PickerProps = {
  costCenters: readonly CostCenterOption[];
  selectedId: string;
  onSelect: (id: string) => void;
  loading: boolean;
  disabled?: boolean;
};

/** Spec §2: a dropdown of cost center numbers, with the chosen one's name shown read-only. */
export function CostCenterPicker({ costCenters, selectedId, onSelect, loading, disabled }: PickerProps) {
  const selected = costCenters.find((costCenter) => costCenter.id === selectedId);
  return (
    <Grid templateColumns={{ base: "1fr", md: `${DROPDOWN_WIDTH} minmax(0, 1fr)` }} gap="5" alignItems="start">
      <SelectField
        label="Cost center number"
        value={selectedId}
        onChange={onSelect}
        placeholder={loading ? "Loading…" : costCenters.length === 0 ? "No cost centers yet" : "Select a cost center"}
        options={costCenters.map((costCenter) => ({ value: costCenter.id, label: costCenter.code }))}
        disabled={disabled || loading || costCenters.length === 0}
      />
      <Field.Root readOnly>
        <Field.Label>Cost center name</Field.Label>
        <Input value={selected?.name ?? ""} readOnly placeholder="Shown once a number is selected" bg="bg.muted" />
      </Field.Root>
    </Grid>
  );
}

/** Keeps what a numeric field may hold: digits only. */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, "");
}
