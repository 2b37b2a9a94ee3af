import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES } from '../payments/schemas.js';
import { REFUND_STATUSES } from '../refunds/schemas.js';
import { PAYOUT_STATUSES } from '../payouts/schemas.js';
import { APPLICATION_STATUSES, REPRESENTATIVE_STATUSES } from '../onboarding/schemas.js';
import { DELIVERY_STATUSES } from '../events/schemas.js';
import { SCENARIO_STATUSES } from '../sandbox/scenarios.js';
import { statusKey, statusTexts } from './statuses.js';
import { translator } from './texts.js';

const everyStatus = [PAYMENT_STATUSES, REFUND_STATUSES, PAYOUT_STATUSES, APPLICATION_STATUSES, REPRESENTATIVE_STATUSES, DELIVERY_STATUSES, SCENARIO_STATUSES].flat();

describe('status texts', () => {
  it('give every status the API can produce a text in English, German and Spanish, and none more', () => {
    for (const [language, texts] of Object.entries(statusTexts)) {
      const texted = texts as Record<string, string>;
      expect(everyStatus.filter((status) => !texted[statusKey(status)]?.trim()), language).toEqual([]);
      expect(Object.keys(texted).filter((key) => !everyStatus.some((status) => statusKey(status) === key)), language).toEqual([]);
    }
  });

  it('are what the translator says of a status, in the language of the browser', () => {
    const minorUnits = () => 2;
    expect(translator('en', minorUnits).status('not_completed')).toBe('Not completed');
    expect(translator('de-DE,de;q=0.9', minorUnits).status('captured')).toBe('Eingezogen');
    expect(translator('de', minorUnits).status('in_transit')).toBe('Unterwegs');
    expect(translator('es', minorUnits).status('action_required')).toBe('Acción necesaria');
  });

  it('fall back to the value with its underscores as spaces for a status without a text', () => {
    expect(translator('de', () => 2).status('awaiting_bank_answer')).toBe('awaiting bank answer');
    expect(translator('en', () => 2).status('constructor')).toBe('constructor');
  });
});
