import { describe, expect, it } from 'vitest';
import { ALL_SCOPES } from '../core/auth.js';
import { allowed, grantableScopes, ROLES } from './roles.js';

const MONEY_MOVING = ['payments:read_write', 'payments:*', 'refunds:initiate'];
const READING = ['documents:read', 'payments:read', 'accounts:read', 'refunds:read', 'payouts:read'];

describe('roles', () => {
  it('give each role the scopes it may do itself: live money to admins only, nothing a role may not do', () => {
    expect(grantableScopes({ role: 'admin', environment: 'live' })).toEqual([...ALL_SCOPES]);
    expect(grantableScopes({ role: 'admin', environment: 'sandbox' })).toEqual([...ALL_SCOPES]);
    expect(grantableScopes({ role: 'developer', environment: 'sandbox' })).toEqual([...ALL_SCOPES]);
    expect(grantableScopes({ role: 'developer', environment: 'live' })).toEqual(ALL_SCOPES.filter((scope) => !MONEY_MOVING.includes(scope)));
    expect(grantableScopes({ role: 'viewer', environment: 'live' }).sort()).toEqual([...READING].sort());
  });

  it("apply the same table to the dashboard's actions", () => {
    const may = (action: Parameters<typeof allowed>[1]) =>
      ROLES.flatMap((role) => (['sandbox', 'live'] as const).filter((environment) => allowed({ role, environment }, action)).map((environment) => `${role} ${environment}`));
    expect(may('read')).toHaveLength(6);
    expect(may('developer')).toEqual(['admin sandbox', 'admin live', 'developer sandbox', 'developer live']);
    expect(may('move_money')).toEqual(['admin sandbox', 'admin live', 'developer sandbox']);
    expect(may('manage_users')).toEqual(['admin sandbox', 'admin live']);
  });
});
