import type { FastifyReply } from 'fastify';
import { InvalidDuration, parseDuration } from '../../core/duration.js';
import { notFound } from '../../core/errors.js';
import { typed } from '../../core/http.js';
import { SCENARIOS } from '../../sandbox/scenarios.js';
import { MAX_ADVANCE_SECONDS } from '../../sandbox/schemas.js';
import { HIDDEN, type DashboardArea, type DashboardKit } from '../kit.js';
import { confirmPage, type View } from '../views.js';
import { SHORTCUTS, type Shortcut, type ShortcutObject } from './next.js';
import { AdvanceForm, FaultsForm, RunPayoutsForm, SandboxQuery, ShortcutForm, ShortcutParams, TriggerForm } from './schemas.js';
import type { DashboardSandbox } from './service.js';
import { durationText, sandboxPage, type SandboxPageState } from './views.js';

/** The duration as typed, in seconds, within what POST /simulations/clock/advance takes; undefined if it is not one. */
function seconds(text: string): number | undefined {
  try {
    const parsed = parseDuration(text.trim());
    return parsed <= MAX_ADVANCE_SECONDS ? parsed : undefined;
  } catch (error) {
    if (error instanceof InvalidDuration) return undefined;
    throw error;
  }
}

/**
 * The sandbox's controls (a developer or an admin; not found in live): the clock with a preview of
 * what moving it runs (POST /simulations/clock/advance), its webhook faults (PUT
 * /simulations/webhook-faults), payouts now (POST /simulations/payouts/run)
 * and the CLI's trigger scenarios as buttons, each through the same call as the API's.
 */
export function sandboxArea({ sandbox }: { sandbox: DashboardSandbox }): DashboardArea {
  return async (scope, kit) => {
    const app = typed(scope);

    /** The signed-in developer's view and caller, in the sandbox only. */
    const open = async (request: Parameters<DashboardKit['view']>[0]) => {
      const view = await kit.view(request, 'developer');
      const caller = kit.caller(view);
      sandbox.sandboxOnly(caller);
      return { view, caller };
    };
    const show = async (reply: FastifyReply, view: View, state: SandboxPageState, status = 200) => {
      const caller = kit.caller(view);
      return kit.send(reply, sandboxPage(view, sandbox.clock(caller), await sandbox.faults(caller), state), status);
    };
    const invalid = (reply: FastifyReply, view: View, duration: string) => show(reply, view, { duration, error: view.t.t('invalidDuration', { text: duration }) }, 400);

    app.get('/dashboard/sandbox', { schema: { ...HIDDEN, querystring: SandboxQuery } }, async (request, reply) => {
      const { view, caller } = await open(request);
      const duration = request.query.duration?.trim();
      if (!duration) return show(reply, view, {});
      const moved = seconds(duration);
      if (!moved) return invalid(reply, view, duration);
      return show(reply, view, { duration, preview: await sandbox.preview(caller, moved) });
    });

    // The preview's confirm button posts confirm=yes; without it the preview is shown (GET /dashboard/sandbox?duration=…).
    app.post('/dashboard/sandbox/clock/advance', { schema: { ...HIDDEN, body: AdvanceForm } }, async (request, reply) => {
      const { view, caller } = await open(request);
      const duration = request.body.duration.trim();
      const moved = seconds(duration);
      if (!moved) return invalid(reply, view, duration);
      if (request.body.confirm !== 'yes') return kit.seeOther(reply, `/dashboard/sandbox?${new URLSearchParams({ duration })}`);
      const advanced = await sandbox.advance(caller, moved);
      request.log.info({ user_id: view.session.userId, seconds: moved, now: advanced.now }, 'dashboard sandbox clock advanced');
      return show(reply, view, { notice: view.t.t('clockMoved', { duration: durationText(moved), time: view.t.dateTime(advanced.now), jobs: String(advanced.jobs_run) }) });
    });

    app.post('/dashboard/sandbox/webhook-faults', { schema: { ...HIDDEN, body: FaultsForm } }, async (request, reply) => {
      const { view, caller } = await open(request);
      const { _csrf: _token, ...form } = request.body;
      const errors = await sandbox.saveFaults(caller, form);
      if (errors.length > 0) {
        const fields = errors.map((error) => error.pointer.slice(1)).join(', ');
        return show(reply, view, { faults: form, faultErrors: errors, error: view.t.t('faultsInvalid', { fields }) }, 400);
      }
      request.log.info({ user_id: view.session.userId, ...form }, 'dashboard sandbox webhook faults set');
      return show(reply, view, { notice: view.t.t('faultsSaved') });
    });

    app.post('/dashboard/sandbox/payouts/run', { schema: { ...HIDDEN, body: RunPayoutsForm } }, async (request, reply) => {
      const { view, caller } = await open(request);
      const { t } = view;
      if (request.body.confirm !== 'yes') {
        return kit.send(reply, confirmPage(view, t.t('confirmRunPayoutsTitle'), t.t('confirmRunPayoutsText'), '/dashboard/sandbox/payouts/run', t.t('confirmRunPayouts'), '/dashboard/sandbox'));
      }
      const payouts = await sandbox.runPayouts(caller);
      request.log.info({ user_id: view.session.userId, payout_ids: payouts.map((payout) => payout.id) }, 'dashboard sandbox payouts run');
      return show(reply, view, { payouts });
    });

    // A scenario that moves the platform's clock asks first; the others run at once (they make new sandbox objects only).
    app.post('/dashboard/sandbox/trigger', { schema: { ...HIDDEN, body: TriggerForm } }, async (request, reply) => {
      const { view, caller } = await open(request);
      const { t } = view;
      const name = request.body.scenario;
      const moves = SCENARIOS[name]!.movesClockSeconds;
      if (moves && request.body.confirm !== 'yes') {
        const text = t.t('confirmScenarioText', { name, duration: durationText(moves) });
        return kit.send(reply, confirmPage(view, t.t('confirmScenarioTitle', { name }), text, '/dashboard/sandbox/trigger', t.t('confirmScenario', { name }), '/dashboard/sandbox', { scenario: name }));
      }
      const outcome = await sandbox.trigger(caller, `dashboard:${view.session.userId}`, name);
      request.log.info({ user_id: view.session.userId, scenario: name, objects: outcome.touched.length, error: outcome.error }, 'dashboard sandbox scenario');
      return show(reply, view, { outcome, notice: outcome.error ? undefined : t.t('scenarioRan', { name }) }, outcome.error ? 502 : 200);
    });

    // The shortcuts of a payment's page (its own, its refunds'): the API's /simulations/… call, then back to the page.
    app.post('/dashboard/sandbox/:object/:id/:shortcut', { schema: { ...HIDDEN, params: ShortcutParams, body: ShortcutForm } }, async (request, reply) => {
      const { view, caller } = await open(request);
      const object = request.params.object as ShortcutObject;
      const shortcut = request.params.shortcut as Shortcut;
      if (!(SHORTCUTS[object] as readonly string[]).includes(shortcut)) throw notFound('Page');
      const done = await sandbox.shortcut(caller, object, request.params.id, shortcut);
      request.log.info({ user_id: view.session.userId, object: done.id, shortcut, status: done.status }, 'dashboard sandbox shortcut');
      return kit.seeOther(reply, `/dashboard/payments/${encodeURIComponent(done.paymentId)}`);
    });
  };
}
