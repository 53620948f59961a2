import { Badge, Button, HStack } from "@chakra-ui/react";
import { useState } from "react";
import { UploadDialog } from "./UploadDialog";

type Props = {
  costCenter: { id: string; code: string; name: string };
  size?: "xs" | "sm" | "md";
  onUploaded?: (costCenterId: string) => void;
};

/**
 * A cost center's staff-file upload control (spec §2): opens the Upload dialog; after CONTINUE the
 * control shows the UPLOADED badge, and another file can still be sent.
 */
export function StaffUploadControl({ costCenter, size = "sm", onUploaded }: Props) {
  const [open, setOpen] = useState(false);
  const [uploaded, setUploaded] = useState(false);
  return (
    <HStack gap="2">
      {uploaded ? (
        <Badge colorPalette="green" variant="solid" size="sm" data-testid="uploaded-badge">
          UPLOADED
        </Badge>
      ) : null}
      <Button
        size={size}
        variant="outline"
        colorPalette="brand"
        onClick={() => setOpen(true)}
        aria-label={`Upload staff file for ${costCenter.code}`}
      >
        {uploaded ? "Upload again" : "Upload staff file"}
      </Button>
      <UploadDialog
        open={open}
        costCenter={costCenter}
        onCancel={() => setOpen(false)}
        onUploaded={(id) => {
          setOpen(false);
          setUploaded(true);
          onUploaded?.(id);
        }}
      />
    </HStack>
  );
}
