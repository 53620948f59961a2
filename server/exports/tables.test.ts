import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { type ExportColumn, tableToCsv, tableToXlsx } from "./tables";

type Row = { name: string; fte: number | null };
const COLUMNS: ExportColumn<Row>[] = [
  { header: "Name", value: (r) => r.name },
  { header: "FTE", value: (r) => r.fte, numberFormat: "0.00" },
];
const ROWS: Row[] = [
  { name: '=HYPERLINK("http://x")', fte: 1.5 },
  { name: "-cmd", fte: -0.25 },
  { name: 'Smith, "Jo"', fte: null },
  { name: "Plain", fte: 0 },
];

describe("table exports", () => {
  it("CSV: a header row, text that starts like a formula escaped, numbers as numbers, RFC 4180 quoting", () => {
    expect(tableToCsv(COLUMNS, ROWS)).toBe(
      ["Name,FTE", `"'=HYPERLINK(""http://x"")",1.5`, "'-cmd,-0.25", `"Smith, ""Jo""",`, "Plain,0", ""].join("\r\n"),
    );
  });

  it(".xlsx: a bold header, escaped text, numeric cells with the FTE format", async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await tableToXlsx("Figures", COLUMNS, ROWS)) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet("Figures");
    expect(sheet?.getRow(1).values).toEqual([undefined, "Name", "FTE"]);
    expect(sheet?.getRow(1).font?.bold).toBe(true);
    expect(sheet?.getRow(2).getCell(1).value).toBe('\'=HYPERLINK("http://x")');
    expect(sheet?.getRow(3).getCell(1).value).toBe("'-cmd");
    expect(sheet?.getRow(3).getCell(2).value).toBe(-0.25);
    expect(sheet?.getRow(2).getCell(2).numFmt).toBe("0.00");
    expect(sheet?.getRow(4).getCell(2).value).toBeNull();
  });
});
