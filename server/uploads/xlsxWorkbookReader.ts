import type { Readable } from "node:stream";
import type ExcelJS from "exceljs";
import yauzl from "yauzl";
import { loadExcelJs } from "../loadExcelJs";
import { centralDirectory } from "./zipEntries";

/** The parsing steps of exceljs' streaming reader that `parse` below calls in a safe order. */
type ReaderSteps = {
  options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>;
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<unknown>;
};

const WORKSHEET_PART = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/**
 * exceljs' streaming WorkbookReader reading an .xlsx file on disk through the zip's central
 * directory instead of one pass over its entries in stored order.
 *
 * The stock reader needs xl/workbook.xml (the sheet names) before it parses a worksheet, but
 * writers, exceljs among them, store that part last, and on Node ≥ 18 the single pass now and then
 * ends without delivering it: a valid workbook fails with "Cannot read properties of undefined
 * (reading 'sheets')" (exceljs#3064). Here the workbook relations, workbook, shared strings and
 * styles are read first, then each worksheet in sheet order, still streamed row by row from the
 * file, so memory stays flat however long the sheet is.
 */
export async function openXlsxWorkbookReader(
  path: string,
  options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>,
): Promise<ExcelJS.stream.xlsx.WorkbookReader> {
  readerClass ??= defineReader();
  const Reader = await readerClass;
  return new Reader(path, options);
}

type ReaderClass = new (
  path: string,
  options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>,
) => ExcelJS.stream.xlsx.WorkbookReader;

let readerClass: Promise<ReaderClass> | undefined;

/** The class extends exceljs' reader, so it is defined once exceljs is loaded (../loadExcelJs). */
async function defineReader(): Promise<ReaderClass> {
  const ExcelJS = await loadExcelJs();
  return class XlsxWorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
    constructor(
      private readonly path: string,
      options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>,
    ) {
      super(path, options);
    }

    override async *parse(): AsyncGenerator<unknown> {
      const steps = this as unknown as ReaderSteps;
      const zip = await yauzl.openPromise(this.path, { lazyEntries: true, autoClose: false, strictFileNames: false });
      // A part the caller skips (the Instructions sheet) is never read to its end: destroy them all.
      const opened: Readable[] = [];
      try {
        const parts = new Map<string, yauzl.Entry>();
        for await (const entry of centralDirectory(zip)) parts.set(entry.fileName, entry);
        const open = async (name: string) => {
          const entry = parts.get(name);
          if (!entry) return undefined;
          const stream = await zip.openReadStreamPromise(entry);
          opened.push(stream);
          return stream;
        };

        const rels = await open("xl/_rels/workbook.xml.rels");
        if (rels) await steps._parseRels(rels);
        const workbook = await open("xl/workbook.xml");
        if (workbook) await steps._parseWorkbook(workbook);
        const sharedStrings = await open("xl/sharedStrings.xml");
        if (sharedStrings) yield* steps._parseSharedStrings(sharedStrings);
        if (steps.options.styles === "cache") {
          const styles = await open("xl/styles.xml");
          if (styles) await steps._parseStyles(styles);
        }

        const worksheets = [...parts.keys()]
          .map((name) => ({ name, sheetNo: WORKSHEET_PART.exec(name)?.[1] }))
          .filter((sheet): sheet is { name: string; sheetNo: string } => sheet.sheetNo !== undefined)
          .sort((a, b) => Number(a.sheetNo) - Number(b.sheetNo));
        for (const { name, sheetNo } of worksheets) {
          const sheet = await open(name);
          if (sheet) yield* steps._parseWorksheet(sheet, sheetNo);
        }
      } finally {
        for (const stream of opened) stream.destroy();
        zip.close();
      }
    }
  };
}
