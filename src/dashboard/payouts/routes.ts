import { ApiError } from '../../core/errors.js';
import { typed } from '../../core/http.js';
import { amountFromText } from '../amounts.js';
import { confirmationKey } from '../confirmations.js';
import { dayStart } from '../filters.js';
import { HIDDEN, type DashboardArea } from '../kit.js';
import { permissions } from '../routes.js';
import { PaymentParams } from '../schemas.js';
import type { DashboardService } from '../service.js';
import { confirmPage, paymentPage } from '../views.js';
import { BuyerRefundForm, PayoutAccountForm, PayoutParams, PayoutsQuery } from './schemas.js';
import { allowed } from '../roles.js';
import type { DashboardPayouts } from './service.js';
import { payoutPage, payoutsPage } from './views.js';

/**
 * Payouts and transfers: the platform's payouts per account (a list the API does not have), a
 * payout with its transfers (GET /payouts/{id}), and on a SEPA payment's page the sandbox's buyer
 * refund (POST /simulations/payments/{id}/buyer-refund), for a developer or an admin.
 */
export function payoutsArea({ payouts, dashboard }: { payouts: DashboardPayouts; dashboard: DashboardService }): DashboardArea {
  return async (scope, kit) => {
    const app = typed(scope);

    app.get('/dashboard/payouts', { schema: { ...HIDDEN, querystring: PayoutsQuery } }, async (request, reply) => {
      const view = await kit.view(request);
      const caller = kit.caller(view);
      const { after, saved, ...filters } = request.query;
      const status = filters.status || undefined;
      const listed = await payouts.list(caller, { accountId: filters.account || undefined, status: status as 'in_transit' | 'paid' | undefined, createdFrom: dayStart(filters.from), createdBefore: dayStart(filters.to, 1) }, after || undefined);
      const bank = { ...(await payouts.bankAccounts(caller)), canEdit: allowed(view.session, 'developer'), saved: saved === '1' };
      return kit.send(reply, payoutsPage(view, filters, await payouts.accounts(caller), listed.data, listed.cursor, Boolean(after), bank));
    });

    // The platform's payout account, set as PUT /platform/payout-account does (accounts:read_write: a developer or an admin).
    app.post('/dashboard/payouts/payout-account', { schema: { ...HIDDEN, body: PayoutAccountForm } }, async (request, reply) => {
      const view = await kit.view(request, 'developer');
      const caller = kit.caller(view);
      const error = await payouts.setPlatformAccount(caller, request.body);
      if (!error) {
        request.log.info({ user_id: view.session.userId }, 'dashboard platform payout account saved');
        return kit.seeOther(reply, '/dashboard/payouts?saved=1#bank-accounts');
      }
      const listed = await payouts.list(caller, {}, undefined);
      const { _csrf, ...draft } = request.body;
      const bank = { ...(await payouts.bankAccounts(caller)), canEdit: true, error, draft };
      return kit.send(reply, payoutsPage(view, {}, await payouts.accounts(caller), listed.data, listed.cursor, false, bank), 400);
    });

    app.get('/dashboard/payouts/:id', { schema: { ...HIDDEN, params: PayoutParams } }, async (request, reply) => {
      const view = await kit.view(request);
      return kit.send(reply, payoutPage(view, await payouts.payout(kit.caller(view), request.params.id)));
    });

    // The sandbox's control on a payment's page: asks for confirmation, then takes the amount back through the API's buyer refund.
    app.post('/dashboard/payments/:id/buyer-refund', { schema: { ...HIDDEN, params: PaymentParams, body: BuyerRefundForm } }, async (request, reply) => {
      const view = await kit.view(request, 'developer');
      const caller = kit.caller(view);
      payouts.sandboxOnly(caller, request.params.id);
      const { payment } = await dashboard.payment(caller, request.params.id);
      const amount = amountFromText(request.body.amount, payment.currency);
      if (!amount) throw new ApiError('validation_error', { detail: `Give the amount in ${payment.currency} above zero, such as 12.50` });
      const action = `/dashboard/payments/${payment.id}/buyer-refund`;
      const { confirm, once } = request.body;
      if (confirm !== 'yes' || !once) {
        const shown = view.t.money(amount, payment.currency);
        const text = view.t.t('confirmBuyerRefundText', { amount: shown, reference: payment.reference });
        const fields = { amount: request.body.amount, once: confirmationKey() };
        return kit.send(reply, confirmPage(view, view.t.t('confirmBuyerRefundTitle'), text, action, view.t.t('confirmBuyerRefund', { amount: shown }), `/dashboard/payments/${payment.id}`, fields));
      }
      const refund = await dashboard.once(caller, { route: 'buyer refund', key: once, run: (answer) => payouts.buyerRefund(caller, payment.id, amount, answer) });
      request.log.info({ user_id: view.session.userId, refund_id: refund.id, payment_id: payment.id, repeated: refund.repeated }, 'dashboard buyer refund');
      const after = await dashboard.payment(caller, payment.id);
      return kit.send(reply, paymentPage(view, after, permissions(view.session), view.t.t(refund.repeated ? 'refundAlreadyStarted' : 'buyerRefundStarted', { id: refund.id })));
    });
  };
}
