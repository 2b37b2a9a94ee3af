import { describe, expect, it } from 'vitest';
import { ApiError } from '../core/errors.js';
import { canMove, FINAL_STATUSES, moveTo, PAYMENT_STATUSES } from './states.js';

describe('payment states', () => {
  it('lets nothing leave a final status', () => {
    for (const from of FINAL_STATUSES) for (const to of PAYMENT_STATUSES) expect(canMove(from, to), `${from} → ${to}`).toBe(false);
  });

  it('completes or returns an authorized SEPA payment, and nothing else', () => {
    expect(PAYMENT_STATUSES.filter((to) => canMove('authorized', to))).toEqual(['completed', 'not_completed']);
  });

  it('answers the patch of an allowed move and refuses any other with a conflict', () => {
    expect(moveTo({ id: 'pay_1', status: 'started' }, 'captured')).toEqual({ status: 'captured' });
    expect(() => moveTo({ id: 'pay_1', status: 'captured' }, 'declined')).toThrow(ApiError);
  });
});
