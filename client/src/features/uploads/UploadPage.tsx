import { useApolloClient } from "@apollo/client";
import { Card, Stack, Text } from "@chakra-ui/react";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { UPLOAD_MESSAGES, UPLOAD_TEMPLATES, UPLOAD_TIMINGS, type UploadKind } from "../../../../schema/uploads";
import { useTopBanner } from "../../ui/TopBanner";
import { forgetAdminTasks } from "../onboarding/cache";
import { useFooter } from "../shell/footer/useFooter";
import { ShellPage } from "../shell/ShellPage";
import { UploadHistory } from "./UploadHistory";
import { AttachedFile, FileDropZone, TemplateDownload, UploadErrorBox } from "./UploadParts";
import { historyStageOf, useFileUpload } from "./useFileUpload";

/**
 * /admin/upload/cost-center, /admin/upload/staff, /admin/upload/users (spec §2 file upload screen,
 * §4): one screen, parameterised by the upload kind.
 */
export function UploadPage({ kind }: { kind: Exclude<UploadKind, "CostCenterStaff"> }) {
  const template = UPLOAD_TEMPLATES[kind];
  const upload = useFileUpload(kind, { clearFileOnError: false });
  const navigate = useNavigate();
  const client = useApolloClient();
  const showBanner = useTopBanner(UPLOAD_TIMINGS.successBannerMs);

  useFooter({
    main: { label: "SUBMIT", onClick: () => void upload.submit(), enabled: upload.canSubmit, savesChanges: true },
    hasUnsavedChanges: upload.file !== null && !upload.succeeded,
  });

  useEffect(() => {
    if (!upload.succeeded) return;
    forgetAdminTasks(client.cache);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let left = false;
    showBanner({
      status: "success",
      title: "Success",
      description: UPLOAD_MESSAGES.uploaded,
      onShown: () => {
        if (!left) timer = setTimeout(() => navigate("/admin/landing"), UPLOAD_TIMINGS.redirectMs);
      },
    });
    return () => {
      left = true;
      clearTimeout(timer);
    };
  }, [upload.succeeded, showBanner, navigate, client]);

  // The history shows an upload once it is queued, again as its import checks and then saves the
  // rows, and when it ends: beside the live progress, its row never says an earlier stage.
  const historyStage = historyStageOf(upload.phase);
  useEffect(() => {
    if (historyStage) void client.refetchQueries({ include: ["UploadHistory_Query"] });
  }, [historyStage, client]);

  return (
    <ShellPage title={template.header} description={template.description}>
      <Card.Root variant="outline" bg="bg.panel" maxW="3xl">
        <Card.Body>
          <Stack gap="5">
            <TemplateDownload kind={kind} title="Template" />
            <Text textStyle="sm" color="fg.muted">
              Fill the template's first sheet, one row per record, and keep its header row. The whole file is checked
              first: if any row has a problem nothing is imported, and every problem is listed with its row and column.
            </Text>
            {upload.file ? (
              <AttachedFile file={upload.file} phase={upload.phase} onRemove={upload.remove} />
            ) : (
              <FileDropZone onFile={upload.choose} />
            )}
            <UploadErrorBox message={upload.error} />
          </Stack>
        </Card.Body>
      </Card.Root>
      <UploadHistory kind={kind} />
    </ShellPage>
  );
}
