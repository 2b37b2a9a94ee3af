import { CompiledQuery, type Generated, type Insertable, type Kysely, type Selectable } from 'kysely';
import { inOrderOf } from '../../core/batcher.js';
import { copyOfRow, tokenHash } from '../../core/encryption.js';
import type { Environment } from '../../core/config.js';
import type { Db, ScheduledJobsTable } from '../../core/db.js';
import { compiledOnce } from '../../core/statements.js';
import { completePendingJob } from '../../core/jobs.js';
import { rowsJson } from '../../core/json-rows.js';

/** The simulator's own tables: an outside party's records, which no feature of the product reads. */
export type SimulatorTables = {
  simulator_card_authorizations: {
    reference: string;
    /** How the test card behaves (never its number). */
    card: string;
    amount_minor: number;
    currency: string;
    outcome: 'approved' | 'declined' | 'challenge';
    decline_reason: string | null;
    /** The simulator's own reference of the authorization, whatever its outcome. */
    authorization_id: string | null;
    challenge_id: string | null;
    /** The buyer's answer to the challenge, once given. */
    challenge_result: Generated<'passed' | 'failed' | null>;
    /** The credential kept for merchant-initiated charges, when asked to store the card. */
    stored_credential: Generated<string | null>;
    requests: Generated<number>;
    created_at: Generated<Date>;
  };
  simulator_3ds_challenges: {
    /** The digest of the challenge's id: the id in its address opens it. */
    id: string;
    /** The reference of the authorization it challenges. */
    reference: string | null;
    amount_minor: number;
    currency: string;
    last4: string;
    language: string | null;
    callback_url: string;
    payment_id: string;
    svc_token: string;
    return_url: string;
    state: 'pending' | 'answered';
    /** Whose environment the page serves (the sandbox's shows its test-mode banner). */
    environment: Environment;
    created_at: Generated<Date>;
  };
  simulator_bank_sessions: {
    /** Found by its digest; the token itself is kept sealed, to give the same page again. */
    token_hash: string;
    token: string;
    reference: string;
    language: string | null;
    callback_url: string;
    /** Whose environment the page serves (the sandbox's shows its test-mode banner and test IBANs). */
    environment: Environment;
    created_at: Generated<Date>;
  };
  simulator_bank_reports: {
    id: string;
    /** The verification's reference, as the product gave it. */
    payment_id: string;
    iban: string;
    account_holder: string;
    account_type: 'consumer' | 'business';
    created_at: Generated<Date>;
  };
  /** Money the simulator moves later (a collection, a refund, a payout): one per reference, its notification sent when due. */
  simulator_movements: {
    reference: string;
    processor_reference: string;
    /** Whose clock its notification comes due on. */
    environment: Environment;
    kind: 'collection' | 'refund' | 'payout';
    outcome: 'succeeded' | 'failed';
    reason: string | null;
    created_at: Generated<Date>;
  };
  /** The product's job table: the simulator's clock (its notifications come due on the clock of the platform that asked). */
  scheduled_jobs: ScheduledJobsTable;
};

export type SimulatorDb = Kysely<SimulatorTables>;

/** Why the simulator reports a movement failed: a collection returned unpaid, a refund the issuer refused, a payout to a closed account. */
export const FAILURE_REASONS: Record<SimulatorTables['simulator_movements']['kind'], string> = { collection: 'insufficient_funds', refund: 'refused_by_issuer', payout: 'account_closed' };
export type StoredAuthorization = Selectable<SimulatorTables['simulator_card_authorizations']>;
export type StoredChallenge = Selectable<SimulatorTables['simulator_3ds_challenges']>;
export type BankSession = Selectable<SimulatorTables['simulator_bank_sessions']>;
export type StoredMovement = Selectable<SimulatorTables['simulator_movements']>;

const recordAuthorizationsQuery = compiledOnce((db: SimulatorDb, { rows }: { rows: NewAuthorization[] }) =>
  db
    .insertInto('simulator_card_authorizations')
    .values(rows)
    .onConflict((conflict) => conflict.column('reference').doUpdateSet((eb) => ({ requests: eb('simulator_card_authorizations.requests', '+', 1) })))
    .returningAll(),
);

/**
 * Records an authorization once per reference, with its challenge if it asks for one; asked again,
 * answers the first record (requests counts the asks).
 */
export async function recordAuthorization(
  db: SimulatorDb,
  row: NewAuthorization,
  challenge: Insertable<SimulatorTables['simulator_3ds_challenges']>,
): Promise<StoredAuthorization> {
  return db.transaction().execute(async (trx) => {
    const [stored] = await recordAuthorizations(trx, [row]);
    if (stored!.requests === 1) await trx.insertInto('simulator_3ds_challenges').values(challenge).execute();
    return stored!;
  });
}

type NewAuthorization = Insertable<SimulatorTables['simulator_card_authorizations']>;

/**
 * Authorizations without a challenge, in one statement (atomic without a transaction of its own),
 * answered in the rows' order. One reference twice in the rows is refused (a row cannot be
 * updated twice by one statement): the Batcher then records each alone.
 */
export async function recordAuthorizations(db: SimulatorDb, rows: NewAuthorization[]): Promise<StoredAuthorization[]> {
  const stored = (await recordAuthorizationsQuery(db, { rows })).rows;
  const byReference = new Map(stored.map((row) => [row.reference, row]));
  return rows.map((row) => byReference.get(row.reference)!);
}

export async function findChallenge(db: SimulatorDb, id: string): Promise<StoredChallenge | undefined> {
  return db.selectFrom('simulator_3ds_challenges').selectAll().where('id', '=', tokenHash(id)).executeTakeFirst();
}

/** Answers a pending challenge once: the second answer finds nothing. */
export async function answerChallenge(db: SimulatorDb, id: string): Promise<StoredChallenge | undefined> {
  return db.updateTable('simulator_3ds_challenges').set({ state: 'answered' }).where('id', '=', tokenHash(id)).where('state', '=', 'pending').returningAll().executeTakeFirst();
}

/** The result of a challenged authorization, kept the first time it is completed: asked again, it answers the same. */
export async function completeAuthorization(db: SimulatorDb, authorizationId: string, result: 'passed' | 'failed'): Promise<StoredAuthorization | undefined> {
  await db.updateTable('simulator_card_authorizations').set({ challenge_result: result }).where('authorization_id', '=', authorizationId).where('outcome', '=', 'challenge').where('challenge_result', 'is', null).execute();
  return findAuthorization(db, authorizationId);
}

export async function findAuthorization(db: SimulatorDb, authorizationId: string): Promise<StoredAuthorization | undefined> {
  return db.selectFrom('simulator_card_authorizations').selectAll().where('authorization_id', '=', authorizationId).executeTakeFirst();
}

const bankSessionsQuery = compiledOnce((db: SimulatorDb, { rows }: { rows: Insertable<SimulatorTables['simulator_bank_sessions']>[] }) =>
  db
    .insertInto('simulator_bank_sessions')
    .values(rows)
    .onConflict((conflict) => conflict.column('reference').doUpdateSet((eb) => ({ callback_url: eb.ref('excluded.callback_url') })))
    .returningAll(),
);

/**
 * The sessions of these verification references in one statement, in the rows' order: each opened
 * on its first request, asked again the same. One reference twice in the rows is refused (a row
 * cannot be updated twice by one statement): the Batcher then opens each alone.
 */
export async function bankSessions(db: SimulatorDb, rows: Insertable<SimulatorTables['simulator_bank_sessions']>[]): Promise<BankSession[]> {
  const byReference = new Map((await bankSessionsQuery(db, { rows })).rows.map((row) => [row.reference, row]));
  return rows.map((row) => byReference.get(row.reference)!);
}

const bankSessionsByDigest = compiledOnce((db: SimulatorDb, { digests }: { digests: string[] }) => db.selectFrom('simulator_bank_sessions').selectAll().where('token_hash', '=', (eb) => eb.fn.any(eb.val(digests))));

/** The sessions of these tokens in one statement, in the tokens' order (undefined for none), each its own copy. */
export async function findBankSessions(db: SimulatorDb, tokens: string[]): Promise<(BankSession | undefined)[]> {
  const digests = tokens.map(tokenHash);
  const { rows } = await bankSessionsByDigest(db, { digests: [...new Set(digests)] });
  return inOrderOf(digests, rows, (row) => row.token_hash).map((row) => row && copyOfRow(row));
}

type NewBankReport = Insertable<SimulatorTables['simulator_bank_reports']>;

const bankReportsQuery = compiledOnce((db: SimulatorDb, { rows }: { rows: NewBankReport[] }) => db.insertInto('simulator_bank_reports').values(rows));

/** Bank reports in one statement (all or none). */
export async function insertBankReports(db: SimulatorDb, rows: NewBankReport[]): Promise<void> {
  await bankReportsQuery(db, { rows });
}

const bankReportsById = compiledOnce((db: SimulatorDb, { ids }: { ids: string[] }) => db.selectFrom('simulator_bank_reports').selectAll().where('id', '=', (eb) => eb.fn.any(eb.val(ids))));

/** The reports of these ids in one statement, each only if it belongs to the verification of its reference; in the inputs' order. */
export async function findBankReports(db: SimulatorDb, wanted: { id: string; reference: string }[]) {
  const ids = wanted.map((each) => each.id);
  const { rows } = await bankReportsById(db, { ids: [...new Set(ids)] });
  return inOrderOf(ids, rows, (row) => row.id).map((row, index) => (row?.payment_id === wanted[index]!.reference ? row : undefined));
}

/** The job that sends a movement's notification when it is due (subject: the movement's processor reference). */
export const SIMULATOR_NOTIFICATION_JOB = 'simulator.notification';

/**
 * Records a movement once per reference, and when it is new, its notification due after `delaySeconds`
 * on the clock of the platform asking; asked again, answers the first record.
 */
export interface NewMovement {
  row: Insertable<SimulatorTables['simulator_movements']>;
  due: { at: Date; now: Date; platformId: string };
}

/** The movements new to the simulator, with their notifications' jobs, in one statement. */
const RECORD_MOVEMENTS = `with moved as (
    insert into simulator_movements (reference, processor_reference, environment, kind, outcome, reason)
    select reference, processor_reference, environment, kind, outcome, reason from json_populate_recordset(null::simulator_movements, $1::text::json)
    on conflict (reference) do nothing returning *
  ), due as (select * from json_to_recordset($2::text::json) as due(reference text, platform_id text, due_at timestamptz, created_at timestamptz)),
  job as (
    insert into scheduled_jobs (environment, platform_id, kind, subject_id, due_at, state, created_at)
    select moved.environment, due.platform_id, '${SIMULATOR_NOTIFICATION_JOB}', moved.processor_reference, due.due_at, 'pending', due.created_at from moved join due using (reference)
  )
  select * from moved`;

/**
 * Records movements once per reference, each with the job that sends its notification when due,
 * in one statement; a reference known already answers its first record. In the moves' order.
 */
export async function recordMovements(db: SimulatorDb, moves: NewMovement[]): Promise<StoredMovement[]> {
  const due = moves.map(({ row, due }) => ({ reference: row.reference, platform_id: due.platformId, due_at: due.at, created_at: due.now }));
  const inserted = await db.executeQuery<StoredMovement>(CompiledQuery.raw(RECORD_MOVEMENTS, [rowsJson(moves.map(({ row }) => row)), rowsJson(due)]));
  const byReference = new Map(inserted.rows.map((row) => [row.reference, row]));
  const known = moves.map(({ row }) => row.reference).filter((reference) => !byReference.has(reference));
  if (known.length > 0) {
    for (const row of await db.selectFrom('simulator_movements').selectAll().where('reference', 'in', known).execute()) byReference.set(row.reference, row);
  }
  return moves.map(({ row }) => byReference.get(row.reference)!);
}

export async function findMovement(db: SimulatorDb, processorReference: string): Promise<StoredMovement | undefined> {
  return db.selectFrom('simulator_movements').selectAll().where('processor_reference', '=', processorReference).executeTakeFirst();
}

/**
 * The sandbox's shortcut: a movement whose notification is still to come is decided now, with the
 * outcome asked for, and its pending notification marked sent (the caller sends it in the same
 * transaction). Answers the movement, or nothing when its notification was sent already.
 */
export async function decideMovementNow(trx: SimulatorDb, processorReference: string, outcome: StoredMovement['outcome'], now: Date): Promise<StoredMovement | undefined> {
  const pending = await trx
    .selectFrom('scheduled_jobs')
    .select('id')
    .where('kind', '=', SIMULATOR_NOTIFICATION_JOB)
    .where('subject_id', '=', processorReference)
    .where('state', '=', 'pending')
    .forUpdate()
    .executeTakeFirst();
  if (!pending) return undefined;
  await completePendingJob(trx as unknown as Db, SIMULATOR_NOTIFICATION_JOB, processorReference, now);
  const movement = await findMovement(trx, processorReference);
  if (!movement) return undefined;
  const reason = outcome === 'failed' ? FAILURE_REASONS[movement.kind] : null;
  return trx.updateTable('simulator_movements').set({ outcome, reason }).where('processor_reference', '=', processorReference).returningAll().executeTakeFirst();
}
