/**
 * Statements that take their rows as one JSON array parameter: the same text (and prepared plan)
 * for any number of rows, and several tables written by one statement (data-modifying CTEs), so a
 * change costs one round trip instead of one per table.
 */
import { sealedColumn, type Cipher, type SealedTable } from './encryption.js';

/** `insert into table (columns) select columns from` the JSON array `parameter`, each column typed as the table's. */
export const rowsFromJson = (table: string, columns: readonly string[], parameter: string) =>
  `insert into ${table} (${columns.join(', ')}) select ${columns.join(', ')} from json_populate_recordset(null::${table}, ${parameter}::text::json)`;

/**
 * The rows of the JSON array `parameter` as a table to join, typed by `columns` (`name type, …`) or,
 * with `table`, as that table's rows. PostgreSQL plans json_to_recordset at 100 rows whatever the
 * array holds, and for 100 rows it hashes the whole table it joins (reading every row) where a few
 * index lookups would do. The LIMIT of the array's own length changes no result; it tells the
 * planner the number (a custom plan folds it to the count, a generic plan takes 10).
 */
export const jsonTable = (parameter: string, of: { columns: string } | { table: string }) => {
  const json = `${parameter}::text::json`;
  const rows = 'table' in of ? `json_populate_recordset(null::${of.table}, ${json})` : `json_to_recordset(${json}) as json_row(${of.columns})`;
  return `(select * from ${rows} limit json_array_length(${json}))`;
};

/** True when every column of Table but those it generates is listed; never (a build error where it is checked) otherwise. */
// json_populate_recordset gives an absent key NULL, not the column's default: a column with a
// default must be given its value in the row, or be left out of the list (and named here as generated).
export type EveryColumn<Table, Listed extends readonly unknown[], Generated = never> = Exclude<keyof Table, Listed[number] | Generated> extends never ? true : never;

/**
 * The JSON array of `rows` for the statements above, their sealed columns sealed when `sealing`
 * names the table. A column that is NULL is left out (both functions read an absent key as NULL:
 * the same rows, a shorter text for the process to write and the database to parse), and each
 * instant is formatted once: a change's rows share their timestamps, and formatting them was half
 * of JSON.stringify's time on a payment's row.
 */
export function rowsJson(rows: readonly object[], sealing?: { cipher: Cipher; table: SealedTable }): string {
  const instants = new Map<number, string | null>();
  const instant = (date: Date) => {
    const time = date.getTime();
    let text = instants.get(time);
    if (text === undefined) instants.set(time, (text = date.toJSON()));
    return text;
  };
  return JSON.stringify(
    rows.map((row) => {
      const compact: Record<string, unknown> = {};
      for (const column in row) {
        const value = (row as Record<string, unknown>)[column];
        if (value === null || value === undefined) continue;
        const written = sealing ? sealedColumn(sealing.cipher, sealing.table, column, value) : value;
        compact[column] = written instanceof Date ? instant(written) : written;
      }
      return compact;
    }),
  );
}
