import type { Db } from './db.js';

/**
 * Runs a one-time pass over data an earlier version wrote, unless it is recorded as done; records
 * it once it ran to the end. A pass must be safe to run again (one cut short runs again whole at the
 * next start) and must not depend on running alone (other processes write meanwhile). Answers what
 * the pass answered, or 0 when it was done already.
 */
export async function runPassOnce(db: Db, name: string, now: Date, pass: () => Promise<number>): Promise<number> {
  const done = await db.selectFrom('data_passes').select('name').where('name', '=', name).executeTakeFirst();
  if (done) return 0;
  const count = await pass();
  await db.insertInto('data_passes').values({ name, done_at: now }).onConflict((oc) => oc.column('name').doNothing()).execute();
  return count;
}
