import { useApolloClient } from "@apollo/client";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  checkUploadFileChoice,
  formatUploadErrors,
  UPLOAD_MESSAGES,
  UPLOAD_TIMINGS,
  type UploadError,
  type UploadKind,
} from "../../../../schema/uploads";
import { graphql } from "../../gql";
import type { StagedBlock } from "./blockPlan";
import { putToStorage } from "./putToStorage";

graphql(`
  fragment Upload_Slot on UploadSlot {
    uploadId
    uploadUrl
    uploadSasKey
    expiresAt
  }
`);

graphql(`
  fragment Upload_Error on UploadError {
    message
    row
    column
  }
`);

/** How far an import is: the live channel and the poll read the same fields. */
graphql(`
  fragment Upload_Progress on UploadProgress {
    status
    rowsProcessed
    savedPercent
  }
`);

const Upload_RequestSlotMutation = graphql(`
  mutation Upload_RequestSlotMutation($input: UploadSlotInput!) {
    requestUploadSlot(input: $input) {
      __typename
      ... on MutationRequestUploadSlotSuccess {
        data {
          ...Upload_Slot
        }
      }
      ...DomainError_Fields
    }
  }
`);

const Upload_CompleteMutation = graphql(`
  mutation Upload_CompleteMutation($uploadId: ID!) {
    completeUpload(uploadId: $uploadId) {
      __typename
      ... on MutationCompleteUploadSuccess {
        data {
          id
          status
        }
      }
      ...DomainError_Fields
    }
  }
`);

const Upload_StatusSubscription = graphql(`
  subscription Upload_StatusSubscription($uploadId: ID!) {
    uploadStatus(uploadId: $uploadId) {
      uploadId
      ...Upload_Progress
      errors {
        ...Upload_Error
      }
    }
  }
`);

const Upload_StatusQuery = graphql(`
  query Upload_StatusQuery($id: ID!) {
    upload(id: $id) {
      id
      ...Upload_Progress
      errors {
        ...Upload_Error
      }
    }
  }
`);

const Upload_RenewSlotMutation = graphql(`
  mutation Upload_RenewSlotMutation($uploadId: ID!) {
    renewUploadSlot(uploadId: $uploadId) {
      __typename
      ... on MutationRenewUploadSlotSuccess {
        data {
          ...Upload_Slot
        }
      }
      ...DomainError_Fields
    }
  }
`);

const Upload_StagedBlocksQuery = graphql(`
  query Upload_StagedBlocksQuery($id: ID!) {
    upload(id: $id) {
      id
      status
      stagedBlocks {
        name
        size
      }
    }
  }
`);

/** A slot whose sending failed part-way: a retry of the same file resumes into it. */
type UnfinishedSend = { key: string; uploadId: string; sasUrl: string; expiresAt: number };

/**
 * A retry resumes with the earlier SAS only if it stays valid this long (staging the missing blocks
 * and the commit must happen before it expires: a request refused with 403 is not retried);
 * otherwise it first asks for a renewed SAS for the same upload.
 */
const RESUME_MARGIN_MS = 60_000;

export type UploadPhase =
  | { name: "empty" }
  | { name: "chosen" }
  | { name: "sending"; sent: number; total: number }
  /** `savedPercent`: once every row passed, how much of them is saved (an import in slices); else null. */
  | { name: "importing"; rowsProcessed: number; started: boolean; savedPercent: number | null }
  | { name: "succeeded"; rowsProcessed: number }
  | { name: "failed"; message: string };

export type UploadOptions = { costCenterId?: string; updateStaff?: boolean; removeStaff?: boolean };

export type StatusUpdate = {
  status: "Pending" | "Processing" | "Error" | "Success";
  rowsProcessed: number;
  savedPercent: number | null;
  errors: readonly { message: string; row?: number | null; column?: number | null }[];
};

/**
 * The importing phase after a status update. The poll reads what the import last stored (every
 * 2 s), the live channel what it did last: the screen never goes back from what it showed.
 */
export function importingPhaseAfter(current: UploadPhase, update: StatusUpdate): UploadPhase {
  const before = current.name === "importing" ? current : null;
  const savedPercent = Math.max(update.savedPercent ?? -1, before?.savedPercent ?? -1);
  return {
    name: "importing",
    started: update.status === "Processing" || before?.started === true,
    rowsProcessed: Math.max(update.rowsProcessed, before?.rowsProcessed ?? 0),
    savedPercent: savedPercent < 0 ? null : savedPercent,
  };
}

/** The stages of an upload the history has a row for (null: none yet). */
export function historyStageOf(phase: UploadPhase): string | null {
  if (phase.name === "importing") return phase.savedPercent !== null ? "saving" : phase.started ? "checking" : "queued";
  return phase.name === "succeeded" || phase.name === "failed" ? phase.name : null;
}

/**
 * One file's way from the picker to the database (spec §4 'Upload kinds and statuses'): choose
 * (extension and size checked at once), request a slot, send it straight to storage in blocks with
 * bytes sent, then follow the import live (rows processed) with the 30-second poll beside it. A
 * retry of a send that failed (remove, attach the same file, submit) resumes into the same slot,
 * its SAS renewed if spent: only the blocks storage does not hold yet are sent.
 */
export function useFileUpload(kind: UploadKind, behaviour: { clearFileOnError: boolean }) {
  const client = useApolloClient();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<UploadPhase>({ name: "empty" });
  const stopWatching = useRef<() => void>(() => {});
  const abortSend = useRef<AbortController | null>(null);
  // Outlives removing and attaching the file again: that is how the user retries after a failure.
  const unfinished = useRef<UnfinishedSend | null>(null);

  useEffect(
    () => () => {
      stopWatching.current();
      abortSend.current?.abort();
    },
    [],
  );

  const fail = useCallback(
    (message: string) => {
      stopWatching.current();
      if (behaviour.clearFileOnError) setFile(null);
      setPhase({ name: "failed", message });
    },
    [behaviour.clearFileOnError],
  );

  /** Attaches a file, or says why it cannot be (spec §5 texts). */
  const choose = useCallback((chosen: File) => {
    const problem = checkUploadFileChoice(chosen);
    if (problem) {
      setFile(null);
      setPhase({ name: "failed", message: problem });
      return;
    }
    setFile(chosen);
    setPhase({ name: "chosen" });
  }, []);

  /** Removing the attached file resets everything. */
  const remove = useCallback(() => {
    stopWatching.current();
    abortSend.current?.abort();
    setFile(null);
    setPhase({ name: "empty" });
  }, []);

  const watch = useCallback(
    (uploadId: string) => {
      let finished = false;
      let progressSinceLastPoll = false;
      let pollsWithoutResult = 0;
      // Progress is a change: a new status, more rows or more saved, not the same answer again.
      const progressOf = (update: Omit<StatusUpdate, "errors">) =>
        `${update.status}:${update.rowsProcessed}:${update.savedPercent}`;
      // Right after completeUpload the import is known to be queued: Pending, no rows.
      let lastSeen = progressOf({ status: "Pending", rowsProcessed: 0, savedPercent: null });
      const apply = (update: StatusUpdate) => {
        if (finished) return;
        const seen = progressOf(update);
        if (seen !== lastSeen) progressSinceLastPoll = true;
        lastSeen = seen;
        if (update.status === "Success") {
          finished = true;
          stop();
          setPhase({ name: "succeeded", rowsProcessed: update.rowsProcessed });
        } else if (update.status === "Error") {
          finished = true;
          stop();
          fail(formatUploadErrors(update.errors.map(toUploadError)));
        } else {
          setPhase((current) => importingPhaseAfter(current, update));
        }
      };
      const subscription = client.subscribe({ query: Upload_StatusSubscription, variables: { uploadId } }).subscribe({
        next: ({ data }) => data && apply(data.uploadStatus),
        // The poll carries on when the live channel drops.
        error: () => {},
      });
      const poll = setInterval(() => {
        void client
          .query({ query: Upload_StatusQuery, variables: { id: uploadId }, fetchPolicy: "network-only" })
          .then(({ data }) => apply(data.upload))
          .catch(() => {})
          .finally(() => {
            if (finished) return;
            pollsWithoutResult = progressSinceLastPoll ? 0 : pollsWithoutResult + 1;
            progressSinceLastPoll = false;
            if (pollsWithoutResult >= UPLOAD_TIMINGS.maxPollsWithoutResult) {
              finished = true;
              fail(UPLOAD_MESSAGES.noResult);
            }
          });
      }, UPLOAD_TIMINGS.pollIntervalMs);
      function stop() {
        subscription.unsubscribe();
        clearInterval(poll);
      }
      stopWatching.current = () => {
        finished = true;
        stop();
      };
    },
    [client, fail],
  );

  /**
   * The slot to send into: the unfinished one of the same file and options, its SAS renewed when
   * it is (nearly) spent, while the upload is still Pending (with the blocks storage already
   * holds); else a new one.
   */
  const slotFor = useCallback(
    async (
      chosen: File,
      key: string,
      options: UploadOptions,
    ): Promise<{ uploadId: string; sasUrl: string; staged: readonly StagedBlock[] } | string> => {
      let earlier = unfinished.current?.key === key ? unfinished.current : null;
      if (earlier && earlier.expiresAt - Date.now() <= RESUME_MARGIN_MS) {
        const { data } = await client.mutate({
          mutation: Upload_RenewSlotMutation,
          variables: { uploadId: earlier.uploadId },
        });
        const renewed = data?.renewUploadSlot;
        earlier =
          renewed?.__typename === "MutationRenewUploadSlotSuccess"
            ? {
                key,
                uploadId: renewed.data.uploadId,
                sasUrl: `${renewed.data.uploadUrl}?${renewed.data.uploadSasKey}`,
                expiresAt: Date.parse(renewed.data.expiresAt),
              }
            : null;
        unfinished.current = earlier;
      }
      if (earlier) {
        const { data } = await client.query({
          query: Upload_StagedBlocksQuery,
          variables: { id: earlier.uploadId },
          fetchPolicy: "network-only",
        });
        if (data.upload.status === "Pending") {
          return { uploadId: earlier.uploadId, sasUrl: earlier.sasUrl, staged: data.upload.stagedBlocks };
        }
      }
      unfinished.current = null;
      const { data } = await client.mutate({
        mutation: Upload_RequestSlotMutation,
        variables: {
          input: {
            kind,
            originalFileName: chosen.name,
            fileSize: chosen.size,
            costCenterId: options.costCenterId,
            updateStaff: options.updateStaff,
            removeStaff: options.removeStaff,
          },
        },
      });
      const slot = data?.requestUploadSlot;
      if (slot?.__typename !== "MutationRequestUploadSlotSuccess") {
        return slot?.__typename === "DomainError" ? slot.message : UPLOAD_MESSAGES.storageFailed;
      }
      const sasUrl = `${slot.data.uploadUrl}?${slot.data.uploadSasKey}`;
      unfinished.current = { key, uploadId: slot.data.uploadId, sasUrl, expiresAt: Date.parse(slot.data.expiresAt) };
      return { uploadId: slot.data.uploadId, sasUrl, staged: [] };
    },
    [client, kind],
  );

  const submit = useCallback(
    async (options: UploadOptions = {}) => {
      if (!file) return;
      setPhase({ name: "sending", sent: 0, total: file.size });
      // The same file (name, size, last change) with the same options: a retry may resume.
      const key = JSON.stringify([
        file.name,
        file.size,
        file.lastModified,
        options.costCenterId ?? null,
        options.updateStaff ?? false,
        options.removeStaff ?? false,
      ]);
      let uploadId: string;
      try {
        const slot = await slotFor(file, key, options);
        if (typeof slot === "string") {
          fail(slot);
          return;
        }
        uploadId = slot.uploadId;
        abortSend.current = new AbortController();
        await putToStorage({
          sasUrl: slot.sasUrl,
          file,
          staged: slot.staged,
          onProgress: (sent, total) => setPhase({ name: "sending", sent, total }),
          signal: abortSend.current.signal,
        });
        unfinished.current = null;
      } catch {
        fail(UPLOAD_MESSAGES.storageFailed);
        return;
      }
      watch(uploadId);
      try {
        const { data } = await client.mutate({ mutation: Upload_CompleteMutation, variables: { uploadId } });
        const completed = data?.completeUpload;
        if (completed?.__typename === "DomainError") fail(completed.message);
        // Sent and queued: the live channel or the poll takes it from here.
        else
          setPhase((current) =>
            current.name === "sending"
              ? { name: "importing", rowsProcessed: 0, started: false, savedPercent: null }
              : current,
          );
      } catch (caught) {
        fail(caught instanceof Error ? caught.message : UPLOAD_MESSAGES.noResult);
      }
    },
    [client, file, slotFor, watch, fail],
  );

  const busy = phase.name === "sending" || phase.name === "importing";
  return {
    file,
    phase,
    choose,
    remove,
    submit,
    busy,
    succeeded: phase.name === "succeeded",
    error: phase.name === "failed" ? phase.message : null,
    /** Spec §4: enabled only with a file, no error, not loading and not already succeeded. */
    canSubmit: file !== null && phase.name === "chosen",
  };
}

function toUploadError(error: { message: string; row?: number | null; column?: number | null }): UploadError {
  return { message: error.message, row: error.row ?? undefined, column: error.column ?? undefined };
}
