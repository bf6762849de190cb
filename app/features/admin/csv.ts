/**
 * One CSV cell: always quoted, quotes doubled, and a value a spreadsheet would run as a formula
 * (starting with =, +, -, @, tab or carriage return) prefixed with an apostrophe so it stays text.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvDocument(
  header: string[],
  rows: (string | number | boolean | null | undefined)[][],
): string {
  // CRLF line ends and a byte-order mark, so spreadsheet programs read UTF-8 names correctly.
  return `\ufeff${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
