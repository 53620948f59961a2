import { Button, HStack, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { readAccessToken } from "../auth/session";
import { FailureLine } from "./ErrorAlert";

/** Fetches a table export (`path` may carry its own query) with the session's token and saves it as `fileName`. */
async function downloadExport(path: string, format: "xlsx" | "csv", fileName: string): Promise<void> {
  const response = await fetch(`${path}${path.includes("?") ? "&" : "?"}format=${format}`, {
    headers: { authorization: `Bearer ${readAccessToken() ?? ""}` },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? "The export could not be made. Please try again.");
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * .xlsx, CSV and print for a screen whose table `path` also answers as a file (`?format=`).
 * `csvLabel` names what the CSV holds when the .xlsx holds more (a CSV is one table).
 */
export function ExportButtons({
  path,
  name,
  csvLabel = "Export CSV",
}: {
  path: string;
  name: string;
  csvLabel?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const save = (format: "xlsx" | "csv") =>
    downloadExport(path, format, `${name}.${format}`).then(
      () => setFailed(null),
      (problem: Error) => setFailed(problem.message),
    );
  return (
    <Stack gap="1" align={{ md: "flex-end" }} className="no-print">
      <HStack gap="2">
        <Button variant="outline" size="sm" onClick={() => void save("xlsx")}>
          Export .xlsx
        </Button>
        <Button variant="outline" size="sm" onClick={() => void save("csv")}>
          {csvLabel}
        </Button>
        <Button variant="outline" size="sm" onClick={() => window.print()}>
          Print
        </Button>
      </HStack>
      <FailureLine message={failed} />
    </Stack>
  );
}
