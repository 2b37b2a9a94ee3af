import { chargebacksOf } from '../chargebacks/repository.js';
import { tokenHash as digest } from '../core/encryption.js';
import { keyedDigest, sharedSecret } from '../core/secrets.js';
import type { Kysely } from 'kysely';
import type { Config, Environment } from '../core/config.js';
import type { Caller } from '../core/auth.js';
import type { Clock, EnvironmentClock } from '../core/clock.js';
import type { DashboardRole, Tables } from '../core/db.js';
import { isEmail } from '../core/formats.js';
import { newId, randomSecret } from '../core/ids.js';
import { addSeconds } from '../core/time.js';
import { inBatches } from '../core/pagination.js';
import { PERIOD_DAYS } from './schemas.js';
import { instrumentOf } from '../hosted-payment-page/service.js';
import type { PaymentQuery, PaymentService } from '../payments/service.js';
import type { RefundService } from '../refunds/service.js';
import type { ObjectSchedule } from '../sandbox/schemas.js';
import type { SandboxShortcuts } from '../sandbox/shortcuts.js';
import type { PayoutService } from '../payouts/service.js';
import type { ApplicationService } from '../onboarding/service.js';
import type { AccountService } from '../accounts/service.js';
import { PAYOUT_ID_PATTERN } from '../core/ids.js';
import type { EventService, WebhookSecretService } from '../events/service.js';
import type { ClientService } from '../auth/service.js';
import { clientsOfPlatform, findClient } from '../auth/repository.js';
import { ApiError, notFound } from '../core/errors.js';
import { findPayment } from '../payments/repository.js';
import * as repo from './repository.js';
import { paymentTimeline } from './timeline.js';
import { confirmOnce } from './confirmations.js';
import type { Answer } from '../core/idempotency.js';
import type { Refund } from '../refunds/schemas.js';
import { grantableScopes, ROLES, type Actor } from './roles.js';
import { Passwords } from './passwords.js';
import type { ScryptSettings } from '../core/scrypt.js';
import { platformBrand } from '../branding/service.js';

export const SESSION_SECONDS = 12 * 3600;
export const SETUP_LINK_SECONDS = 7 * 24 * 3600;
/**
 * Failed sign-ins counted over this window: at most MAX_FAILURES_PER_EMAIL for one email,
 * MAX_FAILURES_PER_ADDRESS from one address. An attempt counts as failed from before its password
 * is checked until it succeeds.
 */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
export const PASSWORD_LENGTH = { min: 12, max: 200 };

const SUCCEEDED = ['captured', 'completed'] as const;
const FAILED = ['declined', 'not_completed', 'canceled'] as const;
const DEFAULT_PERIOD_DAYS = PERIOD_DAYS[0];
/** How a failed payment ended, for home's chart of failures. */
const FAILED_FOR_GOOD = [...FAILED, 'authentication_failed'] as const;

const sum = <K extends string>(rows: Record<K, number>[], key: K) => rows.reduce((total, row) => total + row[key], 0);

/** A period's totals: payments initiated, the share of the decided ones that succeeded, the succeeded volume per currency. */
function figuresOf(totals: repo.DayTotals[]) {
  const decided = sum(totals, 'decided');
  const volumes = new Map<string, number>();
  for (const row of totals) volumes.set(row.currency, (volumes.get(row.currency) ?? 0) + row.volume_minor);
  return {
    initiated: sum(totals, 'count'),
    successRate: decided === 0 ? null : sum(totals, 'succeeded') / decided,
    volumes: [...volumes].filter(([, amount]) => amount > 0).map(([currency, amount_minor]) => ({ currency, amount_minor })),
  };
}


export interface Session {
  digest: string;
  csrfToken: string;
  environment: Environment;
  userId: string;
  email: string;
  role: DashboardRole;
  platformId: string;
}

/** A new session: the cookie's value (shown to the browser only) and the session. */
export interface Opened {
  cookie: string;
  session: Session;
}

export type SignIn = { outcome: 'signed_in'; opened: Opened } | { outcome: 'wrong' } | { outcome: 'limited' };

export interface Logger {
  info(object: object, message: string): void;
}

/** The server secret the keyed digests of e-mails and addresses, and the passwords' salts, are made with. */
const DIGEST_SECRET = 'dashboard_personal_data';

const normalEmail = (email: string) => email.trim().toLowerCase().slice(0, 254);

/** The dashboard's users, their sign-in and their sessions. */
export class DashboardUsers {
  /** Whether some password hash has earlier settings; once none has, none will (they are only rehashed). */
  private earlierRemain = true;

  private constructor(
    private readonly db: Kysely<Tables>,
    private readonly config: Config,
    private readonly clock: Clock,
    private readonly passwords: Passwords,
    /** The keyed digest of an e-mail or an address, to find and count them by (they are sealed). */
    private readonly digestOf: (kind: 'email' | 'address', text: string) => string,
  ) {}

  /**
   * The users' service, once the rows written before migration 0020 have their digests (at the
   * first start of this version). `passwordSettings` are OWASP's unless a test asks for cheaper ones.
   */
  static async open(db: Kysely<Tables>, config: Config, clock: Clock, passwordSettings?: ScryptSettings): Promise<DashboardUsers> {
    const secret = await sharedSecret(db, DIGEST_SECRET);
    const digestOf = (kind: string, text: string) => keyedDigest(secret, `${kind}:${text}`);
    const passwords = new Passwords((email) => Buffer.from(digestOf('password salt', email), 'hex').subarray(0, 16), passwordSettings);
    await repo.digestUndigested(db, digestOf);
    return new DashboardUsers(db, config, clock, passwords, digestOf);
  }

  /** Creates a user of the platform without a password; answers the one-time link that sets it. */
  async createUser(input: { platformId: string; email: string; role: string }): Promise<{ userId: string; setupUrl: string }> {
    const email = input.email.trim().toLowerCase();
    if (!isEmail(email)) throw new Error(`${input.email} is not an email address`);
    if (!(ROLES as readonly string[]).includes(input.role)) throw new Error('the role must be admin, developer or viewer');
    if (!(await repo.platformExists(this.db, input.platformId))) throw new Error(`platform ${input.platformId} does not exist`);
    // Unique per platform: whether another platform has a user with this e-mail is not told.
    const emailDigest = this.digestOf('email', email);
    if (await repo.userOfPlatformByEmail(this.db, input.platformId, emailDigest)) throw new Error(`the platform has a dashboard user with the email ${email} already`);
    const setup = randomSecret();
    const now = this.clock.now();
    const userId = newId('usr');
    await repo.insertUser(this.db, {
      id: userId,
      platform_id: input.platformId,
      email,
      email_digest: emailDigest,
      role: input.role as DashboardRole,
      password_hash: null,
      setup_token_digest: digest(setup),
      setup_expires_at: addSeconds(now, SETUP_LINK_SECONDS),
      created_at: now,
    });
    return { userId, setupUrl: `${this.config.baseUrl}/dashboard/setup?token=${setup}` };
  }

  /** The user a setup link is for, while it is valid. */
  async setupUser(setupToken: string): Promise<repo.UserRow | undefined> {
    const user = await repo.userBySetupToken(this.db, digest(setupToken));
    return user && user.setup_expires_at && user.setup_expires_at > this.clock.now() ? user : undefined;
  }

  /** Sets the password of the setup link's user (once: the link is then spent) and signs them in. */
  async completeSetup(setupToken: string, password: string): Promise<Opened | undefined> {
    const user = await this.setupUser(setupToken);
    if (!user) return undefined;
    // Two requests with one link: only the first sets the password.
    if (!(await repo.setPassword(this.db, user.id, digest(setupToken), await this.passwords.hash(user.email, password)))) return undefined;
    return this.open(user);
  }

  /**
   * Checks the password, within the limits of failed attempts per email and per address. The
   * attempt is recorded (reserved) before the password is checked, so that concurrent attempts
   * cannot all pass the count; a successful one no longer counts. An unknown email costs the same
   * as a known one, and is answered the same.
   */
  async signIn(rawEmail: string, password: string, address: string, log: Logger): Promise<SignIn> {
    const email = normalEmail(rawEmail);
    const digests = { email: this.digestOf('email', email), address: this.digestOf('address', address) };
    const attempt = await this.reserveAttempt({ email, address }, digests);
    if (attempt === undefined) {
      log.info({ email, address }, 'dashboard sign-in refused: too many failed attempts');
      return { outcome: 'limited' };
    }
    const candidates = await repo.usersByEmail(this.db, digests.email);
    this.earlierRemain &&= await repo.earlierPasswordHashes(this.db, this.passwords.settings);
    const { user, rehash } = await this.passwords.match(email, password, candidates, this.earlierRemain);
    await repo.decideSignIn(this.db, attempt, user?.id ?? null, user !== undefined);
    log.info({ email, address, user_id: user?.id ?? null, succeeded: user !== undefined }, 'dashboard sign-in');
    if (!user) return { outcome: 'wrong' };
    if (rehash) await repo.setPasswordHash(this.db, user.id, user.password_hash!, rehash);
    return { outcome: 'signed_in', opened: await this.open(user) };
  }

  /** The attempt's id, unless the email or the address has had its failed attempts: one at a time per email and per address decides. */
  private reserveAttempt(attempt: { email: string; address: string }, digests: { email: string; address: string }): Promise<number | undefined> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      await repo.lockSignIns(trx, digests);
      const failures = await repo.recentFailures(trx, digests, addSeconds(now, -SIGN_IN_WINDOW_SECONDS));
      if (failures.email >= MAX_FAILURES_PER_EMAIL || failures.address >= MAX_FAILURES_PER_ADDRESS) return undefined;
      return repo.insertSignIn(trx, { ...attempt, email_digest: digests.email, address_digest: digests.address, user_id: null, succeeded: null, attempted_at: now });
    });
  }

  private async open(user: repo.UserRow): Promise<Opened> {
    const cookie = randomSecret();
    const now = this.clock.now();
    const session: Session = { digest: digest(cookie), csrfToken: randomSecret(), environment: 'sandbox', userId: user.id, email: user.email, role: user.role, platformId: user.platform_id };
    await repo.insertSession(this.db, { digest: session.digest, user_id: user.id, csrf_token: session.csrfToken, environment: 'sandbox', created_at: now, expires_at: addSeconds(now, SESSION_SECONDS) });
    return { cookie, session };
  }

  /** The session of a cookie, read on every request: a deleted or expired session is none. */
  async session(cookie: string | undefined): Promise<Session | undefined> {
    if (!cookie) return undefined;
    const row = await repo.sessionWithUser(this.db, digest(cookie), this.clock.now());
    if (!row) return undefined;
    return { digest: row.digest, csrfToken: row.csrf_token, environment: row.environment, userId: row.user_id, email: row.email, role: row.role, platformId: row.platform_id };
  }

  signOut(session: Session): Promise<void> {
    return repo.deleteSession(this.db, session.digest);
  }

  /** Signs every browser of the email's users (of every platform) out, at its next request; undefined when there is no such user. */
  async revokeSessions(email: string): Promise<number | undefined> {
    const users = await repo.usersByEmail(this.db, this.digestOf('email', normalEmail(email)));
    if (users.length === 0) return undefined;
    return repo.deleteSessionsOf(this.db, users.map((user) => user.id));
  }

  /** The users of the session's platform by email (an admin's page; the emails are sealed, so sorted here). */
  async list(session: Session) {
    const users = await repo.usersOf(this.db, session.platformId, this.clock.now());
    return users.sort((a, b) => a.email.localeCompare(b.email));
  }

  /** Signs a user of the session's platform out everywhere; undefined when the platform has no such user. */
  async signOutUser(session: Session, userId: string): Promise<number | undefined> {
    const user = await repo.userOfPlatform(this.db, session.platformId, userId);
    return user && repo.deleteSessionsOf(this.db, [user.id]);
  }

  /**
   * Gives a user of the session's platform another role (at its next request), or removes the user
   * (`role` undefined) with its sessions. The platform keeps an admin: the users are locked, so two
   * admins demoting each other at once cannot both succeed. Undefined when there is no such user.
   */
  async changeUser(session: Session, userId: string, role: DashboardRole | undefined): Promise<{ email: string } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const platformUsers = await repo.lockUsersOf(trx, session.platformId);
      const user = platformUsers.find((each) => each.id === userId);
      if (!user) return undefined;
      const adminsAfter = platformUsers.filter((each) => (each.id === userId ? role : each.role) === 'admin').length;
      if (adminsAfter === 0) throw new ApiError('validation_error', { detail: 'The platform needs an admin: make another user admin first' });
      if (role) await repo.setRole(trx, userId, role);
      else await repo.deleteUser(trx, userId);
      return { email: user.email };
    });
  }

  switchEnvironment(session: Session, environment: Environment): Promise<void> {
    return repo.setSessionEnvironment(this.db, session.digest, environment);
  }

  /** The platform's brand in the environment the session looks at, as its pages show it. */
  brand(session: Session) {
    return platformBrand(this.db, { platformId: session.platformId, environment: session.environment });
  }
}

/** What the dashboard shows and does, through the API's own services. */
/** Payments on one page of the list. */
export const PAYMENTS_PAGE_SIZE = 20;

export class DashboardService {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly environmentClock: EnvironmentClock,
    private readonly services: { payments: PaymentService; refunds: RefundService; events: EventService; payouts: PayoutService; applications: ApplicationService; accounts: AccountService; shortcuts: SandboxShortcuts },
  ) {}

  /** The API's caller for what the session's user sees: its platform, in the environment it looks at. */
  caller(session: Session): Caller {
    return { platformId: session.platformId, environment: session.environment, clientId: `dashboard:${session.userId}`, scopes: new Set() };
  }

  /**
   * Home: the period's days (the platform's clock in its environment; the payments routed to a merchant when one is
   * named) with their figures and the previous period's beside them, how failed payments ended,
   * the refunds, and what needs attention.
   */
  async home(caller: Caller, period: { days: number; merchantId?: string } = { days: DEFAULT_PERIOD_DAYS }) {
    const today = startOfDay(this.environmentClock.now(caller.environment, caller.platformId));
    const until = addSeconds(today, 86400);
    const since = addSeconds(until, -period.days * 86400);
    const scope = { since, until, merchantId: period.merchantId };
    const previousScope = { since: addSeconds(since, -period.days * 86400), until: since, merchantId: period.merchantId };
    const totals = await repo.dailyTotals(this.db, caller, scope, { succeeded: SUCCEEDED, failed: FAILED });
    const refunds = await repo.dailyRefunds(this.db, caller, scope);
    const days = Array.from({ length: period.days }, (_, index) => {
      const day = addSeconds(since, index * 86400).toISOString().slice(0, 10);
      const rows = totals.filter((row) => row.day === day);
      const refunded = refunds.filter((row) => row.day === day);
      return {
        day,
        count: sum(rows, 'count'),
        succeeded: sum(rows, 'succeeded'),
        decided: sum(rows, 'decided'),
        volumes: rows.filter((row) => row.volume_minor > 0).map((row) => ({ currency: row.currency, amount_minor: row.volume_minor })),
        refunds: sum(refunded, 'count'),
        refundVolumes: refunded.map((row) => ({ currency: row.currency, amount_minor: row.amount_minor })),
      };
    });
    const recent = await this.services.payments.list(caller, { first: 5 });
    return {
      period: { days: period.days, since, until, merchantId: period.merchantId },
      merchants: (await this.services.accounts.list(caller, { first: 100 })).data.filter((account) => account.type === 'merchant'),
      failingEndpoints: await repo.failingEndpoints(this.db, caller, since),
      waitingApplications: await repo.waitingApplications(this.db, caller),
      days,
      ...figuresOf(totals),
      previous: figuresOf(await repo.dailyTotals(this.db, caller, previousScope, { succeeded: SUCCEEDED, failed: FAILED })),
      failures: await repo.failures(this.db, caller, scope, FAILED_FOR_GOOD),
      recent: recent.data,
    };
  }

  /** A numbered page of the payments the filters and the search keep, with their count. */
  searchPayments(caller: Caller, query: PaymentQuery, page: number) {
    return this.services.payments.search(caller, query, { size: PAYMENTS_PAGE_SIZE, number: page });
  }

  /** The refunds, payouts and transfers of the period, each list in batches, for CSV exports. */
  exports(caller: Caller, period: repo.ExportPeriod) {
    return {
      refunds: inBatches((after: repo.ExportedRefund | undefined, size) => repo.batchOfRefunds(this.db, caller, period, size, after)),
      payouts: inBatches((after: repo.ExportedPayout | undefined, size) => repo.batchOfPayouts(this.db, caller, period, size, after)),
      transfers: inBatches((after: repo.ExportedTransfer | undefined, size) => repo.batchOfTransfers(this.db, caller, period, size, after)),
    };
  }

  /**
   * The page of the object a search names by its id, when it is the caller's: a refund's or a
   * transfer's payment, a payout, an application. Payments are found by the list itself.
   */
  async pageOf(caller: Caller, term: string): Promise<string | undefined> {
    const id = term.trim();
    const pages: [RegExp, () => Promise<string>][] = [
      [/^rfd_/, async () => `/dashboard/payments/${(await this.services.refunds.get(caller, id)).payment_id}`],
      [/^app_/, async () => `/dashboard/merchants/applications/${(await this.services.applications.get(caller, id)).id}`],
      [new RegExp(PAYOUT_ID_PATTERN), async () => `/dashboard/payouts/${(await this.services.payouts.get(caller, id)).id}`],
      [/^tra_/, async () => `/dashboard/payments/${(await repo.transferOf(this.db, caller, id)).payment_id}`],
    ];
    const page = pages.find(([pattern]) => pattern.test(id));
    if (!page) return undefined;
    try {
      return await page[1]();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'not_found') return undefined;
      throw error;
    }
  }

  /** Every payment the filters and the search keep, in batches, for a CSV export. */
  exportPayments(caller: Caller, query: PaymentQuery) {
    return this.services.payments.exported(caller, query);
  }

  /**
   * A payment as the API shows it, with what the buyer paid with, its refunds, its events (those of
   * its refunds and transfers too), the payouts that carry its transfers and its timeline.
   */
  async payment(caller: Caller, id: string) {
    const payment = await this.services.payments.get(caller, id);
    const row = (await findPayment(this.db, caller, id))!;
    const refunds = await this.services.refunds.list(caller, { payment_id: id, first: 100 });
    const transfers = [payment.routing.platform, ...payment.routing.merchants].flatMap((party) => (party.transfer ? [party.transfer.transfer_id] : []));
    const objects = [id, ...refunds.data.map((refund) => refund.id), ...transfers];
    const summaries = (await Promise.all(objects.map((objectId) => this.services.events.list(caller, { object_id: objectId, first: 100 })))).flatMap((page) => page.data);
    summaries.sort((a, b) => b.occurred_at.localeCompare(a.occurred_at) || b.event_id.localeCompare(a.event_id));
    // Each event with its webhook deliveries and their attempts, as GET /events/{id} shows them.
    const events = await Promise.all(summaries.map((summary) => this.services.events.get(caller, summary.event_id)));
    const refundable = payment.routing.platform.refundable_amount + payment.routing.merchants.reduce((sum, merchant) => sum + merchant.refundable_amount, 0);
    const payouts = await this.services.payouts.listForPayment(caller, { payment_id: id, first: 100 });
    return {
      payment,
      instrument: instrumentOf(row),
      refunds: refunds.data,
      chargebacks: await chargebacksOf(this.db, id),
      events,
      refundable,
      payouts: await Promise.all(payouts.data.map((payout) => this.services.payouts.get(caller, payout.id))),
      timeline: paymentTimeline({ payment, row, events }),
      next: await this.nextOf(caller, id, refunds.data),
    };
  }

  /** What happens next to the payment and each of its refunds still under way (sandbox only). */
  private async nextOf(caller: Caller, id: string, refunds: Refund[]): Promise<{ payment: ObjectSchedule; refunds: { id: string; schedule: ObjectSchedule }[] } | undefined> {
    const { shortcuts } = this.services;
    const payment = await shortcuts.nextSteps(caller, 'payments', id);
    if (!payment) return undefined;
    const open = refunds.filter((refund) => refund.status === 'initiated');
    return { payment, refunds: await Promise.all(open.map(async (refund) => ({ id: refund.id, schedule: (await shortcuts.nextSteps(caller, 'refunds', refund.id))! }))) };
  }

  /**
   * Refunds the parties' amounts (those of the confirmation the user saw) through the API's own
   * refund call: its rules (at most what each party has left), events and ledger entries follow.
   */
  refund(caller: Caller, paymentId: string, description: string, routing: { platform: number; merchants: { id: string; amount_minor: number }[] }, answer?: Answer<Refund>) {
    return this.services.refunds.initiate(
      caller,
      {
        payment_id: paymentId,
        description,
        routing: { platform: { amount_minor: routing.platform }, merchants: routing.merchants },
      },
      answer,
    );
  }

  /** A confirmed change that moves money, made once per confirmation key (confirmOnce). */
  once<T extends { id: string }>(caller: Caller, change: Parameters<typeof confirmOnce<T>>[3]) {
    return confirmOnce(this.db, this.environmentClock.base, caller, change);
  }
}

/** The developer things of a platform in an environment: its API clients and its webhook signing secret, through the API's own services. */
export class DashboardDevelopers {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly services: { clients: ClientService; webhookSecrets: WebhookSecretService },
  ) {}

  clients(caller: Caller) {
    return clientsOfPlatform(this.db, caller.platformId, caller.environment);
  }

  /**
   * A new client of the caller's platform and environment, with scopes the user may give (roles.ts):
   * others are refused 403. Its secret is in the answer only (stored hashed).
   */
  createClient(caller: Caller, user: Actor, name: string, scopes: string[]) {
    const grantable: readonly string[] = grantableScopes(user);
    const refused = scopes.filter((scope) => !grantable.includes(scope));
    if (refused.length > 0) throw new ApiError('insufficient_scope', { detail: `The role ${user.role} may not give a ${user.environment} client ${refused.join(' ')}` });
    return this.services.clients.create({ environment: caller.environment, platformId: caller.platformId, name, scopes });
  }

  /** A client of the caller's platform and environment; another's is not found. */
  async client(caller: Caller, clientId: string) {
    const client = await findClient(this.db, clientId);
    if (!client || client.platform_id !== caller.platformId || client.environment !== caller.environment) throw notFound(`Client ${clientId}`);
    return client;
  }

  async revokeClient(caller: Caller, clientId: string) {
    const client = await this.client(caller, clientId);
    await this.services.clients.revoke(client.id);
    return client;
  }

  webhookSecret(caller: Caller) {
    return this.services.webhookSecrets.get(caller);
  }

  rotateWebhookSecret(caller: Caller) {
    return this.services.webhookSecrets.rotate(caller);
  }
}

function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}
