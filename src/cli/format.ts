import type { CliContext } from './context.js';

export interface Column<Row> {
  header: string;
  value: (row: Row) => string | number | null | undefined;
  /** Right-aligned (amounts); columns of numbers are anyway. */
  right?: boolean;
}

/** Rows as a text table with aligned columns under a header line. */
export function table<Row>(rows: Row[], columns: Column<Row>[]): string {
  if (rows.length === 0) return '(none)';
  const cells = rows.map((row) => columns.map((column) => column.value(row)));
  const numeric = columns.map((column, index) => column.right || cells.every((line) => typeof line[index] === 'number'));
  const text = cells.map((line) => line.map((cell) => (cell === null || cell === undefined ? '-' : String(cell))));
  const widths = columns.map((column, index) => Math.max(column.header.length, ...text.map((line) => line[index]!.length)));
  const render = (line: string[]) =>
    line
      .map((cell, index) => (numeric[index] ? cell.padStart(widths[index]!) : cell.padEnd(widths[index]!)))
      .join('  ')
      .trimEnd();
  return [render(columns.map((column) => column.header)), ...text.map(render)].join('\n');
}

/** Label: value lines, labels aligned. */
export function fields(entries: [string, string | number | boolean | null | undefined][]): string {
  const width = Math.max(...entries.map(([label]) => label.length));
  return entries.map(([label, value]) => `${`${label}:`.padEnd(width + 1)} ${value === null || value === undefined ? '-' : String(value)}`).join('\n');
}

/** Minor units as a decimal amount with its currency (1050 EUR → "10.50 EUR"), with the currency's own number of decimals. */
export function money(amountMinor: number, currency: string): string {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return `${(amountMinor / 10 ** digits).toFixed(digits)} ${currency}`;
}

/** One line per item, for commands that print as they go: compact JSON under --json, else the human line. */
export function outputLine(context: CliContext, value: unknown, human: () => string): void {
  context.print(context.json ? JSON.stringify(value) : human());
}
