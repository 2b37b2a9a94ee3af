import { randomBytes } from 'node:crypto';
import type { CardAuthorization, CardCharge, CardDetails, Processor, VaultedCard } from './processor.js';

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
}
