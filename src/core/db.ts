import { readdir, readFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, PostgresDialect, sql, type Generated, type PostgresPool, type PostgresPoolClient, type Transaction } from 'kysely';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { PGlitePool } from './pglite-pool.js';
import { Pipelined } from './pipelined.js';
import { answerOfTogether, togetherIn, type Together } from './statements.js';
import { lockDataDir } from './data-dir-lock.js';
import { isDatabaseUnavailable } from './database-errors.js';
import { parseDatabaseUrl, ServerSelector } from './postgres-servers.js';
import type { Config, Environment } from './config.js';
import { SealingPlugin, type Cipher } from './encryption.js';
import { openCipher, type OpenedCipher } from './encryption-keys.js';
import type { PaymentStatus } from '../payments/states.js';
import type { ExceptionReason } from '../payouts/sepa-file/reconcile.js';
import type { BuyerAction, CardDetails, PartnerName, ProcessorData, ProcessorName, ProcessorNotification } from '../processor/boundary.js';

export interface PlatformsTable {
  id: string;
  name: string;
  primary_color: Generated<string>;
  secondary_color: Generated<string>;
  created_at: Date;
}

export interface AccountsTable {
  environment: Environment;
  id: string;
  platform_id: string;
  type: 'platform' | 'merchant';
  display_name: string;
  created_at: Date;
}

/** What an account set for its pages' branding; null inherits (migration 0022). */
export interface AccountBrandingTable {
  environment: Environment;
  account_id: string;
  platform_id: string;
  name: string | null;
  primary_color: string | null;
  secondary_color: string | null;
  format: 'merchant_primary' | 'platform_primary' | null;
  logo_document_id: string | null;
  updated_at: Date;
}

export interface ClientsTable {
  id: string;
  platform_id: string;
  environment: Environment;
  secret_hash: string;
  scopes: string[];
  name: Generated<string>;
  created_at: Date;
  revoked_at: Date | null;
}

export interface SigningKeysTable {
  kid: string;
  alg: string;
  private_jwk: Record<string, unknown>;
  public_jwk: Record<string, unknown>;
  created_at: Date;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
}

export interface IdempotencyKeysTable {
  client_id: string;
  environment: Environment;
  route: string;
  key: string;
  request_hash: string;
  state: 'in_flight' | 'done';
  response_status: number | null;
  response_headers: Record<string, string> | null;
  response_body: string | null;
  created_at: Date;
  expires_at: Date;
  /** The object whose outcome answers the request, while it is awaited (in_flight). */
  awaits: Generated<string | null>;
}

export interface DocumentsTable {
  id: string;
  environment: Environment;
  platform_id: string;
  type: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  tags: Generated<string[]>;
  blob_key: string;
  uploaded_at: Date;
  created_at: Date;
}

export interface WebhookSecretsTable {
  platform_id: string;
  environment: Environment;
  secret: string;
  created_at: Date;
  previous_secret: string | null;
  previous_expires_at: Date | null;
}

export interface EventsTable {
  id: string;
  environment: Environment;
  platform_id: string;
  type: string;
  object_id: string | null;
  data: Record<string, unknown>;
  occurred_at: Date;
  created_at: Date;
  /** The writing transaction (xid8, as text): the event stream's order. */
  tx_id: Generated<string>;
}

export type DeliveryState = 'pending' | 'succeeded' | 'failed';

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  event_id: string;
  /** The event's: whose clock the attempts are due on. */
  environment: Environment;
  platform_id: string;
  url: string;
  state: DeliveryState;
  attempt_count: Generated<number>;
  /** When it falls due on its platform's clock. */
  next_attempt_at: Date | null;
  /** The same moment in real time (see ScheduledJobsTable.real_due_at). */
  real_due_at: Generated<Date | null>;
  /** Set on a delivery the sandbox's webhook faults made or held back on purpose. */
  injected: InjectedFault | null;
  lease_until: Date | null;
  /** The claim that holds the lease (see migration 0019). */
  lease_token: string | null;
  created_at: Date;
  completed_at: Date | null;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempted_at: Date;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  /** Made on purpose by the sandbox's webhook faults (the delivery's fault). */
  injected: InjectedFault | null;
}

export interface FeeSchedulesTable {
  platform_id: string;
  card_rate_bp: number;
  card_fixed: number;
  sepa_rate_bp: number;
  sepa_minimum: number;
  created_at: Date;
}

export interface PaymentsTable {
  id: string;
  environment: Environment;
  platform_id: string;
  amount_minor: number;
  currency: string;
  status: PaymentStatus;
  method_type: 'card' | 'sepa_direct_debit' | 'user_selected';
  reference: string;
  description: string | null;
  remittance_info: string | null;
  /** null: the buyer's browser decides. */
  language: string | null;
  cit_mode: 'one_off' | 'initial' | 'merchant_initiated';
  customer: Record<string, unknown> | null;
  redirect_url: string;
  webhook_url: string | null;
  generate_qr_code: boolean;
  /** Sealed at rest (src/core/encryption.ts); found and checked by resource_token_hash. */
  resource_token: string;
  resource_token_hash: string;
  processing_fee: number | null;
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
  selected_method: Generated<'card' | 'sepa_direct_debit' | null>;
  card_scheme: Generated<string | null>;
  card_last4: Generated<string | null>;
  /** Keyed digests of the buyer's e-mail and names (payments/buyer-digests.ts), to be found by. */
  buyer_digests: string[];
  stored_credential: Generated<string | null>;
  succeeded_at: Generated<Date | null>;
  verified_iban: Generated<string | null>;
  account_holder: Generated<string | null>;
  account_type: Generated<'consumer' | 'business' | null>;
  mandate: Generated<Record<string, unknown> | null>;
  initial_payment_id: Generated<string | null>;
  /** The open authorization attempt's processor reference; null when none is open. */
  authorization_reference: Generated<string | null>;
  authorization_started_at: Generated<Date | null>;
  authorization_request: Generated<Record<string, unknown> | null>;
  account_verification_url: Generated<string | null>;
  /** The partner that took the payment (src/processor/registry.ts), set when its first authorization begins. */
  processor: Generated<ProcessorName | null>;
  /** The partner's reference of the payment's authorization or collection, for every later call about it. */
  processor_reference: Generated<string | null>;
  /** Why a declined payment was declined: the acquirer's reason, or the page's fee rule. */
  decline_reason: Generated<string | null>;
}

export interface DataPassesTable {
  name: string;
  done_at: Date;
}

export interface TransfersTable {
  id: string;
  environment: Environment;
  platform_id: string;
  payment_id: string;
  position: number;
  account_id: string;
  amount_minor: number;
  fee_minor: number;
  currency: string;
  reference: string | null;
  created_at: Date;
  /** Set when the account's payout takes the transfer; until then a refund reduces the transfer. */
  payout_id: Generated<string | null>;
  /** What refunds took back from the creditor after the payout started. */
  returned_minor: Generated<number>;
  /** A failed refund's reversal: what that refund had taken off the party's transfer, paid out again; null for the routing party's own transfer. */
  reverses_refund_id: Generated<string | null>;
}

export interface PayoutsTable {
  id: string;
  environment: Environment;
  platform_id: string;
  account_id: string;
  currency: string;
  amount_minor: number;
  status: 'in_transit' | 'paid' | 'failed';
  created_at: Date;
  completed_at: Date | null;
  processor_reference: Generated<string | null>;
  failure_reason: Generated<string | null>;
}

export interface PayoutFilesTable {
  id: string;
  environment: Environment;
  created_at: Date;
  payout_count: number;
  control_sum_minor: number;
  currency: string;
  /** The XML, sealed at rest; null until written. */
  content: string | null;
  written_at: Date | null;
}

export interface PayoutFileItemsTable {
  payout_id: string;
  file_id: string;
  amount_minor: number;
  currency: string;
  creditor_name: string;
  creditor_iban: string;
  remittance: string;
}

export interface PlatformPayoutAccountsTable {
  platform_id: string;
  environment: Environment;
  iban: string;
  owner_name: string;
  currency: string;
  refused: string | null;
  updated_at: Date;
}

export interface BankStatementsTable {
  id: string;
  digest: string;
  statement_key: string;
  source: 'api' | 'cli' | 'directory';
  imported_at: Date;
  entries: number;
  outcomes: number;
  exceptions: number;
}

export interface BankStatementEntriesTable {
  entry_key: string;
  statement_id: string;
  payout_id: string | null;
  outcome: 'paid' | 'returned' | 'exception';
}

export interface BankStatementExceptionsTable {
  id: string;
  statement_id: string;
  entry_key: string;
  reason: ExceptionReason;
  end_to_end_id: string | null;
  amount_minor: number;
  currency: string;
  credit_debit: 'CRDT' | 'DBIT';
  booking_date: string | null;
  details: Record<string, unknown>;
  created_at: Date;
}

export interface RefundsTable {
  id: string;
  environment: Environment;
  platform_id: string;
  payment_id: string;
  origin: 'platform' | 'buyer';
  amount_minor: number;
  currency: string;
  description: string | null;
  reference: string | null;
  webhook_url: string | null;
  status: 'initiated' | 'completed' | 'failed';
  created_at: Date;
  completed_at: Date | null;
  processor_reference: Generated<string | null>;
  failure_reason: Generated<string | null>;
}

export interface RefundPartsTable {
  refund_id: string;
  position: number;
  account_id: string;
  amount_minor: number;
  fee_returned: number;
  from_creditor: boolean;
  /** The payout a part from_creditor was received back from; null otherwise (and for parts older than the column). */
  payout_id: Generated<string | null>;
}

/** What a refund part drew from a reversal transfer of its party: net money, and fee off it while it waited. */
export interface RefundDrawsTable {
  refund_id: string;
  position: number;
  transfer_id: string;
  amount_minor: number;
  fee_minor: number;
  from_creditor: boolean;
  payout_id: string | null;
}

export type LedgerEntryKind = 'capture' | 'fee' | 'transfer' | 'payout' | 'refund' | 'fee_return' | 'transfer_reversal' | 'return_from_creditor' | 'refund_failed' | 'payout_failed';

export interface LedgerEntriesTable {
  id: Generated<number>;
  environment: Environment;
  platform_id: string;
  kind: LedgerEntryKind;
  currency: string;
  payment_id: string | null;
  refund_id: string | null;
  payout_id: string | null;
  transfer_id: string | null;
  created_at: Date;
}

export interface LedgerLinesTable {
  entry_id: number;
  environment: Environment;
  platform_id: string;
  currency: string;
  account: string;
  amount_minor: number;
}

export interface PlatformClocksTable {
  platform_id: string;
  offset_ms: number;
}

/** Which fault the sandbox injected into a webhook delivery or attempt on purpose. */
export type InjectedFault = 'duplicate' | 'reordered' | 'delayed';

export interface WebhookFaultsTable {
  platform_id: string;
  duplicate_ratio: number;
  reorder_ratio: number;
  reorder_window_seconds: number;
  delay_ratio: number;
  delay_seconds: number;
  updated_at: Date;
}

export interface ScheduledJobsTable {
  id: Generated<number>;
  environment: Environment;
  /** Whose sandbox clock it is due on (null: no platform's, real time); live jobs run on real time whatever it says. */
  platform_id: string | null;
  kind: string;
  subject_id: string;
  /** When it falls due on its clock. */
  due_at: Date;
  /** The same moment in real time: set by the database from due_at (migration 0028_platform_clocks), moved by an advance. */
  real_due_at: Generated<Date>;
  state: 'pending' | 'done';
  created_at: Date;
  done_at: Date | null;
}

export interface CardTokensTable {
  id: string;
  payment_id: string;
  /** Our vault: the card's details (CardDetails), sealed; erased once an authorization's answer is recorded or the token expired. */
  card_details: CardDetails | null;
  scheme: string;
  last4: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface ProcessorNotificationsTable {
  id: string;
  processor: PartnerName;
  event_key: string;
  notification: ProcessorNotification;
  received_at: Date;
  applied_at: Date | null;
  result: 'applied' | 'unknown' | 'final' | null;
}

export interface ChargebacksTable {
  id: string;
  environment: Environment;
  platform_id: string;
  payment_id: string;
  processor: ProcessorName;
  processor_reference: string;
  stage: 'notified' | 'charged_back';
  amount_minor: number;
  currency: string;
  reason: string | null;
  refund_id: string | null;
  created_at: Date;
}

export interface ThreeDsChallengesTable {
  /** The reference of the challenged authorization (its attempt's). */
  id: string;
  payment_id: string;
  processor_reference: string;
  processor_data: ProcessorData | null;
  scheme: string;
  last4: string;
  /** The digest of the token the 3-D Secure server calls back with. */
  svc_token_hash: string;
  state: 'pending' | 'answered' | 'superseded';
  created_at: Date;
  /** The buyer's action when it is a form post (URL and fields), which our page posts for the buyer; null for a link. */
  action: Generated<BuyerAction | null>;
}

export interface AccountVerificationResultsTable {
  payment_id: string;
  result_id: string;
  created_at: Date;
}

export interface PaymentPartiesTable {
  payment_id: string;
  position: number;
  party_type: 'platform' | 'merchant' | 'seller';
  account_id: string;
  reference: string | null;
  amount_minor: number;
  fee_contribution: number;
  fee_share: number | null;
  refundable_amount: number;
}

export interface ApplicationsTable {
  id: string;
  environment: Environment;
  platform_id: string;
  merchant_id: string;
  reference: string | null;
  status: 'initiated' | 'in_progress' | 'submitted' | 'succeeded' | 'action_required';
  language: string;
  currencies: string[];
  redirect_url: string | null;
  webhook_url: string | null;
  applicant: Record<string, unknown>;
  applicant_details: Record<string, unknown> | null;
  business_prefill: Record<string, unknown> | null;
  business_type: Record<string, unknown> | null;
  business_profile: Record<string, unknown> | null;
  payout_account: Record<string, unknown> | null;
  /** The bank's return reason for the payout account (AC04…), until the account changes. */
  payout_account_refused: Generated<string | null>;
  applicant_confirmed_at: Date | null;
  representatives_confirmed_at: Date | null;
  started_at: Date | null;
  submitted_at: Date | null;
  /** When compliance decided (succeeded or action_required). */
  decided_at: Generated<Date | null>;
  created_at: Date;
  updated_at: Date;
}

export interface ApplicationDocumentsTable {
  id: string;
  application_id: string;
  type: string;
  side: 'front' | 'back' | null;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  blob_key: string;
  created_at: Date;
}

export interface OnboardingTokensTable {
  token_hash: string;
  application_id: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface RepresentativesTable {
  id: string;
  application_id: string;
  status: string;
  details: Record<string, unknown>;
  created_at: Date;
}

export type DashboardRole = 'admin' | 'developer' | 'viewer';

export interface DashboardUsersTable {
  id: string;
  platform_id: string;
  /** Sealed at rest; found by email_digest (unique per platform). */
  email: string;
  /** Null only for a row written before migration 0020, until the next start digests it. */
  email_digest: string | null;
  role: DashboardRole;
  password_hash: string | null;
  setup_token_digest: string | null;
  setup_expires_at: Date | null;
  created_at: Date;
}

export interface DashboardSessionsTable {
  digest: string;
  user_id: string;
  csrf_token: string;
  environment: Environment;
  created_at: Date;
  expires_at: Date;
}

export interface DashboardSignInsTable {
  id: Generated<number>;
  /** Sealed at rest, as the address; the limits count them by their digests. */
  email: string;
  address: string;
  email_digest: string | null;
  address_digest: string | null;
  user_id: string | null;
  /** Null while the attempt is reserved and its password being checked. */
  succeeded: boolean | null;
  attempted_at: Date;
}

export interface Tables {
  platforms: PlatformsTable;
  accounts: AccountsTable;
  account_branding: AccountBrandingTable;
  clients: ClientsTable;
  signing_keys: SigningKeysTable;
  server_secrets: ServerSecretsTable;
  idempotency_keys: IdempotencyKeysTable;
  documents: DocumentsTable;
  webhook_secrets: WebhookSecretsTable;
  events: EventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  fee_schedules: FeeSchedulesTable;
  payments: PaymentsTable;
  payment_parties: PaymentPartiesTable;
  card_tokens: CardTokensTable;
  processor_notifications: ProcessorNotificationsTable;
  three_ds_challenges: ThreeDsChallengesTable;
  account_verification_results: AccountVerificationResultsTable;
  applications: ApplicationsTable;
  onboarding_tokens: OnboardingTokensTable;
  representatives: RepresentativesTable;
  application_documents: ApplicationDocumentsTable;
  scheduled_jobs: ScheduledJobsTable;
  data_passes: DataPassesTable;
  transfers: TransfersTable;
  payouts: PayoutsTable;
  payout_files: PayoutFilesTable;
  payout_file_items: PayoutFileItemsTable;
  platform_payout_accounts: PlatformPayoutAccountsTable;
  bank_statements: BankStatementsTable;
  bank_statement_entries: BankStatementEntriesTable;
  bank_statement_exceptions: BankStatementExceptionsTable;
  refunds: RefundsTable;
  refund_parts: RefundPartsTable;
  refund_draws: RefundDrawsTable;
  chargebacks: ChargebacksTable;
  ledger_entries: LedgerEntriesTable;
  ledger_lines: LedgerLinesTable;
  platform_clocks: PlatformClocksTable;
  webhook_faults: WebhookFaultsTable;
  dashboard_users: DashboardUsersTable;
  dashboard_sessions: DashboardSessionsTable;
  dashboard_sign_ins: DashboardSignInsTable;
}

/** The database or a transaction: repositories take either, so services can compose writes. */
export type Db = Kysely<Tables> | Transaction<Tables>;

export interface Database {
  /** Reads and writes the sealed columns in clear (SealingPlugin). */
  db: Kysely<Tables>;
  cipher: Cipher;
  /** The encryption key made at this start, to be shown once. */
  generatedKey?: OpenedCipher['generated'];
  kind: 'pglite' | 'postgres';
  /**
   * Calls onNotify for every NOTIFY on the channel (sent by any process, delivered at commit).
   * Answers a function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * Whether the database refused a statement's data (SQLSTATE class 22, data exception, or 23,
 * integrity constraint violation) rather than the statement itself or the connection.
 */
export function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^2[23]/.test(code);
}

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 7_340_017; // pg_advisory_lock key shared by every process of this service

/** int8 values are money and counters within the safe-integer range; parse them as numbers. */
function parseInt8(value: string): number {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) throw new Error(`int8 value ${value} is outside the safe-integer range`);
  return parsed;
}

/** How this process reaches the PostgreSQL server: which of DATABASE_URL's servers, with which settings. */
interface ServerConnections {
  selector: ServerSelector;
  settings: pg.ClientConfig;
}

function serverConnections(url: string, config: Config): ServerConnections {
  const schema = config.databaseSchema;
  return {
    selector: new ServerSelector(parseDatabaseUrl(url)),
    settings: {
      // A server that vanished without closing its connections (a machine down, a network cut) is noticed by TCP.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: config.databaseConnectTimeoutSeconds * 1000,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    },
  };
}

function postgresPool({ selector, settings }: ServerConnections): pg.Pool {
  const pool = new pg.Pool({
    ...settings,
    Client: selector.Client,
    max: 20,
    // Idle connections stay open five minutes, not pg's ten seconds: after a lull, a burst would
    // otherwise wait for connections opened again and their statements prepared again
    // (bench:lifecycle: a round's first 50 payments took 0.3–0.7 s, 0.04–0.2 s with them kept).
    idleTimeoutMillis: 5 * 60_000,
    // A connection's prepared statements keep the plans made when they were first run: a busy
    // connection lives on while its tables grow, so it is replaced every ten minutes, its plans made
    // again for the tables as they are (with autovacuum off, nothing else makes them again).
    maxLifetimeSeconds: 600,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === 20 ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server dropped (a restart, a failover) is discarded by the pool and the
  // next query opens another; unlistened, the error would end the process.
  pool.on('error', () => undefined);
  return pool;
}

/** Named statements per connection (see PreparingPool), and statement texts whose names are kept. */
export const MOST_PREPARED = 200;
const MOST_NAMES = 10_000;

/**
 * pg's pool as Kysely's, with every parameterised statement named: each connection parses and plans
 * a statement once, then only binds and executes it (one message fewer per query, no planning).
 * A statement whose result type a later migration changed (another process's, during a rolling
 * deploy) is prepared again under a new name; outside a transaction the query is retried at once.
 * A connection that broke while checked out (the server restarted, failed over, went away) goes
 * back to the pool with its error, so the pool closes it instead of handing it out again.
 */
export class PreparingPool implements PostgresPool {
  private readonly names = new Map<string, string>();
  private readonly generations = new Map<string, number>();
  /** The statements prepared on each connection, least recently used first. */
  private readonly prepared = new WeakMap<pg.PoolClient, Map<string, string>>();

  /**
   * `checkout` takes a connection from the pool (trying each server in turn, when there are several).
   * `named` false sends every statement unnamed: through a pooler in transaction mode, a named
   * statement prepared on one server connection would be looked for on another.
   */
  constructor(
    private readonly pool: pg.Pool,
    private readonly checkout: () => Promise<pg.PoolClient> = () => pool.connect(),
    private readonly named = true,
  ) {}

  private nameOf(text: string): string {
    let name = this.names.get(text);
    if (!name) {
      name = `k${createHash('sha1').update(text).digest('base64url')}_${this.generations.get(text) ?? 0}`;
      if (this.names.size >= MOST_NAMES) this.names.clear();
      this.names.set(text, name);
    }
    return name;
  }

  /**
   * Counts `name` as used on the connection; past MOST_PREPARED statements, the least recently used
   * ones are deallocated first (queued before the statement that needs the room). Texts that differ
   * with their values (an `in` list's length) would otherwise prepare statements without end.
   */
  private prepareRoom(client: pg.PoolClient, name: string, text: string): void {
    let prepared = this.prepared.get(client);
    if (!prepared) this.prepared.set(client, (prepared = new Map()));
    const known = prepared.delete(name);
    prepared.set(name, text);
    if (known) return;
    // pg skips the parse of a name it saw parsed on this connection: forgotten now, a later use is queued after the DEALLOCATE.
    const parsed = (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements;
    while (prepared.size > MOST_PREPARED) {
      const [oldest, oldestText] = prepared.entries().next().value!;
      prepared.delete(oldest);
      // Never parsed (statements sent together after one that failed are skipped): nothing to deallocate.
      if (!(oldest in parsed)) continue;
      delete parsed[oldest];
      client.query(`DEALLOCATE ${pg.escapeIdentifier(oldest)}`).catch((error: unknown) => {
        // Refused in a failed transaction: still prepared on the server, so still known (deallocated when room is next needed).
        if ((error as { code?: string }).code !== '25P02') return;
        if (!prepared.has(oldest)) prepared.set(oldest, oldestText);
        parsed[oldest] ??= oldestText;
      });
    }
  }

  /** The name `text` is prepared under on this connection, counted as used there (prepareRoom). */
  private usedName(client: pg.PoolClient, text: string): string {
    const name = this.nameOf(text);
    this.prepareRoom(client, name, text);
    return name;
  }

  private runNamed(client: pg.PoolClient, text: string, values: unknown[]) {
    return client.query({ name: this.usedName(client, text), text, values });
  }

  private async run(client: pg.PoolClient, text: string, values: unknown[]) {
    try {
      return await this.runNamed(client, text, values);
    } catch (error) {
      if (!isCachedPlanChanged(error)) throw error;
      this.renameAfterChange(text);
      return this.runNamed(client, text, values).catch(() => Promise.reject(error));
    }
  }

  /** The next statements of this text are prepared under a new name: the plan prepared under its name no longer fits (its result's type changed). */
  private renameAfterChange(text: string): void {
    this.generations.set(text, (this.generations.get(text) ?? 0) + 1);
    this.names.delete(text);
  }

  /**
   * Statements sent together (sentTogether) in one round trip, each parameterised one prepared (as
   * runNamed prepares it alone). When a plan no longer fits, the batch fails (its transaction is
   * aborted, it cannot be retried inside it): its statements are renamed for the next time.
   */
  private async runTogether(client: pg.PoolClient, text: string, together: Together) {
    const statements = together.statements.map(({ sql, parameters }) =>
      !this.named || parameters.length === 0 ? { text: sql, values: parameters } : { text: sql, values: parameters, name: this.usedName(client, sql) },
    );
    try {
      return await new Pipelined(text, statements).sentOn(client);
    } catch (error) {
      if (isCachedPlanChanged(error)) for (const statement of statements) if (statement.name) this.renameAfterChange(statement.text);
      throw error;
    }
  }

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.checkout();
    let broken: Error | undefined;
    const onError = (error: Error) => (broken ??= error);
    client.on('error', onError);
    const noticing = <T>(result: Promise<T>) =>
      result.catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) broken ??= error as Error;
        throw error;
      });
    const query = async (text: unknown, parameters?: readonly unknown[]) => {
      const together = togetherIn(parameters);
      if (together) {
        const results = await noticing(this.runTogether(client, text as string, together));
        return answerOfTogether(Array.isArray(results) ? results : [results], together);
      }
      return noticing(this.named && typeof text === 'string' && parameters && parameters.length > 0 ? this.run(client, text, [...parameters]) : client.query(text as string, parameters as unknown[]));
    };
    return {
      query: query as unknown as PostgresPoolClient['query'],
      release: () => {
        client.off('error', onError);
        client.release(broken);
      },
    };
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}

/** A prepared statement's plan no longer fits: its result's type changed (a migration), PostgreSQL refuses to run it. */
function isCachedPlanChanged(error: unknown): boolean {
  return (error as { code?: string }).code === '0A000' && /cached plan/.test(String((error as Error).message));
}

async function embeddedDatabase(config: Config, inMemory: boolean): Promise<PGlite> {
  if (inMemory) return PGlite.create();
  const dir = path.join(config.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  return PGlite.create(dir);
}

/**
 * LISTEN on a dedicated server connection (to a server chosen as the pool's are). When the
 * connection drops it is opened again, every second until a server answers (an outage may last
 * longer than one try).
 */
async function listenOnServer(server: ServerConnections, channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  // Not unref'd: a process that only listens (npm run worker) would otherwise end while the server is away.
  const reconnectSoon = () => {
    if (!stopped) retry = setTimeout(() => void connect().catch(reconnectSoon), 1000);
  };
  const connect = async (): Promise<void> => {
    const next = await server.selector.connect(server.settings);
    if (stopped) return void (await next.end());
    let lost = false;
    const drop = () => {
      if (lost) return;
      lost = true;
      void next.end().catch(() => undefined);
      reconnectSoon();
    };
    next.on('notification', (message) => message.channel === channel && onNotify(message.payload ?? ''));
    try {
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      void next.end().catch(() => undefined);
      throw error;
    }
    next.on('error', drop);
    next.on('end', () => stopped || drop());
    client = next;
    onNotify(''); // anything written while not listening is picked up now
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

export interface OpenOptions {
  /** Embedded database kept in memory only (tests). */
  inMemory?: boolean;
}

/** Kysely over a pool of the server's connections (all statements unnamed when `pooled`, see PreparingPool). */
function postgresDatabase(server: ServerConnections, pooled: boolean): Kysely<Tables> {
  const pool = postgresPool(server);
  const checkout = () => server.selector.firstAccepting(() => pool.connect());
  return new Kysely<Tables>({ dialect: new PostgresDialect({ pool: new PreparingPool(pool, checkout, !pooled) }) });
}

/** The migrations, on a direct connection: their advisory lock is held across transactions, which a pooler in transaction mode would not keep. */
async function migrateDirectly(direct: ServerConnections): Promise<void> {
  const db = postgresDatabase(direct, false);
  try {
    await migrate(db);
  } finally {
    await db.destroy();
  }
}

export async function openDatabase(config: Config, options: OpenOptions = {}): Promise<Database> {
  if (config.databaseUrl) {
    // DATABASE_DIRECT_URL set apart: DATABASE_URL is a pooler in transaction mode (no session of one's own).
    const pooled = config.databaseDirectUrl !== undefined && config.databaseDirectUrl !== config.databaseUrl;
    const server = serverConnections(config.databaseUrl, config);
    const direct = pooled ? serverConnections(config.databaseDirectUrl!, config) : server;
    if (config.databaseSchema) await ensureSchema(direct, config.databaseSchema);
    await migrateDirectly(direct);
    const db = postgresDatabase(server, pooled);
    const sealed = await sealing(db, config).catch(async (error: unknown) => {
      await db.destroy();
      throw error;
    });
    return { ...sealed, kind: 'postgres', listen: (channel, onNotify) => listenOnServer(direct, channel, onNotify), close: () => db.destroy() };
  }
  const inMemory = options.inMemory ?? false;
  const unlock = inMemory ? async () => undefined : await lockDataDir(await dataDirOf(config));
  try {
    const pglite = await embeddedDatabase(config, inMemory);
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }) });
    await migrate(db);
    return {
      ...(await sealing(db, config)),
      kind: 'pglite',
      async listen(channel, onNotify) {
        const unsubscribe = await pglite.listen(channel, onNotify);
        return () => unsubscribe();
      },
      async close() {
        await db.destroy();
        await unlock();
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}

async function sealing(db: Kysely<Tables>, config: Config): Promise<Pick<Database, 'db' | 'cipher' | 'generatedKey'>> {
  const { cipher, generated } = await openCipher(db, config.encryption);
  return { db: db.withPlugin(new SealingPlugin(cipher)), cipher, generatedKey: generated };
}

async function dataDirOf(config: Config): Promise<string> {
  await mkdir(config.dataDir, { recursive: true });
  return config.dataDir;
}

async function ensureSchema(server: ServerConnections, schema: string): Promise<void> {
  const client = await server.selector.connect(server.settings);
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${pg.escapeIdentifier(schema)}`);
  } catch (error) {
    // Two processes creating the same schema at once: the loser sees a unique violation.
    if ((error as { code?: string }).code !== '23505') throw error;
  } finally {
    await client.end();
  }
}

/** Applies every numbered migration not yet applied (up to `until`'s version, if given), under a lock so processes can start together. */
export async function migrate(db: Kysely<Tables>, until?: string): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d{4}_.+\.sql$/.test(name) && (until === undefined || name.slice(0, 4) <= until)).sort();
  return db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`.execute(connection);
    try {
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(connection);
      const applied = new Set(
        (await sql<{ version: string }>`SELECT version FROM schema_migrations`.execute(connection)).rows.map((row) => row.version),
      );
      const pending = files.filter((file) => !applied.has(file));
      for (const file of pending) {
        const text = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
        await connection.transaction().execute(async (trx) => {
          for (const statement of splitStatements(text)) await sql.raw(statement).execute(trx);
          await sql`INSERT INTO schema_migrations (version) VALUES (${file})`.execute(trx);
        });
      }
      return pending;
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.execute(connection);
    }
  });
}

/**
 * Splits a migration into statements at semicolons that end a line. Migrations keep to that
 * layout (no function bodies with inner semicolons at line ends), so both drivers can run them
 * through the extended protocol one statement at a time.
 */
function splitStatements(text: string): string[] {
  return text
    .split(/;\s*$/m)
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter((statement) => statement.length > 0);
}
