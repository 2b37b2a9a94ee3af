import type { Caller } from '../core/auth.js';
import type { Db } from '../core/db.js';

/** The objects whose scheduled work the sandbox shows. */
export type ScheduledObject = 'payments' | 'refunds' | 'payouts' | 'applications';

/**
 * The subjects an object's scheduled jobs are filed under: its own id, and the processor's
 * reference of its movement when it has one (the processor's notification comes due under it).
 * With its status; nothing when the object is not the caller's.
 */
export async function subjectsOf(db: Db, caller: Caller, object: ScheduledObject, id: string): Promise<{ subjects: string[]; status: string } | undefined> {
  const scoped = (table: Exclude<ScheduledObject, 'applications'>) =>
    db.selectFrom(table).select(['id', 'status', 'processor_reference']).where('environment', '=', caller.environment).where('platform_id', '=', caller.platformId).where('id', '=', id).executeTakeFirst();
  if (object === 'applications') {
    const row = await db.selectFrom('applications').select(['id', 'status']).where('environment', '=', caller.environment).where('platform_id', '=', caller.platformId).where('id', '=', id).executeTakeFirst();
    return row && { subjects: [row.id], status: row.status };
  }
  const row = await scoped(object);
  return row && { subjects: [row.id, ...(row.processor_reference ? [row.processor_reference] : [])], status: row.status };
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
