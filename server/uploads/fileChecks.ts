import { open, stat } from "node:fs/promises";
import yauzl from "yauzl";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, type UploadError, type UploadFormat } from "../../schema/uploads";
import { centralDirectory } from "./zipEntries";

/**
 * Checks an uploaded file before any parser sees it: its size, its magic bytes and, for .xlsx, the
 * zip's central directory (a zip-bomb guard that decompresses nothing).
 *
 * The zip limits, and why a real 100 MB workbook passes them:
 * - entries: at most 10,000. A workbook is a few dozen parts (one per sheet, style, drawing, ...).
 * - declared uncompressed total: at most 4 GiB. Sheet XML deflates about 5 to 15 times (our
 *   100,000-row staff workbook: 5.1 MB packed, 39 MB unpacked, 7.7×), so a 100 MB workbook
 *   unpacks to about 1.5 GB at most, and 4 GiB leaves room for 40×.
 * - compression ratio of any part over 1 MiB: at most 200. Deflate tops out near 1,030; spreadsheet
 *   XML stays far below 100; a zip bomb is a part of nothing but repeated bytes, at the top.
 * The central directory can lie about sizes; the readers stream, so a lying bomb costs CPU time and
 * never memory, and the import job's time limit ends it.
 */
export const ZIP_LIMITS = {
  maxEntries: 10_000,
  maxTotalUncompressedBytes: 4 * 1024 * 1024 * 1024,
  maxCompressionRatio: 200,
  /** Parts smaller than this are not ratio-checked (tiny XML parts compress oddly well). */
  ratioCheckFromBytes: 1024 * 1024,
} as const;

/** The first bytes read for the magic and text checks. */
const SNIFF_BYTES = 64 * 1024;

const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_COMPOUND = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const REQUIRED_XLSX_PARTS = ["[Content_Types].xml", "xl/workbook.xml"] as const;

export async function checkUploadFile(path: string, format: UploadFormat): Promise<UploadError[]> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch {
    return [{ message: UPLOAD_MESSAGES.unreadable }];
  }
  if (size > MAX_UPLOAD_BYTES) return [{ message: UPLOAD_MESSAGES.fileTooLarge }];
  if (size === 0) return [{ message: UPLOAD_MESSAGES.emptyFile }];
  const head = await readHead(path);
  return format === "xlsx" ? checkXlsx(path, head) : checkCsv(head, size);
}

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, "r");
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function checkCsv(head: Buffer, size: number): UploadError[] {
  if (head.includes(0)) return [{ message: UPLOAD_MESSAGES.notCsv }];
  try {
    // `stream: true` lets the sniffed block end inside a multi-byte character.
    new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: head.length < size });
  } catch {
    return [{ message: UPLOAD_MESSAGES.notUtf8 }];
  }
  return [];
}

async function checkXlsx(path: string, head: Buffer): Promise<UploadError[]> {
  if (head.subarray(0, OLE_COMPOUND.length).equals(OLE_COMPOUND)) return [{ message: UPLOAD_MESSAGES.legacyXls }];
  if (!head.subarray(0, ZIP_LOCAL_HEADER.length).equals(ZIP_LOCAL_HEADER))
    return [{ message: UPLOAD_MESSAGES.notXlsx }];
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, strictFileNames: false });
  } catch {
    return [{ message: UPLOAD_MESSAGES.notXlsx }];
  }
  try {
    if (zip.entryCount > ZIP_LIMITS.maxEntries) return [{ message: UPLOAD_MESSAGES.zipTooManyEntries }];
    const names = new Set<string>();
    let total = 0;
    for await (const entry of centralDirectory(zip)) {
      names.add(entry.fileName);
      total += entry.uncompressedSize;
      if (total > ZIP_LIMITS.maxTotalUncompressedBytes) return [{ message: UPLOAD_MESSAGES.zipTooLarge }];
      if (entry.uncompressedSize >= ZIP_LIMITS.ratioCheckFromBytes) {
        const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
        if (ratio > ZIP_LIMITS.maxCompressionRatio) return [{ message: UPLOAD_MESSAGES.zipRatio }];
      }
    }
    if (!REQUIRED_XLSX_PARTS.every((part) => names.has(part))) return [{ message: UPLOAD_MESSAGES.notXlsx }];
    return [];
  } catch {
    return [{ message: UPLOAD_MESSAGES.notXlsx }];
  } finally {
    zip.close();
  }
}
