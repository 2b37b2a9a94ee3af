import type { Caller } from '../core/auth.js';
import type { Db } from '../core/db.js';

/** The objects whose scheduled work the sandbox shows. */
export type ScheduledObject = 'payments' | 'refunds' | 'payouts' | 'applications';

/**
 * The subjects an object's scheduled jobs are filed under: its own id, and the processor's
 * reference of its movement when it has one (the processor's notification comes due under it).
 * Nothing when the object is not the caller's.
 */
export async function subjectsOf(db: Db, caller: Caller, object: ScheduledObject, id: string): Promise<string[] | undefined> {
  const scoped = (table: Exclude<ScheduledObject, 'applications'>) =>
    db.selectFrom(table).select(['id', 'processor_reference']).where('environment', '=', caller.environment).where('platform_id', '=', caller.platformId).where('id', '=', id).executeTakeFirst();
  if (object === 'applications') {
    const row = await db.selectFrom('applications').select('id').where('environment', '=', caller.environment).where('platform_id', '=', caller.platformId).where('id', '=', id).executeTakeFirst();
    return row && [row.id];
  }
  const row = await scoped(object);
  return row && [row.id, ...(row.processor_reference ? [row.processor_reference] : [])];
}

/** The pending jobs of these kinds filed under the subjects, soonest first. */
export async function pendingJobs(db: Db, caller: Caller, subjects: string[], kinds: string[]) {
  return db
    .selectFrom('scheduled_jobs')
    .select(['kind', 'due_at'])
    .where('state', '=', 'pending')
    .where('environment', '=', caller.environment)
    .where('subject_id', 'in', subjects)
    .where('kind', 'in', kinds)
    .orderBy('due_at')
    .orderBy('id')
    .execute();
}
