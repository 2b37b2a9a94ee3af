import { Ajv } from 'ajv';
import type { Kysely } from 'kysely';
import { PaymentsApiError, PaymentsClient, PaymentsConnectionError } from '../../../packages/client/src/index.js';
import type { TokenService } from '../../auth/service.js';
import { ALL_SCOPES, type Caller } from '../../core/auth.js';
import type { Config } from '../../core/config.js';
import type { Tables } from '../../core/db.js';
import { ApiError, fieldErrors, notFound, type FieldError } from '../../core/errors.js';
import { AJV_FORMATS } from '../../core/formats.js';
import { WebhookFaultsInput, type WebhookFaults } from '../../events/schemas.js';
import type { WebhookFaultService } from '../../events/service.js';
import { addSeconds } from '../../core/time.js';
import type { PayoutService } from '../../payouts/service.js';
import { SCENARIOS, ScenarioFailure } from '../../sandbox/scenarios.js';
import type { SandboxService } from '../../sandbox/service.js';
import type { SandboxShortcuts } from '../../sandbox/shortcuts.js';
import type { RefundService } from '../../refunds/service.js';
import type { Shortcut, ShortcutObject } from './next.js';
import * as repo from './repository.js';

const validateFaults = new Ajv({ allErrors: true, strict: false, coerceTypes: false, formats: AJV_FORMATS }).compile(WebhookFaultsInput);

/** The faults form's fields as numbers (a field left empty: 0); what is not a number stays text, for the schema to refuse. */
function faultsOf(form: Record<keyof WebhookFaults, string>): Record<string, number | string> {
  return Object.fromEntries(Object.entries(form).map(([name, text]) => [name, text.trim() === '' ? 0 : Number.isFinite(Number(text)) ? Number(text) : text]));
}

/** How long the token a scenario runs with lives: longer than any scenario takes, short enough not to matter if it leaked. */
const SCENARIO_TOKEN_SECONDS = 300;

/** An object a scenario created or changed, as it last reported it. */
export interface Touched {
  object: string;
  id: string;
  status: string;
  detail?: string;
}

/** What a scenario run left: every object it touched, and why it stopped early if it did. */
export interface ScenarioOutcome {
  scenario: string;
  touched: Touched[];
  error?: string;
}

/**
 * The sandbox's controls: its clock (through the API's SandboxService), a preview of what moving
 * it would run (the tenant's scheduled work, from the jobs' and deliveries' tables), payouts run now
 * (the API's PayoutService.runNow) and the CLI's scenarios, run as the platform's sandbox API client would.
 */
export class DashboardSandbox {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly config: Pick<Config, 'baseUrl'>,
    private readonly services: { sandbox: SandboxService; payouts: PayoutService; tokens: TokenService; shortcuts: SandboxShortcuts; refunds: RefundService; webhookFaults: WebhookFaultService },
  ) {}

  /** The sandbox's controls are not found in live, as the API's are not. */
  sandboxOnly(caller: Caller): void {
    if (caller.environment !== 'sandbox') throw notFound('Page');
  }

  /**
   * A shortcut of an object's page, through the API's own /simulations/… call; answers the payment
   * whose page shows the object (a refund's payment).
   */
  async shortcut(caller: Caller, object: ShortcutObject, id: string, shortcut: Shortcut): Promise<{ paymentId: string; id: string; status: string }> {
    this.sandboxOnly(caller);
    const { shortcuts, refunds } = this.services;
    if (object === 'refunds') {
      const refund = shortcut === 'complete' ? await refunds.completeNow(caller, id) : await shortcuts.failRefund(caller, id);
      return { paymentId: refund.payment_id, id, status: refund.status };
    }
    const payment = shortcut === 'expire' ? await shortcuts.expirePayment(caller, id) : await shortcuts.reportCollection(caller, id, shortcut === 'settle' ? 'succeeded' : 'failed');
    return { paymentId: payment.id, id, status: payment.status };
  }

  /** The clock as GET /simulations/clock shows it, and how far it is ahead of real time. */
  clock(caller: Caller) {
    this.sandboxOnly(caller);
    return { now: new Date(this.services.sandbox.clockTime(caller).now), aheadSeconds: this.services.sandbox.clockAheadSeconds(caller) };
  }

  /** What of the tenant's scheduled work would run if the clock moved `seconds` forward now. */
  async preview(caller: Caller, seconds: number) {
    const { now } = this.clock(caller);
    const until = addSeconds(now, seconds);
    return { now, until, seconds, due: await repo.dueUntil(this.db, caller, until) };
  }

  /** The same call as POST /simulations/clock/advance: moves the platform's own clock (no other's), runs what came due. */
  advance(caller: Caller, seconds: number) {
    this.sandboxOnly(caller);
    return this.services.sandbox.advanceClock(caller, seconds);
  }

  /** The platform's webhook faults, as GET /simulations/webhook-faults shows them. */
  faults(caller: Caller): Promise<WebhookFaults> {
    this.sandboxOnly(caller);
    return this.services.webhookFaults.get(caller);
  }

  /** The same call as PUT /simulations/webhook-faults, with the form's fields; answers the errors that kept it from saving. */
  async saveFaults(caller: Caller, form: Record<keyof WebhookFaults, string>): Promise<FieldError[]> {
    this.sandboxOnly(caller);
    const faults = faultsOf(form);
    if (!validateFaults(faults)) return fieldErrors(validateFaults.errors ?? []);
    try {
      await this.services.webhookFaults.put(caller, faults);
      return [];
    } catch (error) {
      if (error instanceof ApiError && error.options.errors) return error.options.errors;
      throw error;
    }
  }

  /** The same call as POST /simulations/payouts/run: the platform's due transfers paid out now. */
  async runPayouts(caller: Caller) {
    this.sandboxOnly(caller);
    return (await this.services.payouts.runNow(caller)).data;
  }

  /**
   * Runs the scenario as the platform's sandbox API client would: the typed client against this
   * server's own base URL, with a token minted for the platform's sandbox (no client secret made
   * or stored), living a few minutes. Reports the last status of every object it touched.
   */
  async trigger(caller: Caller, subject: string, name: string): Promise<ScenarioOutcome> {
    this.sandboxOnly(caller);
    const scenario = SCENARIOS[name];
    if (!scenario) throw notFound(`Scenario ${name}`);
    const accessToken = await this.services.tokens.mint({ platformId: caller.platformId, environment: 'sandbox', subject, scopes: ALL_SCOPES, ttlSeconds: SCENARIO_TOKEN_SECONDS });
    const client = new PaymentsClient({ baseUrl: this.config.baseUrl, environment: 'sandbox', accessToken });
    const touched = new Map<string, Touched>();
    const created = (object: string, id: string, status: string, detail?: string) => {
      const key = `${object}:${id}`;
      touched.set(key, { object, id, status, detail: detail ?? touched.get(key)?.detail });
    };
    try {
      await scenario.run({ client, created });
      return { scenario: name, touched: [...touched.values()] };
    } catch (error) {
      if (!(error instanceof ScenarioFailure || error instanceof PaymentsApiError || error instanceof PaymentsConnectionError)) throw error;
      return { scenario: name, touched: [...touched.values()], error: error.message };
    }
  }
}
