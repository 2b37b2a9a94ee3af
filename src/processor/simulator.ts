import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  AccountType,
  AccountVerificationRequest,
  BankReport,
  CardAuthorization,
  CardCharge,
  CardDetails,
  DebitCollection,
  DebitOutcome,
  OutgoingTransfer,
  Processor,
  VaultedCard,
} from './processor.js';
import * as store from './simulator-store.js';
import type { BankSession, SimulatorDb, StoredAuthorization } from './simulator-store.js';
import { tokenHash } from '../core/encryption.js';

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

export type BankVerification =
  | { verified: true; reportId: string }
  | { verified: false; error: string; errorReason: string; message: string; trackingId: string };

type Decision = Pick<StoredAuthorization, 'outcome' | 'decline_reason'>;

/** How the test card behind a vault reference answers this charge. */
function decide(charge: CardCharge): Decision {
  const behaviour = /^sim_([a-z]+)_/.exec(charge.card)?.[1] as Behaviour | undefined;
  const declined = (reason: string): Decision => ({ outcome: 'declined', decline_reason: reason });
  switch (behaviour) {
    case 'approve':
      return { outcome: 'approved', decline_reason: null };
    case 'decline':
      return declined('card_declined');
    case 'insufficient':
      return declined('insufficient_funds');
    case 'expired':
      return declined('expired_card');
    case 'challenge':
      return charge.authenticated || charge.merchantInitiated ? { outcome: 'approved', decline_reason: null } : { outcome: 'challenge', decline_reason: null };
    default:
      return declined('card_declined');
  }
}

export interface SimulatorOptions {
  /** Where its pages are served (`/simulator/...`). */
  baseUrl: string;
  /** How long every call takes to answer, as a real processor's round trip would (SIMULATOR_LATENCY_MS). */
  latencyMs: number;
}

/**
 * A deterministic processor, with the 3-D Secure server and the bank behind it. Its vault keeps no
 * card number: the reference it hands out carries only how the test card behaves. It keeps its
 * own records (simulator_ tables): one authorization or collection per reference, however often
 * asked.
 */
export class SimulatorProcessor implements Processor {
  constructor(
    private readonly db: SimulatorDb,
    private readonly options: SimulatorOptions,
  ) {}

  private async latency(): Promise<void> {
    if (this.options.latencyMs > 0) await sleep(this.options.latencyMs);
  }

  async vaultCard(card: CardDetails): Promise<VaultedCard> {
    await this.latency();
    const behaviour = TEST_CARDS[card.number] ?? 'approve';
    return { reference: `sim_${behaviour}_${randomBytes(12).toString('hex')}`, scheme: cardScheme(card.number), last4: card.number.slice(-4) };
  }

  async authorizeCard(charge: CardCharge): Promise<CardAuthorization> {
    await this.latency();
    const decision = decide(charge);
    const challengeId = decision.outcome === 'challenge' ? randomBytes(16).toString('hex') : null;
    const { threeDs } = charge;
    if (challengeId && !threeDs) throw new Error('the card needs 3-D Secure, and the charge gave no buyer to challenge');
    const stored = await store.recordAuthorization(
      this.db,
      {
        reference: charge.reference,
        card: charge.card,
        amount_minor: charge.amountMinor,
        currency: charge.currency,
        ...decision,
        authorization_id: decision.outcome === 'approved' ? `auth_${randomBytes(8).toString('hex')}` : null,
        challenge_id: challengeId,
      },
      challengeId && threeDs
        ? {
            id: tokenHash(challengeId),
            amount_minor: charge.amountMinor,
            currency: charge.currency,
            last4: threeDs.last4,
            language: threeDs.language,
            callback_url: threeDs.callbackUrl,
            payment_id: threeDs.paymentId,
            svc_token: threeDs.svcToken,
            return_url: threeDs.returnUrl,
            state: 'pending',
          }
        : undefined,
    );
    return this.authorizationOf(stored);
  }

  private authorizationOf(stored: StoredAuthorization): CardAuthorization {
    if (stored.outcome === 'approved') return { outcome: 'approved', authorizationId: stored.authorization_id! };
    if (stored.outcome === 'challenge') return { outcome: 'challenge', challengeUrl: `${this.options.baseUrl}/simulator/3ds/${stored.challenge_id}` };
    return { outcome: 'declined', reason: stored.decline_reason as Extract<CardAuthorization, { outcome: 'declined' }>['reason'] };
  }

  /** The 3-D Secure server's challenge, while the buyer has not answered it. */
  async openChallenge(id: string) {
    const challenge = await store.findChallenge(this.db, id);
    return challenge?.state === 'pending' ? challenge : undefined;
  }

  /** The buyer answers a challenge, once. */
  answerChallenge(id: string) {
    return store.answerChallenge(this.db, id);
  }

  async accountVerification(request: AccountVerificationRequest): Promise<{ url: string }> {
    await this.latency();
    const token = randomBytes(24).toString('base64url');
    const session = await store.bankSession(this.db, { token, token_hash: tokenHash(token), reference: request.reference, language: request.language, callback_url: request.callbackUrl });
    return { url: `${this.options.baseUrl}/simulator/bank?token=${session.token}` };
  }

  bankSession(token: string): Promise<BankSession | undefined> {
    return store.findBankSession(this.db, token);
  }

  /** The bank's answer to the buyer's login on its page. */
  async verifyBankAccount(session: BankSession, input: { iban: string; accountHolder: string; accountType: AccountType }): Promise<BankVerification> {
    await this.latency();
    if (input.iban === FAILING_IBAN) {
      return { verified: false, error: 'verification_failed', errorReason: 'account_not_found', message: 'The bank could not confirm this account', trackingId: randomBytes(8).toString('hex') };
    }
    const reportId = `rep${randomBytes(12).toString('hex')}`;
    await store.insertBankReport(this.db, { id: reportId, payment_id: session.reference, iban: input.iban, account_holder: input.accountHolder, account_type: input.accountType });
    return { verified: true, reportId };
  }

  async bankReport(reportId: string, reference: string): Promise<BankReport | undefined> {
    await this.latency();
    const row = await store.findBankReport(this.db, reportId, reference);
    return row && { iban: row.iban, accountHolder: row.account_holder, accountType: row.account_type };
  }

  /** The collection's id carries its fate, as a card's vault reference carries the card's. */
  async collectDebit(input: { reference: string; iban: string }): Promise<DebitCollection> {
    await this.latency();
    const fate = input.iban === RETURNED_IBAN ? 'returned' : 'paid';
    const collectionId = await store.recordCollection(this.db, input.reference, `col_${fate}_${randomBytes(8).toString('hex')}`);
    return { collectionId, settlementDelaySeconds: SEPA_SETTLEMENT_SECONDS };
  }

  async debitOutcome(collectionId: string): Promise<DebitOutcome> {
    await this.latency();
    return collectionId.startsWith('col_returned_') ? { paid: false, reason: 'insufficient_funds' } : { paid: true };
  }

  async refund(): Promise<OutgoingTransfer> {
    await this.latency();
    return { reference: `sim_rf_${randomBytes(8).toString('hex')}`, arrivalDelaySeconds: TRANSFER_ARRIVAL_SECONDS };
  }

  async payOut(): Promise<OutgoingTransfer> {
    await this.latency();
    return { reference: `sim_po_${randomBytes(8).toString('hex')}`, arrivalDelaySeconds: TRANSFER_ARRIVAL_SECONDS };
  }
}
