import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTempDir } from "../../tests/support/tempDir";
import { writeZip } from "../../tests/support/zipFiles";
import { UploadFileError } from "./uploadFileError";
import { readXlsxRows, type UploadRow } from "./xlsxRows";

/**
 * Workbooks written by hand, part by part, for what exceljs never writes but Excel, LibreOffice and
 * other tools do: shared strings with rich and phonetic runs, sheets whose tab order is not their
 * file order, the 1904 date system, cells without references, single-quoted attributes. (The
 * exceljs-written cases are in files.test.ts.)
 */
const dir = useTempDir("xlsx-rows-");

type Sheet = { name: string; part: string; xml: string };

function workbook(
  name: string,
  sheets: readonly Sheet[],
  options: { sharedStrings?: string; styles?: string; workbookPr?: string; relationshipPrefix?: string } = {},
): string {
  const prefix = options.relationshipPrefix ?? "r";
  const xml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`);
  const p = path.join(dir, name);
  writeZip(p, [
    {
      name: "xl/workbook.xml",
      data: xml(
        `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:${prefix}="http://schemas.openxmlformats.org/officeDocument/2006/relationships">${options.workbookPr ?? ""}<sheets>${sheets
          .map((s, i) => `<sheet name="${s.name}" sheetId="${i + 1}" ${prefix}:id="rId${i + 1}"/>`)
          .join("")}</sheets></workbook>`,
      ),
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: xml(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
          .map(
            (s, i) =>
              `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="${s.part}"/>`,
          )
          .join("")}</Relationships>`,
      ),
    },
    ...(options.styles ? [{ name: "xl/styles.xml", data: xml(options.styles) }] : []),
    ...(options.sharedStrings ? [{ name: "xl/sharedStrings.xml", data: xml(options.sharedStrings) }] : []),
    ...sheets.map((s) => ({
      name: s.part.startsWith("/") ? s.part.slice(1) : `xl/${s.part}`,
      data: xml(`<worksheet><sheetData>${s.xml}</sheetData></worksheet>`),
    })),
  ]);
  return p;
}

async function rowsOf(p: string): Promise<UploadRow[]> {
  const rows: UploadRow[] = [];
  for await (const row of readXlsxRows(p)) rows.push(row);
  return rows;
}

describe("readXlsxRows", () => {
  it("reads shared strings (rich runs joined, phonetic runs left out, entities decoded) and inline strings", async () => {
    const p = workbook(
      "strings.xlsx",
      [
        {
          name: "Staff",
          part: "worksheets/sheet1.xml",
          xml:
            '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c>' +
            '<c r="D1" t="inlineStr"><is><r><t>In</t></r><r><t xml:space="preserve">line </t></r></is></c>' +
            '<c r="E1" t="s"><v>3</v></c></row>',
        },
      ],
      {
        sharedStrings:
          '<sst count="4" uniqueCount="4"><si><t>Employee ID</t></si>' +
          "<si><r><rPr><b/></rPr><t>Rich </t></r><r><t>Text</t></r></si>" +
          '<si><t>Tom &amp; Jerry &lt;3 &#233;&#x4E2D;</t><rPh sb="0" eb="1"><t>ignored</t></rPh></si>' +
          '<si><t xml:space="preserve">   </t></si></sst>',
      },
    );
    expect(await rowsOf(p)).toEqual([
      { rowNumber: 1, cells: ["Employee ID", "Rich Text", "Tom & Jerry <3 é中", "Inline"] },
    ]);
  });

  it("takes the first sheet in tab order that is not Instructions, whatever its file is called", async () => {
    const p = workbook(
      "tab-order.xlsx",
      [
        {
          name: "Instructions",
          part: "worksheets/sheet3.xml",
          xml: '<row r="1"><c r="A1" t="inlineStr"><is><t>read me</t></is></c></row>',
        },
        {
          name: "Staff",
          part: "/xl/worksheets/sheet2.xml",
          xml: '<row r="4"><c r="B4" t="inlineStr"><is><t>second file</t></is></c></row>',
        },
        { name: "Other", part: "worksheets/sheet1.xml", xml: '<row r="1"><c r="A1"><v>1</v></c></row>' },
      ],
      { relationshipPrefix: "ns7" },
    );
    expect(await rowsOf(p)).toEqual([{ rowNumber: 4, cells: [null, "second file"] }]);
  });

  it("reads numbers as numbers and numbers in a date format as dates, in the 1900 and the 1904 system", async () => {
    const styles =
      '<styleSheet><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/><numFmt numFmtId="165" formatCode="&quot;Day&quot; 0.00"/></numFmts>' +
      '<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>' +
      '<cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="2"/></cellXfs></styleSheet>';
    // Serial 45366 is 2024-03-15 (45366 − 25569 = 19797 days after 1970-01-01); .75 is 18:00, the same day.
    const cells =
      '<row r="2"><c r="A2" s="1"><v>45366</v></c><c r="B2" s="2"><v>45366.75</v></c>' +
      '<c r="C2" s="3"><v>45366</v></c><c r="D2" s="4"><v>0.95</v></c><c r="E2"><v>-1.5E2</v></c><c r="F2" t="d"><v>2021-03-15T00:00:00</v></c></row>';
    const p1900 = workbook("dates-1900.xlsx", [{ name: "Staff", part: "worksheets/sheet1.xml", xml: cells }], {
      styles,
    });
    expect(await rowsOf(p1900)).toEqual([
      { rowNumber: 2, cells: ["2024-03-15", "2024-03-15", 45366, 0.95, -150, "2021-03-15"] },
    ]);
    // In the 1904 system the same serial is 1,462 days later: 2028-03-16.
    const p1904 = workbook("dates-1904.xlsx", [{ name: "Staff", part: "worksheets/sheet1.xml", xml: cells }], {
      styles,
      workbookPr: '<workbookPr date1904="1"/>',
    });
    expect((await rowsOf(p1904))[0]?.cells.slice(0, 2)).toEqual(["2028-03-16", "2028-03-16"]);
  });

  it("marks formulas (never their cached result) and errors; reads booleans; places cells without a reference after the one before", async () => {
    const p = workbook("cells.xlsx", [
      {
        name: "Staff",
        part: "worksheets/sheet1.xml",
        xml:
          "<row r='3'><c r='A3' t='str'><f>CONCAT(\"a\",\"&amp;\")</f><v>a&amp;</v></c><c><f t='shared' si='0'/><v>2</v></c>" +
          "<c t='e'><v>#N/A</v></c><c t='b'><v>1</v></c><c t='b'><v>0</v></c><c s='0'/><c r='H3'><v></v></c><c r='I3' t='s'><v>9</v></c></row>" +
          '<row r="5" spans="1:3"><c r="A5" s="0"/></row><row><c r="C6"><v>7</v></c></row><row r="9" ht="20"/>',
      },
    ]);
    expect(await rowsOf(p)).toEqual([
      { rowNumber: 3, cells: [{ formula: 'CONCAT("a","&")' }, { formula: "" }, { error: "#N/A" }, true, false] },
      { rowNumber: 6, cells: [null, null, 7] },
    ]);
  });

  it("reads a cell split anywhere between the chunks the zip is inflated in", async () => {
    // A 200,000-character cell spans several 16-64 KB chunks; its row and the next must come whole.
    const long = "x".repeat(200_000);
    const p = workbook("long.xlsx", [
      {
        name: "Staff",
        part: "worksheets/sheet1.xml",
        xml: `<row r="1"><c r="A1" t="inlineStr"><is><t>${long}</t></is></c></row><row r="2"><c r="A2"><v>2</v></c></row>`,
      },
    ]);
    const rows = await rowsOf(p);
    expect(rows.map((r) => [r.rowNumber, String(r.cells[0]).length])).toEqual([
      [1, 200_000],
      [2, 1],
    ]);
  });

  it("refuses a worksheet that ends inside a row, and a workbook whose data sheet is missing", async () => {
    const cut = workbook("cut.xlsx", [
      {
        name: "Staff",
        part: "worksheets/sheet1.xml",
        xml: '<row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c r="A2"><v>2</v>',
      },
    ]);
    await expect(rowsOf(cut)).rejects.toEqual(
      new UploadFileError([{ message: "The .xlsx workbook could not be read: the part ends inside a <row> element" }]),
    );
    const missing = path.join(dir, "missing.xlsx");
    writeZip(missing, [
      {
        name: "xl/workbook.xml",
        data: Buffer.from('<workbook><sheets><sheet name="Staff" sheetId="1" r:id="rId1"/></sheets></workbook>'),
      },
      {
        name: "xl/_rels/workbook.xml.rels",
        data: Buffer.from(
          '<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
        ),
      },
    ]);
    await expect(rowsOf(missing)).rejects.toEqual(
      new UploadFileError([{ message: "The .xlsx workbook could not be read: xl/worksheets/sheet1.xml is missing" }]),
    );
  });
});
