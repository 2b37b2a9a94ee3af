import { ALL_SCOPES, type Scope } from '../core/auth.js';
import type { Environment } from '../core/config.js';
import type { DashboardRole } from '../core/db.js';

export const ROLES = ['admin', 'developer', 'viewer'] as const satisfies readonly DashboardRole[];

/**
 * What a dashboard user may do, in one table: each page and action of the dashboard asks it, and so
 * does a new API client's every scope, so that a client never does more than the user who made it
 * may. Only live money is real: moving it needs an admin there, a developer in the sandbox.
 */
export type Action = 'read' | 'developer' | 'move_money' | 'manage_users';

const LEAST_ROLE: Record<Action, Record<Environment, DashboardRole>> = {
  read: { sandbox: 'viewer', live: 'viewer' },
  /** API clients, the webhook secret, the event log, merchants' applications, the sandbox controls. */
  developer: { sandbox: 'developer', live: 'developer' },
  /** Refunds; through an API client, payments too (a merchant-initiated one charges a stored card without its holder). */
  move_money: { sandbox: 'developer', live: 'admin' },
  manage_users: { sandbox: 'admin', live: 'admin' },
};

/** What a client holding each scope can do, in the terms of the dashboard's actions. */
export const SCOPE_ACTIONS: Record<Scope, Action> = {
  'payments:read': 'read',
  'refunds:read': 'read',
  'payouts:read': 'read',
  'accounts:read': 'read',
  'documents:read': 'read',
  // events:read also redelivers webhooks and reads the webhook signing secret.
  'events:read': 'developer',
  'onboarding:initiate': 'developer',
  'documents:read_write': 'developer',
  // accounts:read_write sets the pages' branding.
  'accounts:read_write': 'developer',
  'payments:read_write': 'move_money',
  'payments:*': 'move_money',
  'refunds:initiate': 'move_money',
};

const RANK: Record<DashboardRole, number> = { viewer: 0, developer: 1, admin: 2 };

/** Who acts, where: a session's role and the environment it looks at. */
export interface Actor {
  role: DashboardRole;
  environment: Environment;
}

export function allowed(actor: Actor, action: Action): boolean {
  return RANK[actor.role] >= RANK[LEAST_ROLE[action][actor.environment]];
}

/** The scopes the actor may give an API client of its environment. */
export function grantableScopes(actor: Actor): Scope[] {
  return ALL_SCOPES.filter((scope) => allowed(actor, SCOPE_ACTIONS[scope]));
}
