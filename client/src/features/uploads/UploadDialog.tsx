import { Button, CloseButton, Dialog, Portal, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { CheckboxField } from "../../ui/inputs";
import { AttachedFile, FileDropZone, TemplateDownload, UploadErrorBox } from "./UploadParts";
import { useFileUpload } from "./useFileUpload";

type Props = {
  open: boolean;
  /** The cost center whose staff the file holds. */
  costCenter: { id: string; code: string; name: string };
  /** Closed without a finished upload (CANCEL, Escape, the close button). */
  onCancel: () => void;
  /** CONTINUE after a successful upload. */
  onUploaded: (costCenterId: string) => void;
};

/**
 * Spec §2 'Upload dialog (used per cost center)' and §4: a staff file for one cost center, with the
 * update and remove options. UPLOAD becomes CONTINUE after success; a failure clears the file.
 */
export function UploadDialog({ open, costCenter, onCancel, onUploaded }: Props) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onCancel();
      }}
      placement="center"
      scrollBehavior="inside"
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          {/* Mounted only while open: every opening starts from an empty dialog. */}
          {open ? <UploadDialogContent costCenter={costCenter} onCancel={onCancel} onUploaded={onUploaded} /> : null}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function UploadDialogContent({ costCenter, onCancel, onUploaded }: Omit<Props, "open">) {
  const upload = useFileUpload("CostCenterStaff", { clearFileOnError: true });
  const [updateStaff, setUpdateStaff] = useState(false);
  const [removeStaff, setRemoveStaff] = useState(false);
  return (
    <Dialog.Content maxH="700px" data-testid="upload-dialog">
      <Dialog.Header>
        <Stack gap="1">
          <Dialog.Title>Upload file</Dialog.Title>
          <Text textStyle="sm" color="fg.muted">
            Staff of cost center {costCenter.code} · {costCenter.name}
          </Text>
        </Stack>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="5">
          <TemplateDownload kind="CostCenterStaff" title="Download the attached staff data template below" />
          {upload.file ? (
            <AttachedFile file={upload.file} phase={upload.phase} onRemove={upload.remove} />
          ) : (
            <FileDropZone onFile={upload.choose} />
          )}
          <UploadErrorBox message={upload.error} />
          <Stack gap="3">
            <CheckboxField
              label="Update staff already in this cost center with the file's details"
              checked={updateStaff}
              onCheckedChange={setUpdateStaff}
              disabled={upload.busy || upload.succeeded}
            />
            <CheckboxField
              label="Remove staff of this cost center who are not in the file"
              checked={removeStaff}
              onCheckedChange={setRemoveStaff}
              disabled={upload.busy || upload.succeeded}
            />
          </Stack>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer gap="3">
        <Button variant="outline" colorPalette="gray" onClick={onCancel} disabled={upload.busy}>
          CANCEL
        </Button>
        {upload.succeeded ? (
          <Button colorPalette="brand" onClick={() => onUploaded(costCenter.id)}>
            CONTINUE
          </Button>
        ) : (
          <Button
            colorPalette="brand"
            onClick={() => void upload.submit({ costCenterId: costCenter.id, updateStaff, removeStaff })}
            disabled={!upload.canSubmit}
            loading={upload.busy}
            loadingText="UPLOADING"
          >
            UPLOAD
          </Button>
        )}
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" disabled={upload.busy} />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}
