import { readAccessToken } from "../../auth/session";

/** Fetches a table export (`path` may carry its own query) with the session's token and saves it as `fileName`. */
export async function downloadExport(path: string, format: "xlsx" | "csv", fileName: string): Promise<void> {
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
