import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { Type, type TProperties, type TSchema } from 'typebox';
import { ApiError } from './errors.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const pageProperties = {
  first: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: `Page size, 1 to ${MAX_PAGE_SIZE}` }),
  ),
  after: Type.Optional(Type.String({ maxLength: 1024, description: 'The cursor of the previous page; opaque' })),
};

/** The query of a list: first and after, plus the list's own filters. */
export function PageQuery<P extends TProperties>(filters: P = {} as P) {
  return Type.Object({ ...pageProperties, ...filters }, { additionalProperties: false });
}
export interface PageRequest {
  first?: number;
  after?: string;
}

/** The paging envelope: data always present, cursor only while more items remain. */
export function Page<T extends TSchema>(item: T) {
  return Type.Object({
    data: Type.Array(item),
    cursor: Type.Optional(Type.String({ description: 'Pass as after to get the next page; absent on the last page' })),
  });
}

/** Position in a list ordered newest first by (created_at, id). */
export interface Keyset {
  createdAt: Date;
  id: string;
}

/** Rows strictly after a keyset position, for a list ordered by created_at desc, id desc. */
export function afterKeyset(after: Keyset | undefined, table?: string): RawBuilder<SqlBool> {
  if (!after) return sql<SqlBool>`true`;
  const createdAt = table ? sql.ref(`${table}.created_at`) : sql.ref('created_at');
  const id = table ? sql.ref(`${table}.id`) : sql.ref('id');
  return sql<SqlBool>`(${createdAt}, ${id}) < (${after.createdAt}, ${after.id})`;
}

export interface Paged<T> {
  data: T[];
  cursor?: string;
}

/**
 * Signs and checks cursors. A cursor names the list it belongs to (route, tenant, environment
 * and filters), so a cursor altered or taken from another list is refused with 400.
 */
export class Pager {
  constructor(private readonly secret: string) {}

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url').slice(0, 22);
  }

  encode(list: string, position: Keyset): string {
    const payload = Buffer.from(JSON.stringify({ l: list, t: position.createdAt.toISOString(), i: position.id })).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  decode(list: string, cursor: string): Keyset {
    const invalid = new ApiError('invalid_cursor', {
      detail: 'The cursor was altered or belongs to another list; pass the cursor of the previous page unchanged',
      errors: [{ pointer: '/after', code: 'invalid_cursor', detail: 'is not a cursor of this list' }],
    });
    const [payload, signature, extra] = cursor.split('.');
    if (!payload || !signature || extra !== undefined) throw invalid;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid;
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { l: string; t: string; i: string };
    if (decoded.l !== list) throw invalid;
    return { createdAt: new Date(decoded.t), id: decoded.i };
  }

  /**
   * Runs one page of a list: fetches one row more than asked to learn whether more remain.
   * `list` identifies the list (and its filters) for the cursor.
   */
  async page<Row extends { id: string; created_at: Date }, Item>(
    list: string,
    request: { first?: number; after?: string },
    fetch: (limit: number, after: Keyset | undefined) => Promise<Row[]>,
    present: (row: Row) => Item,
  ): Promise<Paged<Item>> {
    const first = request.first ?? DEFAULT_PAGE_SIZE;
    const after = request.after === undefined ? undefined : this.decode(list, request.after);
    const rows = await fetch(first + 1, after);
    const pageRows = rows.slice(0, first);
    const last = pageRows[pageRows.length - 1];
    const result: Paged<Item> = { data: pageRows.map(present) };
    if (rows.length > first && last) result.cursor = this.encode(list, { createdAt: last.created_at, id: last.id });
    return result;
  }
}

/** A list newest first in batches of `size`, each read after the last row of the one before (afterKeyset): any length, never all in memory. */
export async function* inBatches<Row extends { created_at: Date; id: string }>(read: (after: Row | undefined, size: number) => Promise<Row[]>, size = 1000): AsyncGenerator<Row[]> {
  let after: Row | undefined;
  for (;;) {
    const batch = await read(after, size);
    if (batch.length > 0) yield batch;
    if (batch.length < size) return;
    after = batch.at(-1);
  }
}

