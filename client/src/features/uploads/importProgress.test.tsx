// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithChakra } from "../../ui/inputs/testUtils";
import { UploadProgress } from "./UploadParts";
import { historyStageOf, importingPhaseAfter, type StatusUpdate, type UploadPhase } from "./useFileUpload";

afterEach(cleanup);

const update = (status: StatusUpdate["status"], rowsProcessed: number, savedPercent: number | null): StatusUpdate => ({
  status,
  rowsProcessed,
  savedPercent,
  errors: [],
});

describe("the import's progress on the upload screen", () => {
  it("counts the rows as they are checked, then shows how much of them is saved", () => {
    renderWithChakra(
      <UploadProgress phase={{ name: "importing", started: true, rowsProcessed: 1200, savedPercent: null }} />,
    );
    expect(screen.getByTestId("upload-progress").textContent).toBe("Checking and importing… 1,200 rows processed");
    expect(screen.getByRole("progressbar", { name: "Importing the rows" }).getAttribute("aria-valuenow")).toBeNull();
    cleanup();

    renderWithChakra(
      <UploadProgress phase={{ name: "importing", started: true, rowsProcessed: 1187171, savedPercent: 40 }} />,
    );
    expect(screen.getByTestId("upload-progress").textContent).toBe(
      "Every row passed its checks. Saving 1,187,171 rows… 40%",
    );
    expect(screen.getByRole("progressbar", { name: "Saving the rows" }).getAttribute("aria-valuenow")).toBe("40");
  });

  it("never goes back: a poll reads what the import stored up to 2 s before the live channel's last word", () => {
    const live: UploadPhase = { name: "importing", started: true, rowsProcessed: 5000, savedPercent: null };
    expect(importingPhaseAfter(live, update("Processing", 4500, null))).toEqual(live);
    expect(importingPhaseAfter(live, update("Processing", 6000, null))).toEqual({ ...live, rowsProcessed: 6000 });

    const saving: UploadPhase = { ...live, savedPercent: 40 };
    expect(importingPhaseAfter(saving, update("Processing", 5000, 30))).toEqual(saving);
    expect(importingPhaseAfter(saving, update("Processing", 5000, null))).toEqual(saving);
    expect(importingPhaseAfter(saving, update("Processing", 5000, 55))).toEqual({ ...saving, savedPercent: 55 });
    // A poll that still reads Pending after the import began leaves it begun.
    expect(importingPhaseAfter(live, update("Pending", 0, null))).toEqual(live);
  });

  it("starts from the queued upload: Pending shows the wait, Processing the rows", () => {
    const queued: UploadPhase = { name: "sending", sent: 10, total: 10 };
    expect(importingPhaseAfter(queued, update("Pending", 0, null))).toEqual({
      name: "importing",
      started: false,
      rowsProcessed: 0,
      savedPercent: null,
    });
    expect(importingPhaseAfter(queued, update("Processing", 500, null))).toEqual({
      name: "importing",
      started: true,
      rowsProcessed: 500,
      savedPercent: null,
    });
  });

  it("refetches the history at each stage the history words differently: queued, checking, saving, done", () => {
    const importing = (started: boolean, savedPercent: number | null): UploadPhase => ({
      name: "importing",
      started,
      rowsProcessed: 10,
      savedPercent,
    });
    expect(historyStageOf({ name: "chosen" })).toBeNull();
    expect(historyStageOf({ name: "sending", sent: 1, total: 2 })).toBeNull();
    expect(historyStageOf(importing(false, null))).toBe("queued");
    expect(historyStageOf(importing(true, null))).toBe("checking");
    // More rows or a larger share is not a new stage: no refetch for every update.
    expect(historyStageOf(importing(true, 0))).toBe("saving");
    expect(historyStageOf(importing(true, 60))).toBe("saving");
    expect(historyStageOf({ name: "succeeded", rowsProcessed: 10 })).toBe("succeeded");
    expect(historyStageOf({ name: "failed", message: "x" })).toBe("failed");
  });
});
