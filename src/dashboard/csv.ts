import { Readable } from 'node:stream';

type Cell = string | number | null | undefined;

/**
 * A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. A text starting
 * with =, +, -, @ or a tab would be a formula to a spreadsheet: it is kept as text by a leading
 * apostrophe (OWASP's CSV injection advice); numbers are written as they are.
 */
export function csvField(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: Cell[]) => `${cells.map(csvField).join(',')}\r\n`;

/** A CSV document streamed batch by batch: the header line, then each batch's lines as it is read. */
export function csvStream<Row>(header: string[], batches: AsyncIterable<Row[]>, line: (row: Row) => Cell[]): Readable {
  return Readable.from(
    (async function* () {
      yield csvLine(header);
      for await (const batch of batches) yield batch.map((row) => csvLine(line(row))).join('');
    })(),
  );
}
