import type { Readable } from "node:stream";
import yauzl from "yauzl";
import type { CellValue } from "../../schema/uploads";
import { UploadFileError } from "./uploadFileError";
import { centralDirectory } from "./zipEntries";

/** One non-empty row of an uploaded file; `rowNumber` is the row number a spreadsheet shows. */
export type UploadRow = { rowNumber: number; cells: CellValue[] };

/** The sheet the templates keep their notes on; never the data. */
const INSTRUCTIONS_SHEET = "Instructions";

/**
 * The rows of an .xlsx file's first worksheet in tab order that is not the Instructions sheet,
 * read straight from the zip: the workbook, its relations, the styles and the shared strings
 * first (through the central directory, whatever order the parts are stored in), then the
 * worksheet streamed a `<row>` element at a time, so memory stays flat however long the sheet is.
 *
 * SpreadsheetML is a narrow, machine-written dialect: a worksheet is a flat run of `<row>`
 * elements holding `<c>` cells with a value `<v>`, a formula `<f>` or an inline string `<is>`.
 * Scanning for those elements is several times faster than a general XML parser (exceljs' reader
 * spent most of an import's parse in saxes and its own row objects), and it reads just what the
 * validators take:
 * - text (shared, inline or a formula's string), trimmed, empty as null;
 * - numbers, and numbers in a date format as the date (YYYY-MM-DD, 1900 or 1904 date system);
 * - booleans;
 * - a formula cell as `{ formula }`, never its cached result;
 * - an error cell (#N/A, ...) as `{ error }`.
 * Fully empty rows are skipped (their numbers are not reused).
 */
export async function* readXlsxRows(path: string): AsyncGenerator<UploadRow> {
  let zip: yauzl.ZipFile | undefined;
  // A part left unread (the reader stopped early) is destroyed with the zip.
  const opened: Readable[] = [];
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, strictFileNames: false });
    const parts = new Map<string, yauzl.Entry>();
    for await (const entry of centralDirectory(zip)) parts.set(entry.fileName, entry);
    const file = zip;
    const open = async (name: string): Promise<Readable | undefined> => {
      const entry = parts.get(name);
      if (!entry) return undefined;
      const stream = await file.openReadStreamPromise(entry);
      opened.push(stream);
      return stream;
    };
    const wholePart = async (name: string): Promise<string> => {
      const stream = await open(name);
      if (!stream) return "";
      let text = "";
      for await (const chunk of decoded(stream)) text += chunk;
      return text;
    };

    const workbook = await wholePart("xl/workbook.xml");
    const sheetPart = dataSheetPart(workbook, await wholePart("xl/_rels/workbook.xml.rels"));
    if (!sheetPart) return;
    const dateStyles = dateStylesOf(await wholePart("xl/styles.xml"));
    const date1904 = /<workbookPr\b[^>]*\bdate1904\s*=\s*["'](?:1|true)["']/.test(workbook);
    const sharedStrings: (string | null)[] = [];
    const strings = await open("xl/sharedStrings.xml");
    if (strings) {
      for await (const si of elements(strings, "si")) sharedStrings.push(trimmedOrNull(runText(si)));
    }

    const sheet = await open(sheetPart);
    if (!sheet)
      throw new UploadFileError([{ message: `The .xlsx workbook could not be read: ${sheetPart} is missing` }]);
    const cellOf = cellReader(sharedStrings, dateStyles, date1904);
    let previousRow = 0;
    for await (const row of elements(sheet, "row")) {
      const rowNumber = Number(attribute(openTag(row), "r")) || previousRow + 1;
      previousRow = rowNumber;
      const cells = rowCells(row, cellOf);
      if (cells.length > 0) yield { rowNumber, cells };
    }
  } catch (error) {
    if (error instanceof UploadFileError) throw error;
    throw new UploadFileError([{ message: `The .xlsx workbook could not be read: ${messageOf(error)}` }]);
  } finally {
    for (const stream of opened) stream.destroy();
    zip?.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The workbook's parts
// ---------------------------------------------------------------------------------------------

/** The zip path of the first worksheet in tab order that is not the Instructions sheet. */
function dataSheetPart(workbook: string, relations: string): string | undefined {
  const targets = new Map<string, string>();
  for (const [tag] of relations.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = attribute(tag, "Id");
    const target = attribute(tag, "Target");
    if (id && target && /\/worksheet$/.test(attribute(tag, "Type") ?? "")) targets.set(id, target);
  }
  for (const [tag] of workbook.matchAll(/<sheet\b[^>]*>/g)) {
    if (decodeText(attribute(tag, "name") ?? "") === INSTRUCTIONS_SHEET) continue;
    // The relationship id is r:id, whatever prefix the writer bound to the relationships namespace.
    const target = targets.get(attribute(tag, "\\w+:id") ?? "");
    // Targets are relative to xl/, or absolute within the package.
    if (target) return target.startsWith("/") ? target.slice(1) : `xl/${target}`;
  }
  return undefined;
}

/**
 * Built-in number formats that show a date or a time (ECMA-376 §18.8.30, with the East Asian
 * date formats 27-36 and 50-58).
 */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
]);

/** A format code shows a date when, outside quoted text and [brackets], it has a date or time part. */
function isDateFormatCode(code: string): boolean {
  return /[ymdhsb]/i.test(code.replace(/\[[^\]]*]/g, "").replace(/"[^"]*"/g, ""));
}

/** The cell style indexes (`s`) whose number format is a date. */
function dateStylesOf(styles: string): Set<number> {
  const dateFormats = new Set(BUILT_IN_DATE_FORMATS);
  for (const [tag] of styles.matchAll(/<numFmt\b[^>]*>/g)) {
    const id = Number(attribute(tag, "numFmtId"));
    if (isDateFormatCode(decodeText(attribute(tag, "formatCode") ?? ""))) dateFormats.add(id);
    else dateFormats.delete(id);
  }
  const dateStyles = new Set<number>();
  const cellXfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? "";
  let index = 0;
  for (const [tag] of cellXfs.matchAll(/<xf\b[^>]*>/g)) {
    if (dateFormats.has(Number(attribute(tag, "numFmtId") ?? 0))) dateStyles.add(index);
    index++;
  }
  return dateStyles;
}

// ---------------------------------------------------------------------------------------------
// Rows and cells
// ---------------------------------------------------------------------------------------------

type CellReader = (attributes: string, content: string) => CellValue;

const CELL = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;

/** A row's cells by column (A is the first), trailing empty cells dropped; [] for an empty row. */
function rowCells(row: string, cellOf: CellReader): CellValue[] {
  const cells: CellValue[] = [];
  let column = 0;
  CELL.lastIndex = 0;
  for (let match = CELL.exec(row); match; match = CELL.exec(row)) {
    const attributes = match[1] ?? "";
    const reference = cellAttribute(attributes, "r");
    column = reference ? columnNumber(reference) : column + 1;
    const value = cellOf(attributes, match[2] ?? "");
    if (value === null) continue;
    while (cells.length < column - 1) cells.push(null);
    cells[column - 1] = value;
  }
  return cells;
}

function cellReader(sharedStrings: readonly (string | null)[], dateStyles: Set<number>, date1904: boolean): CellReader {
  return (attributes, content) => {
    if (content === "") return null;
    const formula = elementText(content, "f");
    if (formula !== undefined) return { formula: decodeText(formula) };
    const type = cellAttribute(attributes, "t") ?? "n";
    if (type === "inlineStr") {
      const inline = /<is\b[^>]*>([\s\S]*?)<\/is>/.exec(content)?.[1];
      return inline === undefined ? null : trimmedOrNull(runText(inline));
    }
    const value = elementText(content, "v");
    if (value === undefined) return null;
    switch (type) {
      case "s":
        return sharedStrings[Number(value)] ?? null;
      case "str":
        return trimmedOrNull(decodeText(value));
      case "b":
        return Number(value) !== 0;
      case "e":
        return { error: decodeText(value) };
      case "d":
        return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : trimmedOrNull(value);
      default: {
        if (value.trim() === "") return null;
        const number = Number(value);
        if (!Number.isFinite(number)) return null;
        return dateStyles.has(Number(cellAttribute(attributes, "s") ?? 0)) ? serialDate(number, date1904) : number;
      }
    }
  };
}

/** Excel's serial day number as YYYY-MM-DD: day 25569 is 1970-01-01 (1904 system: 1462 days on). */
function serialDate(serial: number, date1904: boolean): string | null {
  const date = new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

/** "AB12" → 28. */
function columnNumber(reference: string): number {
  let column = 0;
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i) | 0x20; // lower case
    if (code < 97 || code > 122) break;
    column = column * 26 + (code - 96);
  }
  return column;
}

// ---------------------------------------------------------------------------------------------
// XML, as SpreadsheetML writes it
// ---------------------------------------------------------------------------------------------

/** The text of a string item or inline string: its `<t>` runs, without phonetic (`<rPh>`) runs. */
function runText(item: string): string {
  let text = "";
  for (const [, run] of item.replace(/<rPh\b[\s\S]*?<\/rPh>/g, "").matchAll(/<t\b[^>]*?(?:\/>|>([\s\S]*?)<\/t>)/g)) {
    text += decodeText(run ?? "");
  }
  return text;
}

/** The raw text of the first `<name>` child, "" when it is empty, undefined when it is absent. */
function elementText(content: string, name: string): string | undefined {
  const start = content.indexOf(`<${name}`);
  if (start < 0) return undefined;
  const after = content.charCodeAt(start + name.length + 1);
  // <f>, <f t="shared" .../>, but not <foo>
  if (after !== 62 && after !== 32 && after !== 47 && after !== 9 && after !== 10 && after !== 13) return undefined;
  const tagEnd = content.indexOf(">", start);
  if (tagEnd < 0) return undefined;
  if (content.charCodeAt(tagEnd - 1) === 47) return "";
  const close = content.indexOf(`</${name}>`, tagEnd);
  return close < 0 ? undefined : content.slice(tagEnd + 1, close);
}

function openTag(element: string): string {
  return element.slice(0, element.indexOf(">") + 1);
}

/** An attribute's raw value in a tag or attribute list (either quote); `name` may be a pattern. */
function attribute(tag: string, name: string): string | undefined {
  let pattern = attributePatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    attributePatterns.set(name, pattern);
  }
  const at = pattern.exec(tag);
  return at ? (at[1] ?? at[2]) : undefined;
}

const attributePatterns = new Map<string, RegExp>();

/**
 * A cell's attribute (r, s or t) as writers put it, ` name="value"`, found without a regular
 * expression (three per cell are most of a row's work); anything else goes to `attribute`.
 */
function cellAttribute(attributes: string, name: string): string | undefined {
  const at = attributes.indexOf(` ${name}="`);
  if (at < 0) return attributes.includes(`${name}=`) ? attribute(attributes, name) : undefined;
  const start = at + name.length + 3;
  const end = attributes.indexOf('"', start);
  return end < 0 ? undefined : attributes.slice(start, end);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeText(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] !== "#") return ENTITIES[entity] ?? whole;
    const code =
      entity[1] === "x" || entity[1] === "X" ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** A part's text as it arrives, a chunk at a time (a character split between chunks is kept whole). */
async function* decoded(stream: Readable): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8");
  for await (const chunk of stream) yield decoder.decode(chunk as Buffer, { stream: true });
  yield decoder.decode();
}

/**
 * The `<name>` elements of a streamed part, each whole (`<name .../>` or `<name ...>...</name>`),
 * holding only the unfinished one between chunks. The elements must not nest, as rows and string
 * items do not.
 */
async function* elements(stream: Readable, name: string): AsyncGenerator<string> {
  const open = `<${name}`;
  const close = `</${name}>`;
  let buffer = "";
  for await (const chunk of decoded(stream)) {
    buffer += chunk;
    let from = 0;
    while (true) {
      const start = nextOpenTag(buffer, open, from);
      if (start < 0) {
        // Keep a possible tag start cut at the chunk's end.
        from = Math.max(from, buffer.length - open.length);
        break;
      }
      const tagEnd = buffer.indexOf(">", start);
      if (tagEnd < 0) {
        from = start;
        break;
      }
      if (buffer.charCodeAt(tagEnd - 1) === 47) {
        yield buffer.slice(start, tagEnd + 1);
        from = tagEnd + 1;
        continue;
      }
      const end = buffer.indexOf(close, tagEnd);
      if (end < 0) {
        from = start;
        break;
      }
      yield buffer.slice(start, end + close.length);
      from = end + close.length;
    }
    buffer = buffer.slice(from);
  }
  if (nextOpenTag(buffer, open, 0) >= 0) throw new Error(`the part ends inside a <${name}> element`);
}

/** Where `<name` starts a tag of that name (not `<nameOther`), from `from` on; -1 if nowhere. */
function nextOpenTag(text: string, open: string, from: number): number {
  for (let at = text.indexOf(open, from); at >= 0; at = text.indexOf(open, at + 1)) {
    const after = text.charCodeAt(at + open.length);
    if (Number.isNaN(after)) return -1;
    if (after === 62 || after === 47 || after === 32 || after === 9 || after === 10 || after === 13) return at;
  }
  return -1;
}

export function trimmedOrNull(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === "" ? null : trimmed;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
