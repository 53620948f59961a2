import { useQuery } from "@apollo/client";
import {
  Alert,
  Box,
  Button,
  FileUpload,
  Flex,
  HStack,
  IconButton,
  Progress,
  Skeleton,
  Spinner,
  Stack,
  Text,
  useFileUpload,
} from "@chakra-ui/react";
import { type ReactNode, useId, useState } from "react";
import type { UploadKind } from "../../../../schema/uploads";
import { graphql } from "../../gql";
import { FailureLine } from "../../ui/ErrorAlert";
import { CheckCircleIcon, DownloadIcon, FileSheetIcon, TrashIcon, UploadCloudIcon } from "../shell/icons";
import type { UploadPhase } from "./useFileUpload";

export const Upload_TemplateQuery = graphql(`
  query Upload_TemplateQuery($kind: UploadKind!) {
    uploadTemplate(kind: $kind) {
      kind
      header
      description
      templateName
      templateDownloadLink
    }
  }
`);

/** The template of a kind: header, description, name and a fresh download link. */
export function useUploadTemplate(kind: UploadKind) {
  // The link carries a SAS that expires: always ask the server for a fresh one.
  const { data, loading, error } = useQuery(Upload_TemplateQuery, { variables: { kind }, fetchPolicy: "network-only" });
  return { template: data?.uploadTemplate, loading, error };
}

export function TemplateDownload({ kind, title }: { kind: UploadKind; title?: string }) {
  const { template, loading, error } = useUploadTemplate(kind);
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState(false);
  // Storage is another origin, where a link's download attribute is ignored and the browser would
  // leave the app: fetch the file and save it from a same-origin blob instead.
  async function handleDownload() {
    if (!template) return;
    setDownloading(true);
    setFailed(false);
    try {
      const response = await fetch(template.templateDownloadLink);
      if (!response.ok) throw new Error(`Storage answered ${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = template.templateName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setFailed(true);
    } finally {
      setDownloading(false);
    }
  }
  return (
    <Box borderWidth="1px" borderRadius="l3" bg="bg.subtle" p="4" data-testid="template-download">
      <Flex gap="4" align="center" justify="space-between" wrap="wrap">
        <HStack gap="3" minW="0">
          <Box color="green.600" flexShrink="0">
            <FileSheetIcon boxSize="8" />
          </Box>
          <Stack gap="0.5" minW="0">
            {title ? <Text fontWeight="semibold">{title}</Text> : null}
            {loading ? (
              <Skeleton height="4" width="56" />
            ) : (
              <Text textStyle="sm" color="fg.muted" truncate data-testid="template-name">
                {template?.templateName ?? (error ? "The template could not be loaded." : "")}
              </Text>
            )}
            <FailureLine
              textStyle="xs"
              message={failed ? "The template could not be downloaded. Please try again." : null}
            />
          </Stack>
        </HStack>
        <Button
          size="sm"
          variant="outline"
          colorPalette="brand"
          disabled={!template}
          loading={downloading}
          loadingText="Downloading…"
          onClick={() => void handleDownload()}
        >
          <DownloadIcon /> Download template
        </Button>
      </Flex>
    </Box>
  );
}

type DropZoneProps = { onFile: (file: File) => void; disabled?: boolean };

/** What the picker offers (spec §2): .csv and .xlsx. */
const PICKER_ACCEPTS = {
  "text/csv": [".csv"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": [".xlsx"],
};

/**
 * Spec §2: files are dropped or browsed (Chakra's file upload); .csv and .xlsx only, 100 MB at most.
 * Any file chosen goes to `onFile`, which checks it and says what is wrong in the spec's words; the
 * zone keeps no file of its own, so the same file can be chosen again after it was removed.
 */
export function FileDropZone({ onFile, disabled }: DropZoneProps) {
  const hintId = useId();
  const fileUpload = useFileUpload({
    accept: PICKER_ACCEPTS,
    maxFiles: 1,
    disabled,
    onFileChange: ({ acceptedFiles, rejectedFiles }) => {
      const file = acceptedFiles[0] ?? rejectedFiles[0]?.file;
      if (!file) return;
      onFile(file);
      fileUpload.clearFiles();
    },
  });
  return (
    <FileUpload.RootProvider value={fileUpload} alignItems="stretch">
      <FileUpload.HiddenInput data-testid="file-input" />
      <FileUpload.Dropzone
        disableClick
        width="full"
        minHeight="auto"
        borderWidth="2px"
        borderRadius="l3"
        px="6"
        py="8"
        bg="bg.panel"
        _dragging={{ bg: "brand.subtle", borderColor: "brand.solid" }}
        data-testid="drop-zone"
      >
        <Stack gap="3" align="center">
          <Box color="brand.solid">
            <UploadCloudIcon boxSize="10" />
          </Box>
          <Text fontWeight="medium">
            Drag and drop your file here, or{" "}
            <FileUpload.Trigger asChild>
              <Button
                variant="plain"
                colorPalette="brand"
                px="0"
                height="auto"
                textDecoration="underline"
                aria-describedby={hintId}
              >
                Browse
              </Button>
            </FileUpload.Trigger>
          </Text>
          <Text id={hintId} textStyle="sm" color="fg.muted">
            .xlsx or .csv · Max file size: 100mb
          </Text>
        </Stack>
      </FileUpload.Dropzone>
    </FileUpload.RootProvider>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The attached file: name, size, progress of sending then importing, remove icon or check mark. */
export function AttachedFile({ file, phase, onRemove }: { file: File; phase: UploadPhase; onRemove: () => void }) {
  const busy = phase.name === "sending" || phase.name === "importing";
  return (
    <Box borderWidth="1px" borderRadius="l3" p="4" bg="bg.panel" data-testid="attached-file">
      <Flex gap="3" align="center">
        <Box color="green.600" flexShrink="0">
          <FileSheetIcon boxSize="7" />
        </Box>
        <Stack gap="0.5" flex="1" minW="0">
          <Text fontWeight="medium" truncate>
            {file.name}
          </Text>
          <Text textStyle="xs" color="fg.muted">
            {formatSize(file.size)}
          </Text>
        </Stack>
        {phase.name === "succeeded" ? (
          <Box color="green.600" data-testid="upload-done" aria-label="Uploaded">
            <CheckCircleIcon boxSize="6" />
          </Box>
        ) : busy ? (
          <Spinner size="sm" color="brand.solid" aria-label="Uploading" data-testid="upload-busy" />
        ) : (
          <IconButton aria-label={`Remove ${file.name}`} variant="ghost" size="sm" onClick={onRemove}>
            <TrashIcon />
          </IconButton>
        )}
      </Flex>
      <UploadProgress phase={phase} />
    </Box>
  );
}

/** Real progress: bytes sent to storage, then rows processed by the import. */
export function UploadProgress({ phase }: { phase: UploadPhase }) {
  if (phase.name === "sending") {
    const percent = phase.total > 0 ? Math.round((phase.sent / phase.total) * 100) : 0;
    return (
      <ProgressLine value={percent} label="Sending the file">
        Sending… {formatSize(phase.sent)} of {formatSize(phase.total)} ({percent}%)
      </ProgressLine>
    );
  }
  if (phase.name === "importing" && phase.savedPercent !== null) {
    return (
      <ProgressLine value={phase.savedPercent} label="Saving the rows">
        Every row passed its checks. Saving {phase.rowsProcessed.toLocaleString()} rows… {phase.savedPercent}%
      </ProgressLine>
    );
  }
  if (phase.name === "importing") {
    return (
      <ProgressLine value={null} label="Importing the rows">
        {phase.started
          ? `Checking and importing… ${phase.rowsProcessed.toLocaleString()} rows processed`
          : "Sent. Waiting for the import to start…"}
      </ProgressLine>
    );
  }
  if (phase.name === "succeeded") {
    return (
      <Text textStyle="xs" color="fg.muted" mt="2" data-testid="upload-progress">
        {phase.rowsProcessed.toLocaleString()} rows imported
      </Text>
    );
  }
  return null;
}

/** A progress bar (`value` null: no share known yet) and, under it, what is happening. */
function ProgressLine({ value, label, children }: { value: number | null; label: string; children: ReactNode }) {
  return (
    <Stack gap="1" mt="3">
      {/* The name goes on the progressbar itself (the track); zag would name it "loading..." or "40 percent". */}
      <Progress.Root value={value} size="sm" colorPalette="brand" translations={{ value: () => label }}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text textStyle="xs" color="fg.muted" data-testid="upload-progress">
        {children}
      </Text>
    </Stack>
  );
}

/** Spec §8: the error box ('Attachment failed, …' or the file check's message). */
export function UploadErrorBox({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" borderRadius="l3" data-testid="upload-error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description whiteSpace="pre-wrap" maxH="48" overflowY="auto">
          {message}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
