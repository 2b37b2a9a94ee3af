import type { Generated, Insertable, Kysely, Selectable } from 'kysely';
import { tokenHash } from '../core/encryption.js';

/** The simulator's own tables: an outside party's records, which no feature of the product reads. */
export type SimulatorTables = {
  simulator_card_authorizations: {
    reference: string;
    card: string;
    amount_minor: number;
    currency: string;
    outcome: 'approved' | 'declined' | 'challenge';
    decline_reason: string | null;
    authorization_id: string | null;
    challenge_id: string | null;
    requests: Generated<number>;
    created_at: Generated<Date>;
  };
  simulator_3ds_challenges: {
    /** The digest of the challenge's id: the id in its address opens it. */
    id: string;
    amount_minor: number;
    currency: string;
    last4: string;
    language: string | null;
    callback_url: string;
    payment_id: string;
    svc_token: string;
    return_url: string;
    state: 'pending' | 'answered';
    created_at: Generated<Date>;
  };
  simulator_bank_sessions: {
    /** Found by its digest; the token itself is kept sealed, to give the same page again. */
    token_hash: string;
    token: string;
    reference: string;
    language: string | null;
    callback_url: string;
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
  simulator_debit_collections: {
    reference: string;
    collection_id: string;
    requests: Generated<number>;
    created_at: Generated<Date>;
  };
};

export type SimulatorDb = Kysely<SimulatorTables>;
export type StoredAuthorization = Selectable<SimulatorTables['simulator_card_authorizations']>;
export type StoredChallenge = Selectable<SimulatorTables['simulator_3ds_challenges']>;
export type BankSession = Selectable<SimulatorTables['simulator_bank_sessions']>;

/**
 * Records an authorization once per reference, with its challenge if it asks for one; asked again,
 * answers the first record (requests counts the asks).
 */
export async function recordAuthorization(
  db: SimulatorDb,
  row: Insertable<SimulatorTables['simulator_card_authorizations']>,
  challenge: Insertable<SimulatorTables['simulator_3ds_challenges']> | undefined,
): Promise<StoredAuthorization> {
  const record = (trx: SimulatorDb) =>
    trx
      .insertInto('simulator_card_authorizations')
      .values(row)
      .onConflict((conflict) => conflict.column('reference').doUpdateSet((eb) => ({ requests: eb('simulator_card_authorizations.requests', '+', 1) })))
      .returningAll()
      .executeTakeFirstOrThrow();
  if (!challenge) return record(db); // one statement: atomic without a transaction of its own
  return db.transaction().execute(async (trx) => {
    const stored = await record(trx);
    if (stored.requests === 1) await trx.insertInto('simulator_3ds_challenges').values(challenge).execute();
    return stored;
  });
}

export async function findChallenge(db: SimulatorDb, id: string): Promise<StoredChallenge | undefined> {
  return db.selectFrom('simulator_3ds_challenges').selectAll().where('id', '=', tokenHash(id)).executeTakeFirst();
}

/** Answers a pending challenge once: the second answer finds nothing. */
export async function answerChallenge(db: SimulatorDb, id: string): Promise<StoredChallenge | undefined> {
  return db.updateTable('simulator_3ds_challenges').set({ state: 'answered' }).where('id', '=', tokenHash(id)).where('state', '=', 'pending').returningAll().executeTakeFirst();
}

/** The session of a verification reference, opened on first request. */
export async function bankSession(db: SimulatorDb, row: Insertable<SimulatorTables['simulator_bank_sessions']>): Promise<BankSession> {
  return db
    .insertInto('simulator_bank_sessions')
    .values(row)
    .onConflict((conflict) => conflict.column('reference').doUpdateSet((eb) => ({ callback_url: eb.ref('excluded.callback_url') })))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findBankSession(db: SimulatorDb, token: string): Promise<BankSession | undefined> {
  return db.selectFrom('simulator_bank_sessions').selectAll().where('token_hash', '=', tokenHash(token)).executeTakeFirst();
}

export async function insertBankReport(db: SimulatorDb, row: Insertable<SimulatorTables['simulator_bank_reports']>): Promise<void> {
  await db.insertInto('simulator_bank_reports').values(row).execute();
}

export async function findBankReport(db: SimulatorDb, id: string, reference: string) {
  return db.selectFrom('simulator_bank_reports').selectAll().where('id', '=', id).where('payment_id', '=', reference).executeTakeFirst();
}

/** Records a collection once per reference; asked again, answers the first one's id. */
export async function recordCollection(db: SimulatorDb, reference: string, collectionId: string): Promise<string> {
  const stored = await db
    .insertInto('simulator_debit_collections')
    .values({ reference, collection_id: collectionId })
    .onConflict((conflict) => conflict.column('reference').doUpdateSet((eb) => ({ requests: eb('simulator_debit_collections.requests', '+', 1) })))
    .returning('collection_id')
    .executeTakeFirstOrThrow();
  return stored.collection_id;
}
