// How the benchmark writes its numbers, on the console and in the markdown report.
import type { WrkResult } from "./wrk";

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
export const formatRate = (value: number) => Math.round(value).toLocaleString("en-US");
export const formatMs = (value: number) =>
  `${value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : Math.round(value).toLocaleString("en-US")} ms`;

/** "0", or the counts by kind: "3 timeout, 1 non-2xx/3xx". */
export function formatErrors(errors: WrkResult["errors"]): string {
  const kinds = Object.entries(errors).filter(([, count]) => count > 0);
  return kinds.length ? kinds.map(([kind, count]) => `${count} ${kind}`).join(", ") : "0";
}

/** A markdown table padded to line up in a terminal too. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join(
    "\n",
  );
}
