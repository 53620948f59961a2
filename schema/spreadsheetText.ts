/**
 * Spreadsheet (CSV/formula) injection, after OWASP's 'CSV Injection' guidance: text that starts
 * with = + - @, a tab or a carriage return is what a spreadsheet may run as a formula. ONE rule for
 * both directions: uploads refuse such text cells (schema/uploads.ts), and every file the app hands
 * out (the upload templates, any future .csv/.xlsx export) writes its text through
 * `escapeSpreadsheetText`. Pure: shared by the client and the server.
 */

/** The characters a text cell must not start with. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** True when a spreadsheet could take the text for a formula. */
export function startsLikeFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/** The upload rule's message for a column (`header`) whose text starts like a formula. */
export function formulaStartMessage(header: string): string {
  return `${header} must not start with =, +, -, @, a tab or a line break: a spreadsheet could run it as a formula`;
}

/**
 * Text as a file going out writes it: a single quote before text that starts like a formula, so the
 * spreadsheet shows it as text and never runs it. Other text is unchanged.
 */
export function escapeSpreadsheetText(text: string): string {
  return startsLikeFormula(text) ? `'${text}` : text;
}

/** A cell value going out: text escaped, numbers, booleans, dates and empty cells as they are. */
export function escapeSpreadsheetCell<T>(value: T): T | string {
  return typeof value === "string" ? escapeSpreadsheetText(value) : value;
}
