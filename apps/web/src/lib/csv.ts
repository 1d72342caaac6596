/*
 * CSV files for download (the users export, the dashboard report), as RFC 4180 describes
 * them: fields with a comma, a quote or a line break are quoted, quotes doubled, lines end
 * with CRLF. A text cell that a spreadsheet would run as a formula (it starts with = + - @,
 * a tab or a carriage return) gets a leading apostrophe, so a user named "=HYPERLINK(...)"
 * stays text in the admin's spreadsheet (OWASP "CSV injection").
 */

export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell, neutralised and quoted as needed. Numbers and booleans are written as they are. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value !== "string") return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A header row and the data rows, CRLF-separated, ending with a CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",") + "\r\n").join("");
}

/**
 * A byte-order mark first: without it Excel reads UTF-8 as the local code page and names in
 * Hindi or with accents come out garbled. Spreadsheets and CSV parsers skip it.
 */
export const CSV_BOM = "\uFEFF";
