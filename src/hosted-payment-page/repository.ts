import { CompiledQuery, sql, type Insertable, type Selectable } from 'kysely';
import { inOrderOf } from '../core/batcher.js';
import type { AccountVerificationResultsTable, CardTokensTable, Db } from '../core/db.js';
import { jsonTable, rowsFromJson, rowsJson, type EveryColumn } from '../core/json-rows.js';
import type { BuyerAction, CardDetails } from '../processor/boundary.js';
import type { PaymentRow } from '../payments/repository.js';
import { copyOfRow, tokenHash } from '../core/encryption.js';
import { jobRow, type JobClock } from '../core/jobs.js';
import { writeTogether, type Collector } from '../core/shared-transactions.js';
import { compiledOnce, readOf, type RowsRead } from '../core/statements.js';

/** The payments of these ids in one statement, each its own copy, in the ids' order (undefined for none). */
const paymentsQuery = compiledOnce((db: Db, { ids }: { ids: string[] }) => db.selectFrom('payments').selectAll().where('id', '=', (eb) => eb.fn.any(eb.val(ids))));

export async function findPayments(db: Db, ids: string[]): Promise<(PaymentRow | undefined)[]> {
  const { rows } = await paymentsQuery(db, { ids: [...new Set(ids)] });
  return inOrderOf(ids, rows, (row) => row.id).map((row) => row && copyOfRow(row));
}

const paymentsByTokenQuery = compiledOnce((db: Db, { digests }: { digests: string[] }) => db.selectFrom('payments').selectAll().where('resource_token_hash', '=', (eb) => eb.fn.any(eb.val(digests))));

/** The payments these page tokens open, in one statement, each its own copy, in the tokens' order (undefined for none). */
export async function findPaymentsByToken(db: Db, tokens: string[]): Promise<(PaymentRow | undefined)[]> {
  const digests = tokens.map(tokenHash);
  const { rows } = await paymentsByTokenQuery(db, { digests: [...new Set(digests)] });
  return inOrderOf(digests, rows, (row) => row.resource_token_hash).map((row) => row && copyOfRow(row));
}

export { lockPayment, updatePayment } from '../payments/repository.js';

export async function setFeeShares(db: Db, paymentId: string, shares: number[]): Promise<void> {
  for (const [position, share] of shares.entries()) {
    await db.updateTable('payment_parties').set({ fee_share: share }).where('payment_id', '=', paymentId).where('position', '=', position).execute();
  }
}

/**
 * Who is paid besides the platform: the first merchant of the routing, by its business name. A
 * merchant still onboarding is named by its account after the applicant, a person: until its
 * business's name is known (prefilled, or given in the business profile), it has none here.
 * The business's registered address comes with its name when the business profile gives one.
 */
export async function payee(db: Db, payment: PaymentRow) {
  const merchant = await db
    .selectFrom('payment_parties')
    .innerJoin('accounts', (join) => join.onRef('accounts.id', '=', 'payment_parties.account_id').on('accounts.environment', '=', payment.environment))
    .leftJoin('applications', 'applications.merchant_id', 'accounts.id')
    // The business's profile and prefill are sealed: opened here, never read by SQL operators.
    .select(['accounts.id as account_id', 'accounts.display_name', 'applications.id as application_id', 'applications.business_prefill', 'applications.business_profile'])
    .select(sql<string | null>`applications.business_type->>'country_code'`.as('business_country'))
    .where('payment_parties.payment_id', '=', payment.id)
    .where('payment_parties.position', '>', 0)
    .orderBy('payment_parties.position')
    .executeTakeFirst();
  const profile = merchant?.business_profile as { legal_name?: string; registered_address?: Record<string, unknown> } | null | undefined;
  const prefill = merchant?.business_prefill as { legal_name?: string } | null | undefined;
  const businessName = merchant && (merchant.application_id === null ? merchant.display_name : (profile?.legal_name ?? prefill?.legal_name));
  const merchantAddress = businessName && profile?.registered_address ? { ...profile.registered_address, country: merchant?.business_country } : undefined;
  return { businessName, merchantAccountId: merchant?.account_id, merchantAddress };
}

/** The job that erases a token's card details from our vault once it expired unused (subject: the token id). */
export const CARD_TOKEN_EXPIRY_JOB = 'card_tokens.expiry';

/** A card token with the job that erases it when it expires unused; in a shared transaction with the batch's other tokens (writeTogether). */
export async function insertCardToken(db: Db, row: Insertable<CardTokensTable>, clock: JobClock): Promise<void> {
  await writeTogether(db, cardTokens, [{ row, clock }]);
}

/** Tokens written together with their expiry jobs, in one statement (the SealingPlugin seals their card details). */
const cardTokens: Collector<{ row: Insertable<CardTokensTable>; clock: JobClock }> = {
  rank: 1,
  async flush(db, tokens) {
    const expiries = tokens.map(({ row, clock }) => jobRow({ ...clock, kind: CARD_TOKEN_EXPIRY_JOB, subjectId: row.id, dueAt: new Date(row.expires_at) }, new Date(row.created_at)));
    await insertCardTokens(db, { rows: tokens.map(({ row }) => row), expiries });
  },
};

const insertCardTokens = compiledOnce((db: Db, { rows, expiries }: { rows: Insertable<CardTokensTable>[]; expiries: ReturnType<typeof jobRow>[] }) =>
  db.with('expiry', (cte) => cte.insertInto('scheduled_jobs').values(expiries)).insertInto('card_tokens').values(rows),
);

/** Erases the card details of a token that expired unused (a used one's left the vault with its authorization). */
export async function eraseExpiredCard(db: Db, tokenId: string): Promise<void> {
  await db.updateTable('card_tokens').set({ card_details: null }).where('id', '=', tokenId).where('used_at', 'is', null).execute();
}

const cardTokensQuery = compiledOnce((db: Db, { ids, paymentIds }: { ids: string[]; paymentIds: string[] }) =>
  db
    .selectFrom('card_tokens')
    .selectAll()
    .where('id', '=', (eb) => eb.fn.any(eb.val(ids)))
    .where('payment_id', '=', (eb) => eb.fn.any(eb.val(paymentIds)))
    .orderBy('id')
    .forUpdate(),
);

/** A card token asked for by a step on a payment: the buyer's token, and the payment it must be of. */
export interface TokenOfPayment {
  tokenId: string;
  paymentId: string;
}

/**
 * The card tokens asked for, in their order (undefined for none), each only if it is of one of the
 * payments asked with (whose locks the caller holds), locked until the transaction ends (their
 * expiry job then waits for it): whether one is usable is decided with it (usableCardToken), and
 * its use written together (useCardToken).
 */
export function lockedCardTokens(db: Db, asked: TokenOfPayment[]): RowsRead<(CardTokenRow | undefined)[]> {
  const ids = asked.map((each) => each.tokenId);
  const statement = cardTokensQuery.statement(db, { ids: [...new Set(ids)], paymentIds: [...new Set(asked.map((each) => each.paymentId))] });
  return readOf(statement, (rows) => inOrderOf(ids, rows, (row) => row.id));
}

export type CardTokenRow = Selectable<CardTokensTable>;

/** Whether the token can authorize the payment: its own, unused, unexpired, its card still in the vault. */
export function usableCardToken(token: CardTokenRow | undefined, paymentId: string, now: Date): token is CardTokenRow & { card_details: CardDetails } {
  return token !== undefined && token.payment_id === paymentId && token.used_at === null && token.expires_at > now && token.card_details !== null;
}

/**
 * Marks the token used, its card details erased from the vault (the authorization carries them);
 * the payment's open challenges are superseded with it: the authorization the token is for replaces
 * them. With the shared transaction's other uses (writeTogether).
 */
export async function useCardToken(db: Db, token: CardTokenRow, now: Date): Promise<void> {
  await writeTogether(db, tokenUses, [{ id: token.id, payment_id: token.payment_id, used_at: now }]);
}

/** Rows written together by one statement that takes them as a JSON array ($1), before the ledger and the events. */
function writtenAsJson<Row extends object>(statement: string): Collector<Row> {
  return {
    rank: 1,
    async flush(trx, rows) {
      await trx.executeQuery(CompiledQuery.raw(statement, [rowsJson(rows)]));
    },
  };
}

const tokenUses = writtenAsJson<{ id: string; payment_id: string; used_at: Date }>(`with used as ${jsonTable('$1', { columns: 'id text, payment_id text, used_at timestamptz' })},
  token as (update card_tokens set used_at = used.used_at, card_details = null from used where card_tokens.id = used.id)
  update three_ds_challenges set state = 'superseded' from used where three_ds_challenges.payment_id = used.payment_id and three_ds_challenges.state = 'pending'`);

/** The payment's open challenges can no longer be answered: the buyer moved on to another authorization or method. */
export async function supersedeChallenges(db: Db, paymentId: string): Promise<void> {
  await db.updateTable('three_ds_challenges').set({ state: 'superseded' }).where('payment_id', '=', paymentId).where('state', '=', 'pending').execute();
}

/** An account verification result (a report, or a failure's tracking id) of a payment. */
export interface VerificationResult {
  paymentId: string;
  resultId: string;
}

const verificationResultsQuery = compiledOnce((db: Db, { paymentIds, resultIds }: { paymentIds: string[]; resultIds: string[] }) =>
  db
    .selectFrom('account_verification_results')
    .select(['payment_id', 'result_id'])
    .where('payment_id', '=', (eb) => eb.fn.any(eb.val(paymentIds)))
    .where('result_id', '=', (eb) => eb.fn.any(eb.val(resultIds))),
);

/**
 * Whether each result was taken into account already, in one statement (a step's Needs, read with
 * its payment locked: whoever takes a result of the payment holds that lock, takeVerificationResult).
 */
export function verificationResultsTaken(db: Db, asked: VerificationResult[]): RowsRead<boolean[]> {
  const statement = verificationResultsQuery.statement(db, { paymentIds: [...new Set(asked.map((each) => each.paymentId))], resultIds: [...new Set(asked.map((each) => each.resultId))] });
  return readOf(statement, (rows) => {
    const taken = new Set(rows.map((row) => JSON.stringify([row.payment_id, row.result_id])));
    return asked.map((each) => taken.has(JSON.stringify([each.paymentId, each.resultId])));
  });
}

/**
 * Takes an account verification result into account, once (the step found it not taken yet with
 * the payment locked: verificationResultsTaken); with the shared transaction's others (writeTogether).
 * Taken twice all the same, the second fails at its primary key and rolls its transaction back.
 */
export async function takeVerificationResult(db: Db, result: VerificationResult, at: Date): Promise<void> {
  await writeTogether(db, verificationResults, [{ payment_id: result.paymentId, result_id: result.resultId, created_at: at }]);
}

const RESULT_COLUMNS = ['payment_id', 'result_id', 'created_at'] as const;
true satisfies EveryColumn<AccountVerificationResultsTable, typeof RESULT_COLUMNS>;
const verificationResults = writtenAsJson<Insertable<AccountVerificationResultsTable>>(rowsFromJson('account_verification_results', RESULT_COLUMNS, '$1'));

/** The form post of the payment's open challenge, if its action is one. */
export async function openChallengeForm(db: Db, paymentId: string): Promise<BuyerAction | undefined> {
  const row = await db
    .selectFrom('three_ds_challenges')
    .select('action')
    .where('payment_id', '=', paymentId)
    .where('state', '=', 'pending')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.action ?? undefined;
}

/** The state of the payment's challenge with this token, if there is one. */
export async function challengeState(db: Db, paymentId: string, svcToken: string) {
  const row = await db.selectFrom('three_ds_challenges').select('state').where('svc_token_hash', '=', tokenHash(svcToken)).where('payment_id', '=', paymentId).executeTakeFirst();
  return row?.state;
}

/** Answers a pending challenge once: the second answer finds nothing. */
export async function answerChallenge(db: Db, paymentId: string, svcToken: string) {
  return db
    .updateTable('three_ds_challenges')
    .set({ state: 'answered' })
    .where('svc_token_hash', '=', tokenHash(svcToken))
    .where('payment_id', '=', paymentId)
    .where('state', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}
