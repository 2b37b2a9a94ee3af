import { setImmediate as nextTurn, setTimeout as delay } from 'node:timers/promises';
import pino from 'pino';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import { Ajv, type Options as AjvOptions, type ValidateFunction } from 'ajv';
import type { Config, Environment, HttpLimits } from './core/config.js';
import { openDatabase, type Database } from './core/db.js';
import { EnvironmentClock, systemClock, type Clock } from './core/clock.js';
import { AJV_FORMATS, SERIALIZER_OPTIONS } from './core/formats.js';
import { clientErrorHandler, frameworkErrors, installErrorHandling, textErrors } from './core/errors.js';
import { requirePlatformToken } from './core/auth.js';
import { installJsonParser } from './core/json-body.js';
import { idempotency } from './core/idempotency.js';
import { byAddress, rateLimit, RateLimiter } from './core/rate-limit.js';
import { limitConnectionsPerAddress } from './core/connections.js';
import { Pager } from './core/pagination.js';
import { newTraceId } from './core/ids.js';
import { sharedSecret } from './core/secrets.js';
import { StopProgress } from './core/shutdown.js';
import { bodyRuleErrors } from './core/body-rules.js';
import { redactSecrets } from './core/log-redaction.js';
import { ClientService, KeyStore, TokenService } from './auth/service.js';
import { authRoutes } from './auth/routes.js';
import { AccountService } from './accounts/service.js';
import { accountRoutes } from './accounts/routes.js';
import { brandingRoutes, logoRoutes } from './branding/routes.js';
import { BrandingService } from './branding/service.js';
import { DocumentService } from './documents/service.js';
import { documentRoutes } from './documents/routes.js';
import { blobStoreFor } from './documents/blob-store.js';
import { sealDocumentsOnce } from './documents/sealing.js';
import { Outbox } from './events/outbox.js';
import { EventService, WebhookFaultService, WebhookSecretService } from './events/service.js';
import { WebhookFaultSettings } from './events/fault-settings.js';
import { eventRoutes } from './events/routes.js';
import { DeliveryWorker } from './events/worker.js';
import { EventStreams } from './events/stream.js';
import { HttpSender, type Sender } from './events/sender.js';
import { PAYMENT_EXPIRY_JOB, PaymentService } from './payments/service.js';
import { FeeSchedules } from './payments/fee-schedules.js';
import { paymentRoutes } from './payments/routes.js';
import { HostedPaymentPageService } from './hosted-payment-page/service.js';
import { PaymentOutcomes } from './payments/outcomes.js';
import { outcomeChanges, paymentChanges } from './payments/repository.js';
import { refundChanges } from './refunds/repository.js';
import { ATTEMPT_RECOVERY_JOB, PaymentAttempts } from './payments/attempts.js';
import { JobRunner } from './core/jobs.js';
import { StatisticsKeeper } from './core/statistics.js';
import { hostedPaymentPageRoutes } from './hosted-payment-page/routes.js';
import { CARD_TOKEN_EXPIRY_JOB, eraseExpiredCard } from './hosted-payment-page/repository.js';
import type { ScryptSettings } from './core/scrypt.js';
import { simulatorRoutes } from './processor/simulator/routes.js';
import { simulatorAdapter } from './processor/simulator/index.js';
import { adyenAdapter } from './processor/adyen/adapter.js';
import { Processors, usedProcessor } from './processor/registry.js';
import { Chargebacks } from './chargebacks/service.js';
import { NotificationInbox, NOTIFICATION_JOB } from './processor/inbox.js';
import { processorNotificationRoutes } from './processor/routes.js';
import { sepaFileAdapter } from './processor/sepa-file/index.js';
import { operatorPayoutRoutes } from './processor/sepa-file/routes.js';
import { webRoutes } from './web/routes.js';
import { installMetrics, startMetricsListener } from './operations/metrics.js';
import { installBacklogMetrics } from './operations/backlog-metrics.js';
import { installOpenApi } from './operations/openapi.js';
import { docsRoutes } from './operations/docs.js';
import { operationsRoutes } from './operations/routes.js';
import { referenceRoutes } from './reference/routes.js';
import { ApplicationService } from './onboarding/service.js';
import { ApplicantService } from './onboarding/applicant-service.js';
import { applicationRoutes } from './onboarding/routes.js';
import { applicantRoutes } from './onboarding/applicant-routes.js';
import { Compliance, COMPLIANCE_DECISION_JOB } from './onboarding/compliance.js';
import { onboardingSimulationRoutes } from './onboarding/simulation-routes.js';
import { PayoutService, PAYOUT_CUTOFF_JOB, PAYOUT_SEND_JOB } from './payouts/service.js';
import { Housekeeping, HOUSEKEEPING_JOB } from './operations/housekeeping.js';
import { payoutRoutes } from './payouts/routes.js';
import { PlatformPayoutAccounts } from './payouts/platform-account.js';
import { RefundService, REFUND_SEND_JOB } from './refunds/service.js';
import { refundRoutes } from './refunds/routes.js';
import { sandboxRoutes } from './sandbox/routes.js';
import { SandboxService } from './sandbox/service.js';
import { SandboxShortcuts } from './sandbox/shortcuts.js';
import { sandboxTestData } from './web/test-mode.js';
import { DashboardDevelopers, DashboardService, DashboardUsers } from './dashboard/service.js';
import { dashboardRoutes } from './dashboard/routes.js';
import type { DashboardArea } from './dashboard/kit.js';
import { payoutsArea } from './dashboard/payouts/routes.js';
import { DashboardPayouts } from './dashboard/payouts/service.js';
import { eventsArea } from './dashboard/events/routes.js';
import { DashboardEvents } from './dashboard/events/service.js';
import { merchantsArea } from './dashboard/merchants/routes.js';
import { DashboardMerchants } from './dashboard/merchants/service.js';
import { sandboxArea } from './dashboard/sandbox/routes.js';
import { DashboardSandbox } from './dashboard/sandbox/service.js';
import { brandingArea } from './dashboard/branding/routes.js';
import { DashboardBranding } from './dashboard/branding/service.js';
import { BuyerDigests, digestBuyersOnce } from './payments/buyer-digests.js';

export interface AppOptions {
  config: Config;
  clock?: Clock;
  /** An already open database; otherwise one is opened from the config. */
  database?: Database;
  /** pino options, or false to log nothing (tests). */
  logger?: boolean | Record<string, unknown>;
  /** How webhooks leave the process (tests may observe or replace it). */
  sender?: Sender;
  /** Cheaper scrypt settings for dashboard passwords than OWASP's, for tests only (they sign in often). */
  passwordSettings?: ScryptSettings;
}

export interface Services {
  clients: ClientService;
  tokens: TokenService;
  keys: KeyStore;
  accounts: AccountService;
  branding: BrandingService;
  documents: DocumentService;
  outbox: Outbox;
  events: EventService;
  webhookSecrets: WebhookSecretService;
  webhookFaults: WebhookFaultService;
  worker: DeliveryWorker;
  /** The event streams this process serves (GET /events/stream). */
  streams: EventStreams;
  payments: PaymentService;
  hpp: HostedPaymentPageService;
  applications: ApplicationService;
  applicant: ApplicantService;
  payouts: PayoutService;
  refunds: RefundService;
  jobs: JobRunner;
  dashboard: DashboardService;
  dashboardUsers: DashboardUsers;
  dashboardDevelopers: DashboardDevelopers;
}

export interface App {
  app: FastifyInstance;
  database: Database;
  services: Services;
  clock: Clock;
  /** The clock of each environment (sandbox: real time plus the advances made). */
  environmentClock: EnvironmentClock;
  /** Where the listener of METRICS_PORT serves /metrics (http://host:port), when there is one. */
  metricsUrl: string | undefined;
  /**
   * Stops gracefully: readiness answers 503 at once, requests are still served for the drain time,
   * then the listener closes and the requests in flight finish, while webhook delivery and the job
   * runner stop; then the database closes. `progress` names the parts still stopping.
   */
  close(progress?: StopProgress): Promise<void>;
}

function validatorCompilers() {
  const base: AjvOptions = { allErrors: true, strict: false, useDefaults: true, removeAdditional: false, formats: AJV_FORMATS };
  // Bodies are JSON with real types: "100" is not an amount. Query and path parameters are text.
  const body = new Ajv({ ...base, coerceTypes: false });
  const text = new Ajv({ ...base, coerceTypes: 'array' });
  return { body, text };
}

/**
 * A compiled schema that also refuses strings no text column can store (NUL, unpaired surrogates)
 * and, for a body, breaks the route's body rules: every bad field in one answer.
 */
function withProductRules(validate: ValidateFunction, body: boolean) {
  // Fastify passes the request as parent data only to a validator with Ajv's schemaEnv.
  const check = Object.assign(
    (...args: Parameters<ValidateFunction>) => {
      const valid = validate(...args);
      const rules = body ? bodyRuleErrors(args[0], args[1]?.parentData as FastifyRequest | undefined) : [];
      // Text errors first: for a field with both, theirs is the more precise (NUL rather than a format).
      const errors = [...textErrors(args[0]), ...(validate.errors ?? []), ...rules];
      check.errors = errors.length > 0 ? errors : null;
      return valid && errors.length === 0;
    },
    { errors: null as ValidateFunction['errors'], schemaEnv: validate.schemaEnv },
  );
  return check;
}

/** The logger of every process (API and background worker): no line carries a secret (core/log-redaction). */
function loggerOptions(config: Config, logger: AppOptions['logger']) {
  if (logger === false) return false;
  return {
    level: config.logLevel,
    hooks: { streamWrite: redactSecrets },
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, url: request.url, remoteAddress: request.ip }),
    },
    ...(typeof logger === 'object' ? logger : {}),
  };
}

/** A logger as the app's, for what a process logs before its app is built (waiting for the database). */
export function startingLogger(config: Config): pino.Logger {
  return pino(loggerOptions(config, true) as pino.LoggerOptions);
}

/** How often Node looks for requests past their header or request timeout (its default, 30 s, would let them run that much longer). */
const TIMEOUT_CHECK_MS = 1_000;

/** Fastify's and Node's options for the timeouts and header size of HTTP_* (src/core/config.ts). */
function httpTimeouts(limits: HttpLimits) {
  const requestTimeout = limits.requestTimeoutSeconds * 1000;
  return {
    requestTimeout,
    connectionTimeout: limits.connectionTimeoutSeconds * 1000,
    keepAliveTimeout: limits.keepAliveTimeoutSeconds * 1000,
    http: { requestTimeout, headersTimeout: limits.headersTimeoutSeconds * 1000, maxHeaderSize: limits.maxHeaderBytes, connectionsCheckingInterval: TIMEOUT_CHECK_MS },
  };
}

/** Browsers reach an https deployment over https only, for a year, its subdomains too (RFC 6797). */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Serves new requests for `drainMs`, then closes the listener and idle connections; answers once the requests in flight are done. */
async function closeHttp(app: FastifyInstance, drainMs: number): Promise<void> {
  if (app.server.listening) {
    await delay(drainMs);
    // A request whose bytes have arrived is read first (one turn of the event loop): its
    // connection is then busy, not idle, and the request is served instead of reset.
    await nextTurn();
    app.log.info('closing the listener and idle connections; finishing the requests in flight');
  }
  await app.close();
}

/**
 * Builds the app on the database given, else on one it opens. A start that fails (the database went
 * away during migrations, the key check or the jobs' scheduling) closes what it had opened, so that
 * it can be tried again (core/starting.ts).
 */
export async function buildApp(options: AppOptions): Promise<App> {
  const database = options.database ?? (await openDatabase(options.config));
  const opened: Array<() => Promise<unknown>> = options.database ? [] : [() => database.close()];
  try {
    return await assembleApp(options, database, opened);
  } catch (error) {
    for (const close of opened.reverse()) await close().catch(() => undefined);
    throw error;
  }
}

/** `opened` hears of each part that must be closed should a later step fail. */
async function assembleApp(options: AppOptions, database: Database, opened: Array<() => Promise<unknown>>): Promise<App> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const { db } = database;

  const app = Fastify({
    logger: loggerOptions(config, options.logger),
    genReqId: newTraceId,
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'trace_id' }),
    bodyLimit: config.maxJsonBytes,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler,
    ...httpTimeouts(config.http),
    serializerOpts: SERIALIZER_OPTIONS,
    // While closing, a request arriving on a connection already open is served (with Connection:
    // close), not answered 503: its client sent it before it could know. Idle connections close.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  });
  opened.push(() => app.close());
  limitConnectionsPerAddress(app.server, config.http.maxConnectionsPerAddress);
  const compilers = validatorCompilers();
  app.setValidatorCompiler(({ schema, httpPart }) => withProductRules((httpPart === 'body' ? compilers.body : compilers.text).compile(schema), httpPart === 'body'));
  installErrorHandling(app);
  // Bodies are JSON (or a route's own parser): text/plain is 415, not a string for the validator.
  app.removeContentTypeParser('text/plain');
  installJsonParser(app, config.bodyShape);
  const strictTransport = config.baseUrl.startsWith('https://');
  app.addHook('onRequest', async (request, reply) => {
    reply.header('trace-id', request.id);
    if (strictTransport) reply.header('strict-transport-security', HSTS);
  });
  let stopping = false;
  // Once stopping, every answer ends its connection, so that no client sends on one about to close.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (stopping) reply.header('connection', 'close');
    return payload;
  });
  const metrics = installMetrics(app);
  await installOpenApi(app, config);

  const keys = new KeyStore(db, clock);
  await keys.init();
  const clients = new ClientService(db, clock);
  await clients.ensureBootstrapClients(config.bootstrapClients);
  const tokens = new TokenService(config, keys, clients, clock);
  const pager = new Pager(await sharedSecret(db, 'cursor'));
  const limiter = new RateLimiter(config.rateLimitPerSecond, config.rateLimitBurst);
  const environmentClock = new EnvironmentClock(clock);
  const faultSettings = new WebhookFaultSettings();
  const outbox = new Outbox(environmentClock, faultSettings);
  await environmentClock.start(database);
  opened.push(() => environmentClock.stop());
  await faultSettings.start(database);
  opened.push(() => faultSettings.stop());
  installBacklogMetrics(metrics, db, environmentClock);
  // The partners behind the processor boundary: the simulator pays payouts (and takes the payments
  // of the environments that use it); Adyen takes the cards and SEPA Direct Debits of the
  // environments configured for it (PROCESSOR, SEPA_PROCESSOR).
  const simulator = await simulatorAdapter(db, config);
  const adyen = config.adyen && adyenAdapter(config.adyen, { baseUrl: config.baseUrl, log: app.log });
  const inbox = new NotificationInbox(environmentClock, app.log);
  // SEPA payout files: its files and statements are also served to the operator, whatever the rails.
  const sepaFile = sepaFileAdapter(db, config.payouts, environmentClock, app.log);
  const processors = new Processors(
    { cards: config.processors, directDebit: config.sepaProcessors },
    config.payouts.rails,
    { simulator: simulator.factory, sepa_file: sepaFile.factory, ...(adyen ? { adyen: adyen.factory } : {}) },
    { simulator: simulator.reader, ...(adyen ? { adyen: adyen.reader } : {}) },
  );
  const jobs = new JobRunner(db, environmentClock, app.log);
  const outcomes = new PaymentOutcomes(outbox);
  const changes = paymentChanges(db);
  const attempts = new PaymentAttempts(environmentClock, processors, outcomes, config, outcomeChanges(db));
  const feeSchedules = new FeeSchedules(db, clock);
  const compliance = new Compliance(outbox);
  const blobs = blobStoreFor(config, database.cipher);
  const sealedDocuments = await sealDocumentsOnce(db, blobs);
  if (sealedDocuments > 0) app.log.info({ documents: sealedDocuments }, 'documents kept in clear by an earlier version are sealed');
  const streams = new EventStreams(database, tokens, app.log);
  const buyers = await BuyerDigests.open(db);
  const digestedBuyers = await digestBuyersOnce(db, buyers, clock.now());
  if (digestedBuyers > 0) app.log.info({ payments: digestedBuyers }, 'buyers of payments made by an earlier version digested for search');
  // Streams never end by themselves: they end as the listener closes, so the requests in flight can finish.
  app.addHook('preClose', () => streams.close());
  const domain = {
    clients,
    tokens,
    keys,
    accounts: new AccountService(db, pager),
    branding: new BrandingService(db, blobs, clock),
    documents: new DocumentService(db, blobs, pager, clock),
    outbox,
    events: new EventService(db, pager, outbox),
    webhookSecrets: new WebhookSecretService(db, clock),
    webhookFaults: new WebhookFaultService(db, clock, faultSettings),
    payments: new PaymentService(db, config, pager, environmentClock, attempts, feeSchedules, database.cipher, buyers, processors),
    hpp: new HostedPaymentPageService(db, config, environmentClock, outcomes, attempts, processors, feeSchedules, buyers, changes),
    applications: new ApplicationService(db, config, pager, environmentClock, compliance),
    applicant: new ApplicantService(db, config, environmentClock, outbox, compliance, blobs),
    payouts: new PayoutService(db, config, pager, environmentClock, outbox, processors),
    refunds: new RefundService(db, config, pager, environmentClock, outbox, processors, refundChanges(db)),
    jobs,
    streams,
    worker: new DeliveryWorker(database, environmentClock, options.sender ?? new HttpSender(), app.log),
  };
  const shortcuts = new SandboxShortcuts(db, environmentClock, jobs, {
    payments: domain.payments,
    refunds: domain.refunds,
    // The simulator's movements in the sandbox: its cards', or only its SEPA Direct Debits' (SANDBOX_SEPA_PROCESSOR).
    reporter: config.processors.sandbox === 'simulator' || config.sepaProcessors.sandbox === 'simulator' ? simulator.reporter(inbox) : undefined,
  });
  const services: Services = {
    ...domain,
    dashboard: new DashboardService(db, environmentClock, { ...domain, shortcuts }),
    dashboardUsers: await DashboardUsers.open(db, config, clock, options.passwordSettings),
    dashboardDevelopers: new DashboardDevelopers(db, domain),
  };

  const platformAccount = new PlatformPayoutAccounts(db, environmentClock, config.supportedCurrencies);
  await app.register(operationsRoutes, { db, metrics, metricsToken: config.metrics.token, stopping: () => stopping });
  await app.register(async (scope) => {
    rateLimit(scope, limiter, byAddress);
    await scope.register(operatorPayoutRoutes, { files: sepaFile.files, statements: sepaFile.statements, token: config.operatorToken });
  });
  await app.register(docsRoutes, { config });
  // The dashboard's further areas (src/dashboard/<area>/), each made with the services it uses.
  const dashboardAreas: DashboardArea[] = [
    payoutsArea({ payouts: new DashboardPayouts(db, pager, { ...domain, platformAccount, shortcuts }), dashboard: services.dashboard }),
    eventsArea({ events: new DashboardEvents(services.events), dashboard: services.dashboard }),
    merchantsArea({ merchants: new DashboardMerchants({ ...domain, shortcuts }), config }),
    brandingArea({ branding: new DashboardBranding(domain) }),
    sandboxArea({ sandbox: new DashboardSandbox(db, config, { sandbox: new SandboxService(db, environmentClock, jobs, domain.payouts), payouts: domain.payouts, tokens, shortcuts, refunds: domain.refunds, webhookFaults: domain.webhookFaults }) }),
  ];
  await app.register(dashboardRoutes, { dashboard: services.dashboard, users: services.dashboardUsers, developers: services.dashboardDevelopers, config, limiter, areas: dashboardAreas });
  await app.register(async (scope) => {
    rateLimit(scope, limiter, byAddress);
    await authRoutes(scope, { config, tokens, keys });
  });

  /** The platform API, mounted once per environment: live at the base URL, sandbox under /sandbox. */
  const platformApi = (environment: Environment) => async (scope: FastifyInstance) => {
    requirePlatformToken(scope, tokens, environment);
    rateLimit(scope, limiter, (request) => request.caller?.clientId);
    idempotency(scope, db, clock);
    await scope.register(accountRoutes, { accounts: services.accounts });
    await scope.register(brandingRoutes, { branding: services.branding });
    await scope.register(eventRoutes, { events: services.events, secrets: services.webhookSecrets, streams: services.streams });
    await scope.register(referenceRoutes);
    await scope.register(paymentRoutes, { payments: services.payments, maxAmountMinor: config.maxAmountMinor });
    await scope.register(applicationRoutes, { applications: services.applications });
    await scope.register(payoutRoutes, { payouts: services.payouts, platformAccount });
    await scope.register(refundRoutes, { refunds: services.refunds });
    if (environment === 'sandbox') {
      await scope.register(onboardingSimulationRoutes, { applications: services.applications });
      await scope.register(sandboxRoutes, { sandbox: new SandboxService(db, environmentClock, jobs, services.payouts), payouts: services.payouts, refunds: services.refunds, shortcuts, webhookFaults: services.webhookFaults });
    }
  };
  // The pages, the hosted payment page API and the simulator's pages serve both environments on the
  // base URL: the payment's resource token, not a platform token, authorizes them; limited per address.
  await app.register(async (scope) => {
    rateLimit(scope, limiter, byAddress);
    await scope.register(webRoutes, { hpp: services.hpp, applicant: services.applicant, testData: sandboxTestData({ cards: config.processors.sandbox === 'simulator', sepaDirectDebits: config.sepaProcessors.sandbox === 'simulator' }) });
    await scope.register(logoRoutes, { branding: services.branding });
    await scope.register(hostedPaymentPageRoutes, { hpp: services.hpp, bodyShape: config.bodyShape });
    // The simulator's 3-D Secure server and bank, only where an environment takes its payments with it.
    if (usedProcessor(config, 'simulator')) await scope.register(simulatorRoutes, { simulator: simulator.pages, bodyShape: config.bodyShape });
  });
  // Each partner's notifications: verified, stored and acknowledged at once, applied by the job runner.
  await app.register(async (scope) => {
    rateLimit(scope, limiter, byAddress);
    await scope.register(processorNotificationRoutes, { db, inbox, clock: environmentClock, readers: processors.notificationReaders });
  });
  // The hosted onboarding steps (onboarding host) serve both environments: the onboarding token decides.
  await app.register(async (scope) => {
    rateLimit(scope, limiter, byAddress);
    await scope.register(applicantRoutes, { applicant: services.applicant });
  });
  await app.register(platformApi('live'));
  await app.register(platformApi('sandbox'), { prefix: '/sandbox' });

  // The files host serves both environments: the token's audience decides which one.
  await app.register(async (scope) => {
    requirePlatformToken(scope, tokens);
    rateLimit(scope, limiter, (request) => request.caller?.clientId);
    idempotency(scope, db, clock);
    await scope.register(documentRoutes, { documents: services.documents, config });
  });

  await app.ready();
  jobs.registerAsking(ATTEMPT_RECOVERY_JOB, attempts.recovery);
  inbox.handle('authorization', (trx, notification, timeIn) => attempts.notified(trx, notification, timeIn));
  inbox.handle('collection', (trx, notification, timeIn) => attempts.notified(trx, notification, timeIn));
  inbox.handle('refund', (trx, notification, timeIn) => services.refunds.notified(trx, notification, timeIn));
  inbox.handle('payout', (trx, notification, timeIn) => services.payouts.notified(trx, notification, timeIn));
  const chargebacks = new Chargebacks(outbox, outcomes, services.refunds);
  inbox.handle('chargeback', (trx, notification, timeIn) => chargebacks.notified(trx, notification, timeIn));
  jobs.register(NOTIFICATION_JOB, (trx, id, at, clock) => inbox.apply(trx, id, at, clock));
  simulator.schedule(jobs, inbox);
  sepaFile.schedule(jobs);
  jobs.register(CARD_TOKEN_EXPIRY_JOB, (trx, tokenId) => eraseExpiredCard(trx, tokenId));
  jobs.register(PAYMENT_EXPIRY_JOB, (trx, paymentId, now) => services.payments.expire(trx, paymentId, now));
  jobs.register(COMPLIANCE_DECISION_JOB, (trx, applicationId, now) => compliance.runDue(trx, applicationId, now));
  jobs.register(PAYOUT_CUTOFF_JOB, (trx, _subject, at, clock) => services.payouts.cutoff(trx, at, clock));
  jobs.registerAsking(PAYOUT_SEND_JOB, services.payouts.sending);
  jobs.registerAsking(REFUND_SEND_JOB, services.refunds.sending);
  const housekeeping = new Housekeeping(db, environmentClock);
  jobs.register(HOUSEKEEPING_JOB, (trx, environment) => housekeeping.run(trx, environment as Environment));
  await services.payouts.scheduleCutoffs();
  await housekeeping.schedule();
  const metricsListener = config.metrics.listen && (await startMetricsListener(metrics, config.metrics.listen, config.metrics.token, app.log));
  if (metricsListener) opened.push(() => metricsListener.close());
  if (config.webhookWorker) await services.worker.start();
  const statistics = new StatisticsKeeper(db, database.kind === 'pglite', app.log);
  if (config.jobWorker) {
    jobs.start();
    sepaFile.start();
    statistics.start();
  }
  return {
    app,
    database,
    services,
    clock,
    environmentClock,
    metricsUrl: metricsListener?.listeningOrigin,
    async close(progress = new StopProgress()) {
      stopping = true;
      const { drainSeconds, webhookWaitSeconds } = config.shutdown;
      await Promise.all([
        progress.step('HTTP requests in flight', closeHttp(app, drainSeconds * 1000)),
        ...(metricsListener ? [progress.step('the metrics listener', metricsListener.close())] : []),
        progress.step('webhook attempts in flight', services.worker.stop({ waitMs: webhookWaitSeconds * 1000 })),
        progress.step('the scheduled job running', jobs.stop()),
        progress.step('the bank statements folder', sepaFile.stop()),
        progress.step('the statistics of changed tables', statistics.stop()),
      ]);
      await progress.step('environment clock', environmentClock.stop());
      await progress.step('webhook fault settings', faultSettings.stop());
      await progress.step('database', database.close());
    },
  };
}
