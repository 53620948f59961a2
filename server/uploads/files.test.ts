import { execFileSync } from "node:child_process";
import { truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { startsLikeFormula } from "../../schema/spreadsheetText";
import {
  type CellValue,
  checkHeaderRow,
  MAX_UPLOAD_BYTES,
  UPLOAD_COLUMNS,
  UPLOAD_KINDS,
  UPLOAD_MESSAGES,
  UPLOAD_TEMPLATES,
  type UploadColumn,
  validateUploadRow,
} from "../../schema/uploads";
import { useTempDir } from "../../tests/support/tempDir";
import { writeStaffCsv, writeStaffXlsx } from "../../tests/support/uploadFiles";
import { readZip, WORKBOOK_PARTS, writeZip } from "../../tests/support/zipFiles";
import { checkUploadFile, ZIP_LIMITS } from "./fileChecks";
import { readUploadRows, UploadFileError, type UploadRow } from "./readRows";
import { buildTemplate } from "./templates";

const dir = useTempDir("upload-files-");
const file = (name: string) => path.join(dir, name);

async function readAll(p: string, format: "xlsx" | "csv"): Promise<UploadRow[]> {
  const rows: UploadRow[] = [];
  for await (const row of readUploadRows(p, format)) rows.push(row);
  return rows;
}

describe("templates", () => {
  it.each(
    UPLOAD_KINDS,
  )("(8) spreadsheet injection: %s template has no text cell a spreadsheet could run", async (kind) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await buildTemplate(kind)) as unknown as ArrayBuffer);
    const texts: string[] = [];
    for (const sheet of workbook.worksheets) {
      sheet.eachRow((row) => {
        row.eachCell((cell) => {
          if (typeof cell.value === "string") texts.push(cell.value);
        });
      });
    }
    expect(texts.length).toBeGreaterThan(10);
    expect(texts.filter(startsLikeFormula)).toEqual([]);
  });

  it.each(UPLOAD_KINDS)("%s: the template reads back as just its header row, which checks clean", async (kind) => {
    const p = file(UPLOAD_TEMPLATES[kind].templateName);
    writeFileSync(p, await buildTemplate(kind));
    expect(await checkUploadFile(p, "xlsx")).toEqual([]);
    const rows = await readAll(p, "xlsx");
    expect(rows).toHaveLength(1);
    const [header] = rows;
    expect(header?.rowNumber).toBe(1);
    expect(header?.cells).toEqual((UPLOAD_COLUMNS[kind] as readonly UploadColumn[]).map((c) => c.header));
    expect(checkHeaderRow(kind, header?.cells ?? [])).toEqual([]);
  });

  it("has a bold frozen header, dropdowns, date and FTE validation, and an Instructions sheet with the examples", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await buildTemplate("Staff")) as unknown as ArrayBuffer);
    const [data, instructions] = workbook.worksheets;
    expect(data?.name).toBe("Staff");
    expect(data?.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(data?.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(data?.getCell("A1").note).toBeTruthy();
    expect(data?.rowCount).toBe(1);
    expect(data?.getColumn(1).width).toBeGreaterThan(10);
    const validations = (data as unknown as { dataValidations: { model: Record<string, ExcelJS.DataValidation> } })
      .dataValidations.model;
    // Staff Type (H) is a dropdown; Date of Hire (F) a date; Assigned FTE (G) a decimal 0 to 1.5.
    expect(validations.H2).toMatchObject({ type: "list", formulae: ['"Regular,PRN,Traveller"'] });
    expect(validations.F2).toMatchObject({ type: "date", operator: "between" });
    expect(validations.G2).toMatchObject({ type: "decimal", formulae: [0, 1.5] });
    expect(validations.A2).toMatchObject({ type: "textLength", formulae: [12] });
    // exceljs' loader expands the ranges per cell: they end at row 10,001.
    expect(validations.H10001).toMatchObject({ type: "list" });
    expect(validations.H10002).toBeUndefined();
    expect(instructions?.name).toBe("Instructions");
    const text: string[] = [];
    instructions?.eachRow((row) => {
      text.push((row.values as unknown[]).filter(Boolean).join(" | "));
    });
    expect(text[0]).toBe("UPLOAD STAFF DATA FILE");
    expect(text.join("\n")).toContain(
      "Employee ID | Yes | Letters, digits, hyphens, spaces (at most 12 characters) | 123456-RN",
    );
    expect(text.join("\n")).toContain("Enter values, not formulas");
  });

  it("documents one row per user per cost center on the users template", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await buildTemplate("Users")) as unknown as ArrayBuffer);
    const instructions = workbook.getWorksheet("Instructions");
    const lines: string[] = [];
    instructions?.eachRow((row) => {
      lines.push(String(row.getCell(1).value));
    });
    expect(lines.join("\n")).toContain("One row per user PER COST CENTER");
    const validations = (workbook.worksheets[0] as unknown as { dataValidations: { model: Record<string, unknown> } })
      .dataValidations.model;
    expect(validations.K2).toMatchObject({ type: "list", formulae: ['"Yes,No"'] });
  });
});

describe("checkUploadFile", () => {
  it("passes a real workbook and a real csv", async () => {
    await writeStaffXlsx(file("ok.xlsx"), { rows: 50 });
    await writeStaffCsv(file("ok.csv"), { rows: 50 });
    expect(await checkUploadFile(file("ok.xlsx"), "xlsx")).toEqual([]);
    expect(await checkUploadFile(file("ok.csv"), "csv")).toEqual([]);
  });

  it("refuses a file over 100 MB before reading it", async () => {
    const p = file("big.csv");
    writeFileSync(p, "");
    truncateSync(p, MAX_UPLOAD_BYTES + 1);
    expect(await checkUploadFile(p, "csv")).toEqual([{ message: "file size exceeds 100mb limit." }]);
  });

  it("refuses an empty file and a missing one", async () => {
    writeFileSync(file("empty.csv"), "");
    expect(await checkUploadFile(file("empty.csv"), "csv")).toEqual([{ message: "The file is empty." }]);
    expect(await checkUploadFile(file("nope.xlsx"), "xlsx")).toEqual([{ message: UPLOAD_MESSAGES.unreadable }]);
  });

  it("refuses a PNG renamed to .xlsx, and a PNG renamed to .csv", async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      Buffer.from("IHDR\0\0\0\x01\0\0\0\x01\x08\x02\0\0\0", "latin1"),
    ]);
    writeFileSync(file("image.xlsx"), png);
    writeFileSync(file("image.csv"), png);
    expect(await checkUploadFile(file("image.xlsx"), "xlsx")).toEqual([
      { message: "The file is not a valid .xlsx workbook." },
    ]);
    expect(await checkUploadFile(file("image.csv"), "csv")).toEqual([
      { message: "The file is not a valid .csv text file." },
    ]);
  });

  it("refuses an old .xls renamed to .xlsx, a zip that is no workbook, and a truncated zip", async () => {
    writeFileSync(file("old.xlsx"), Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]));
    expect(await checkUploadFile(file("old.xlsx"), "xlsx")).toEqual([{ message: UPLOAD_MESSAGES.legacyXls }]);
    writeZip(file("notes.xlsx"), [{ name: "notes.txt", data: Buffer.from("hello") }]);
    expect(await checkUploadFile(file("notes.xlsx"), "xlsx")).toEqual([
      { message: "The file is not a valid .xlsx workbook." },
    ]);
    const whole = await buildTemplate("Staff");
    writeFileSync(file("cut.xlsx"), whole.subarray(0, whole.length - 100));
    expect(await checkUploadFile(file("cut.xlsx"), "xlsx")).toEqual([
      { message: "The file is not a valid .xlsx workbook." },
    ]);
  });

  it("stops a zip bomb (a real, highly compressible part) without decompressing it", async () => {
    // 64 MiB of zeros deflate to about 64 KB: a ratio near 1,000.
    writeZip(file("bomb.xlsx"), [
      ...WORKBOOK_PARTS,
      { name: "xl/worksheets/sheet1.xml", data: Buffer.alloc(64 * 1024 * 1024) },
    ]);
    expect(await checkUploadFile(file("bomb.xlsx"), "xlsx")).toEqual([
      { message: "The .xlsx workbook is compressed suspiciously well (a possible zip bomb); it was not opened." },
    ]);
  });

  it("stops a zip whose central directory declares more than 4 GiB in total", async () => {
    // Each part declares 300 MB from 2 MB (ratio 150, under the cap); 15 of them pass 4 GiB.
    const parts = Array.from({ length: 15 }, (_, i) => ({
      name: `xl/worksheets/sheet${i + 1}.xml`,
      data: Buffer.from("<x/>"),
      declaredUncompressedSize: 300_000_000,
      declaredCompressedSize: 2_000_000,
    }));
    writeZip(file("huge.xlsx"), [...WORKBOOK_PARTS, ...parts]);
    expect(await checkUploadFile(file("huge.xlsx"), "xlsx")).toEqual([
      { message: "The .xlsx workbook unpacks to more than the allowed size." },
    ]);
  });

  it("stops a zip of more than 10,000 parts", async () => {
    const parts = Array.from({ length: ZIP_LIMITS.maxEntries }, (_, i) => ({
      name: `xl/media/p${i}.bin`,
      data: Buffer.from("x"),
      deflate: false,
    }));
    writeZip(file("many.xlsx"), [...WORKBOOK_PARTS, ...parts]);
    expect(await checkUploadFile(file("many.xlsx"), "xlsx")).toEqual([
      { message: "The .xlsx workbook holds too many parts to be a data file." },
    ]);
  });

  it("refuses a .csv that is not UTF-8, and takes one whose first 64 KB end inside a character", async () => {
    writeFileSync(file("latin1.csv"), Buffer.from("Employee ID,First Name\n1,Jos\xe9\n", "latin1"));
    expect(await checkUploadFile(file("latin1.csv"), "csv")).toEqual([
      { message: "The .csv file is not UTF-8 text; save it as 'CSV UTF-8' and upload it again." },
    ]);
    // 'é' is two bytes: the 65,536th byte is the first half of one.
    writeFileSync(file("utf8.csv"), `${"a".repeat(65_535)}é\n`);
    expect(await checkUploadFile(file("utf8.csv"), "csv")).toEqual([]);
  });
});

describe("readUploadRows: csv", () => {
  it("handles a BOM, quoted fields with commas, quotes and line breaks, CRLF, blank lines and padding", async () => {
    const p = file("quoted.csv");
    writeFileSync(
      p,
      '\ufeffEmployee ID,First Name,Notes\r\n  100042-NM , "Patel, Jordan" ,"says ""hi"""\r\n\r\n,,\r\n"A1","multi\r\nline",\r\n5" tall,x,\r\n',
    );
    expect(await readAll(p, "csv")).toEqual([
      { rowNumber: 1, cells: ["Employee ID", "First Name", "Notes"] },
      { rowNumber: 2, cells: ["100042-NM", "Patel, Jordan", 'says "hi"'] },
      { rowNumber: 5, cells: ["A1", "multi\r\nline"] },
      { rowNumber: 6, cells: ['5" tall', "x"] },
    ]);
  });

  it("takes text starting with '=' as a formula, which validation refuses", async () => {
    const p = file("formula.csv");
    writeFileSync(p, 'Cost Center Number,Cost Center Name,PRN FTE\n6130,=HYPERLINK("x"),=0.1*2\n6140,=,-0.1\n');
    const [, first, second] = await readAll(p, "csv");
    expect(first?.cells).toEqual(["6130", { formula: 'HYPERLINK("x")' }, { formula: "0.1*2" }]);
    expect(second?.cells).toEqual(["6140", "=", "-0.1"]);
    expect(validateUploadRow("CostCenter", first?.cells ?? [], 2)).toEqual({
      ok: false,
      errors: [
        { message: 'Cost Center Name holds a formula (=HYPERLINK("x")); enter the value itself', row: 2, column: 2 },
        { message: "PRN FTE holds a formula (=0.1*2); enter the value itself", row: 2, column: 3 },
      ],
      values: { costCenterCode: "6130" },
    });
  });

  it("(12) parser errors: reports a bad quote at its row and column, in plain words", async () => {
    const unclosed = file("unclosed.csv");
    writeFileSync(unclosed, 'A,B\r\n1,2\r\n3,"never closed\r\n4,5\r\n');
    const error = await readAll(unclosed, "csv").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadFileError);
    expect((error as UploadFileError).errors).toEqual([
      { message: 'A quoted cell is never closed: add the closing quote (")', row: 3, column: 2 },
    ]);
    // Far down a file, where the parser has run ahead of the rows read.
    const after = file("after-quote.csv");
    writeFileSync(after, `A,B,C\n${"1,2,3\n".repeat(3000)}4,5,"x" y\n7,8,9\n`);
    const late = await readAll(after, "csv").catch((e: unknown) => e);
    expect((late as UploadFileError).errors).toEqual([
      {
        message:
          'A quoted cell has text after its closing quote: quote the whole cell and double each quote inside it ("")',
        row: 3002,
        column: 3,
      },
    ]);
  });
});

describe("readUploadRows: xlsx", () => {
  it("normalises rich text, hyperlinks, dates, numbers and booleans; marks formula and error cells; skips empty rows", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Data");
    workbook.addWorksheet("Second").addRow(["never read"]);
    sheet.addRow(["Text", "Rich", "Link", "Date", "Number", "Bool", "Formula", "Shared", "Error"]);
    sheet.getRow(3).values = [
      "  padded  ",
      { richText: [{ text: "Rich " }, { text: "Text", font: { bold: true } }] },
      { text: "mail me", hyperlink: "mailto:a@b.example" },
      new Date(Date.UTC(2021, 2, 15)),
      0.95,
      true,
      { formula: "E3*2", result: 1.9 },
      null,
      { error: "#N/A" },
    ] as ExcelJS.CellValue[];
    sheet.getCell("D3").numFmt = "mm/dd/yyyy";
    sheet.getCell("G4").value = { formula: "1+1", result: 2 };
    sheet.getCell("G5").value = { sharedFormula: "G4", result: 2 } as ExcelJS.CellValue;
    sheet.getCell("A6").value = "   ";
    const p = file("cells.xlsx");
    await workbook.xlsx.writeFile(p);
    const rows = await readAll(p, "xlsx");
    expect(rows.map((r) => r.rowNumber)).toEqual([1, 3, 4, 5]);
    expect(rows[1]?.cells).toEqual([
      "padded",
      "Rich Text",
      "mail me",
      "2021-03-15",
      0.95,
      true,
      { formula: "E3*2" },
      null,
      { error: "#N/A" },
    ]);
    expect(rows[2]?.cells).toEqual([null, null, null, null, null, null, { formula: "1+1" }]);
    expect(rows[3]?.cells[6]).toMatchObject({ formula: expect.any(String) });
  });

  it("a formula cell is an error at its row and column, never its cached value", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Cost Centers");
    sheet.addRow(["Cost Center Number", "Cost Center Name", "PRN FTE"]);
    sheet.addRow(["6130", "Cardiac Cath Lab", { formula: "0.1*2", result: 0.2 }]);
    const p = file("formula.xlsx");
    await workbook.xlsx.writeFile(p);
    const [, row] = await readAll(p, "xlsx");
    expect(validateUploadRow("CostCenter", row?.cells ?? [], row?.rowNumber ?? 0)).toEqual({
      ok: false,
      errors: [{ message: "PRN FTE holds a formula (=0.1*2); enter the value itself", row: 2, column: 3 }],
      values: { costCenterCode: "6130", name: "Cardiac Cath Lab" },
    });
  });

  it("skips an Instructions sheet placed first", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("Instructions").addRow(["read me"]);
    workbook.addWorksheet("Staff").addRow(["Employee ID"]);
    const p = file("instructions-first.xlsx");
    await workbook.xlsx.writeFile(p);
    expect(await readAll(p, "xlsx")).toEqual([{ rowNumber: 1, cells: ["Employee ID"] }]);
  });

  // exceljs#3064: exceljs' stock streaming reader parsed a worksheet as soon as it had the shared
  // strings and relations, and failed here with "Cannot read properties of undefined (reading
  // 'sheets')" because xl/workbook.xml (the sheet names) is stored after the worksheets. Our reader
  // goes through the central directory, so the parts' stored order must not matter.
  it("reads a workbook whatever order its parts are stored in", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("Instructions").addRow(["read me"]);
    workbook.addWorksheet("Staff").addRow(["Employee ID", "First Name"]);
    const written = file("parts-as-written.xlsx");
    await workbook.xlsx.writeFile(written);
    const parts = await readZip(written);
    const rank = (name: string) =>
      ["xl/_rels/workbook.xml.rels", "xl/sharedStrings.xml", "xl/styles.xml"].includes(name)
        ? 0
        : name === "xl/workbook.xml"
          ? 2
          : 1;
    const reordered = file("workbook-part-last.xlsx");
    writeZip(
      reordered,
      [...parts].sort((a, b) => rank(a.name) - rank(b.name)),
    );
    expect(await readAll(reordered, "xlsx")).toEqual([{ rowNumber: 1, cells: ["Employee ID", "First Name"] }]);
  });
});

describe("streaming", () => {
  /**
   * Reads the file in a child Node with --expose-gc (tests/support/heapProbe.ts), which collects
   * garbage every 1,000 rows: the live heap after each collection, minus the first.
   */
  function liveHeapGrowth(p: string, format: "xlsx" | "csv", hold = false) {
    const args = ["--expose-gc", "--import", "tsx", "tests/support/heapProbe.ts", p, format];
    const out = execFileSync(process.execPath, hold ? [...args, "--hold"] : args, { encoding: "utf8" });
    const { rows, samples } = JSON.parse(out) as { rows: number; samples: number[] };
    return { rows, growth: Math.max(...samples) - (samples[0] ?? 0) };
  }

  it.each(["xlsx", "csv"] as const)("reads a 10,000-row %s with flat memory", { timeout: 120_000 }, async (format) => {
    const p = file(`ten-thousand.${format}`);
    if (format === "xlsx") await writeStaffXlsx(p, { rows: 10_000 });
    else await writeStaffCsv(p, { rows: 10_000 });
    let valid = 0;
    for await (const { rowNumber, cells } of readUploadRows(p, format)) {
      if (rowNumber > 1 && validateUploadRow("Staff", cells as CellValue[], rowNumber).ok) valid++;
    }
    expect(valid).toBe(10_000);
    // Streaming: the live heap stays within 1.5 MB from row 1,000 to 10,000 (measured: about
    // 0.2 MB). The control holds every row, as a reader that buffered would: 4 to 8 MB.
    const streamed = liveHeapGrowth(p, format);
    expect(streamed.rows).toBe(10_001);
    expect(streamed.growth).toBeLessThan(1.5 * 1024 * 1024);
    expect(liveHeapGrowth(p, format, true).growth).toBeGreaterThan(1.5 * 1024 * 1024);
  });

  it("writes a csv of about N bytes", async () => {
    const p = file("sized.csv");
    const rows = await writeStaffCsv(p, { bytes: 1_000_000 });
    const { size } = await import("node:fs").then((fs) => fs.statSync(p));
    expect(size).toBeGreaterThanOrEqual(1_000_000);
    expect(size).toBeLessThan(1_000_300);
    expect(rows).toBeGreaterThan(5000);
  });
});
