import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tables } from '../core/db.js';
import type { AccountType, BankReport, BankVerification, CardAuthorization, CardCharge, CardDetails, DebitCollection, DebitOutcome, OutgoingTransfer, Processor, VaultedCard } from './processor.js';

/** The decisions' test IBAN that fails account verification; every other valid IBAN verifies. */
export const FAILING_IBAN = 'DE62370400440532013001';
/** Verifies, but its collections come back unpaid (insufficient funds): the payment ends not_completed. */
export const RETURNED_IBAN = 'DE35370400440532013002';
export const SEPA_SETTLEMENT_SECONDS = 2 * 24 * 3600;
/** Refunds reach the buyer, and payouts the account's bank, one day later (decisions section 5). */
export const TRANSFER_ARRIVAL_SECONDS = 24 * 3600;

type Behaviour = 'approve' | 'decline' | 'insufficient' | 'challenge' | 'expired';

/** The decisions' test cards; any other valid card number is approved. */
export const TEST_CARDS: Record<string, Behaviour> = {
  '4242424242424242': 'approve',
  '5555555555554444': 'approve',
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient',
  '4000000000003220': 'challenge',
  '4000000000000069': 'expired',
};

/** The card scheme from the number's leading digits (IIN ranges). */
export function cardScheme(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^35(2[89]|[3-8]\d)/.test(number)) return 'jcb';
  if (/^3(0[0-5]|[68])/.test(number)) return 'diners';
  if (/^(50|5[6-9]|6\d)/.test(number)) return 'maestro';
  return 'unknown';
}

/**
 * A deterministic processor. Its vault keeps no card number: the reference it hands out carries
 * only how the test card behaves, which is all a simulator needs to remember.
 */
export class SimulatorProcessor implements Processor {
  constructor(private readonly db: Kysely<Tables>) {}

  async vaultCard(card: CardDetails): Promise<VaultedCard> {
    const behaviour = TEST_CARDS[card.number] ?? 'approve';
    return { reference: `sim_${behaviour}_${randomBytes(12).toString('hex')}`, scheme: cardScheme(card.number), last4: card.number.slice(-4) };
  }

  async authorizeCard(charge: CardCharge): Promise<CardAuthorization> {
    const behaviour = /^sim_([a-z]+)_/.exec(charge.reference)?.[1] as Behaviour | undefined;
    switch (behaviour) {
      case 'decline':
        return { outcome: 'declined', reason: 'card_declined' };
      case 'insufficient':
        return { outcome: 'declined', reason: 'insufficient_funds' };
      case 'expired':
        return { outcome: 'declined', reason: 'expired_card' };
      case 'challenge':
        if (!charge.authenticated && !charge.merchantInitiated) return { outcome: 'challenge' };
        break;
      case 'approve':
        break;
      default:
        return { outcome: 'declined', reason: 'card_declined' };
    }
    return { outcome: 'approved', authorizationId: `auth_${randomBytes(8).toString('hex')}` };
  }

  async verifyBankAccount(input: { paymentId: string; iban: string; accountHolder: string; accountType: AccountType; now: Date }): Promise<BankVerification> {
    if (input.iban === FAILING_IBAN) {
      return { verified: false, error: 'verification_failed', errorReason: 'account_not_found', message: 'The bank could not confirm this account', trackingId: randomBytes(8).toString('hex') };
    }
    const reportId = `rep${randomBytes(12).toString('hex')}`;
    await this.db
      .insertInto('simulator_bank_reports')
      .values({ id: reportId, payment_id: input.paymentId, iban: input.iban, account_holder: input.accountHolder, account_type: input.accountType, created_at: input.now })
      .execute();
    return { verified: true, reportId };
  }

  async bankReport(reportId: string, paymentId: string): Promise<BankReport | undefined> {
    const row = await this.db.selectFrom('simulator_bank_reports').selectAll().where('id', '=', reportId).where('payment_id', '=', paymentId).executeTakeFirst();
    return row && { iban: row.iban, accountHolder: row.account_holder, accountType: row.account_type };
  }

  /** The collection's reference carries its fate, as a card's vault reference carries the card's. */
  async collectDebit(input: { iban: string }): Promise<DebitCollection> {
    const fate = input.iban === RETURNED_IBAN ? 'returned' : 'paid';
    return { collectionId: `col_${fate}_${randomBytes(8).toString('hex')}`, settlementDelaySeconds: SEPA_SETTLEMENT_SECONDS };
  }

  async debitOutcome(collectionId: string): Promise<DebitOutcome> {
    return collectionId.startsWith('col_returned_') ? { paid: false, reason: 'insufficient_funds' } : { paid: true };
  }

  async refund(): Promise<OutgoingTransfer> {
    return { reference: `sim_rf_${randomBytes(8).toString('hex')}`, arrivalDelaySeconds: TRANSFER_ARRIVAL_SECONDS };
  }

  async payOut(): Promise<OutgoingTransfer> {
    return { reference: `sim_po_${randomBytes(8).toString('hex')}`, arrivalDelaySeconds: TRANSFER_ARRIVAL_SECONDS };
  }
}
