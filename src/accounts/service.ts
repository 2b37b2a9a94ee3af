import type { Kysely } from 'kysely';
import type { Tables } from '../core/db.js';
import type { Caller } from '../core/auth.js';
import { notFound } from '../core/errors.js';
import type { Pager, PageRequest } from '../core/pagination.js';
import { formatDateTime } from '../core/time.js';
import * as repo from './repository.js';
import type { Account } from './schemas.js';

function present(row: repo.AccountRow): Account {
  return {
    id: row.id,
    type: row.type,
    name: row.display_name,
    created_at: formatDateTime(row.created_at),
    onboarding: row.application_id && row.application_status ? { application_id: row.application_id, status: row.application_status } : null,
    payouts_enabled: row.application_status === 'succeeded' && row.has_payout_account === true,
  };
}

export class AccountService {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly pager: Pager,
  ) {}

  async get(caller: Caller, id: string): Promise<Account> {
    const row = await repo.findAccount(this.db, caller, id);
    if (!row) throw notFound(`Account ${id}`);
    return present(row);
  }

  list(caller: Caller, query: PageRequest) {
    const list = `accounts:${caller.environment}:${caller.platformId}`;
    return this.pager.page(list, query, (limit, after) => repo.listAccounts(this.db, caller, limit, after), present);
  }
}
