import type { FastifyInstance, FastifyReply } from 'fastify';
import formbody from '@fastify/formbody';
import { randomBytes } from 'node:crypto';
import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import type { Tables } from '../core/db.js';
import { notFound } from '../core/errors.js';
import { StringEnum } from '../core/formats.js';
import { SeeOther, typed } from '../core/http.js';
import { findChallenge, findPaymentByToken } from '../hosted-payment-page/repository.js';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import type { EnvironmentClock } from '../core/clock.js';
import type { BankProcessor } from './processor.js';

const BankQuery = Type.Object({ token: Type.String({ maxLength: 200 }) });
const BankForm = Type.Object({
  token: Type.String({ maxLength: 200 }),
  iban: Type.String({ maxLength: 64 }),
  account_holder: Type.Optional(Type.String({ maxLength: 100 })),
  account_type: Type.Optional(StringEnum(['consumer', 'business'] as const)),
});
const ChallengeParams = Type.Object({ challenge_id: Type.String({ maxLength: 64 }) });
const ChallengeAnswer = Type.Object({ outcome: StringEnum(['pass', 'fail'] as const) });
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function challengePage(challenge: { id: string; amount_minor: number; currency: string; last4: string }): string {
  const amount = `${(challenge.amount_minor / 100).toFixed(2)} ${challenge.currency}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>3-D Secure (simulator)</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#111}
.card{border:1px solid #ddd;border-radius:12px;padding:1.5rem}button{font:inherit;padding:.75rem 1.25rem;border-radius:8px;border:0;margin-right:.5rem;cursor:pointer}
.pass{background:#15803d;color:#fff}.fail{background:#b91c1c;color:#fff}</style></head>
<body><div class="card"><h1>Confirm your payment</h1>
<p>Simulated bank authentication for a payment of <strong>${amount}</strong> with the card ending in <strong>${challenge.last4}</strong>.</p>
<form method="post" action="/simulator/3ds/${challenge.id}">
<button class="pass" name="outcome" value="pass" type="submit">Authenticate</button>
<button class="fail" name="outcome" value="fail" type="submit">Fail authentication</button>
</form></div></body></html>`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function bankPage(token: string, error?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bank account verification (simulator)</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#111}
label{display:block;margin:.75rem 0 .25rem}input,select{font:inherit;width:100%;padding:.5rem;box-sizing:border-box}
button{font:inherit;margin-top:1rem;padding:.75rem 1.25rem;border:0;border-radius:8px;background:#1d4ed8;color:#fff}.error{color:#b91c1c}</style></head>
<body><h1>Simulated bank</h1><p>Log in to confirm the account to debit.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/simulator/bank/verify">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="iban">IBAN</label><input id="iban" name="iban" required autocomplete="off" placeholder="DE89 3704 0044 0532 0130 00">
<label for="holder">Account holder</label><input id="holder" name="account_holder" autocomplete="name">
<label for="type">Account type</label><select id="type" name="account_type"><option value="consumer">Personal</option><option value="business">Business</option></select>
<button type="submit">Confirm account</button></form></body></html>`;
}

/**
 * The simulator's 3-D Secure server: a challenge page for the buyer and, on an answer, the call
 * to the payment page's 3-D Secure callback with the specification's parameters.
 */
export async function simulatorRoutes(fastify: FastifyInstance, { db, baseUrl, processor, clock }: { db: Kysely<Tables>; baseUrl: string; processor: BankProcessor; clock: EnvironmentClock }): Promise<void> {
  await fastify.register(formbody);
  const app = typed(fastify);
  const tags = ['simulator'];

  app.get('/simulator/3ds/:challenge_id', { schema: { tags, summary: '3-D Secure challenge page (simulator)', params: ChallengeParams, produces: ['text/html'] } }, async (request, reply) => {
    const challenge = await findChallenge(db, request.params.challenge_id);
    if (!challenge || challenge.state !== 'pending') throw notFound('The 3-D Secure challenge');
    return reply.type('text/html; charset=utf-8').header('content-security-policy', PAGE_CSP).send(challengePage(challenge));
  });

  app.post(
    '/simulator/3ds/:challenge_id',
    { schema: { tags, summary: 'Answer the challenge (simulator); redirects back to the payment page', params: ChallengeParams, body: ChallengeAnswer, response: { 303: SeeOther } } },
    async (request, reply) => {
      const challenge = await findChallenge(db, request.params.challenge_id);
      if (!challenge || challenge.state !== 'pending') throw notFound('The 3-D Secure challenge');
      const passed = request.body.outcome === 'pass';
      const callback = await fastify.inject({
        method: 'POST',
        url: '/hpp/callbacks/3ds',
        payload: {
          payment_id: challenge.payment_id,
          svc_token: challenge.svc_token,
          '3ds_eci': passed ? '05' : '07',
          '3ds_cavv': passed ? randomBytes(20).toString('base64') : '',
          '3ds_trxid': randomBytes(16).toString('hex'),
          '3ds_version': '2.2.0',
          '3ds_status': passed ? 'Y' : 'N',
          '3ds_valid_payment': passed ? 'Y' : 'N',
        },
      });
      if (callback.statusCode !== 200) request.log.warn({ status: callback.statusCode }, '3-D Secure callback refused');
      return reply.redirect(`${baseUrl}/pay/${challenge.payment_id}?token=${encodeURIComponent(challenge.resource_token)}`, 303);
    },
  );

  app.get('/simulator/bank', { schema: { tags, summary: 'Bank account verification page (simulator)', querystring: BankQuery, produces: ['text/html'] } }, async (request, reply) =>
    reply.type('text/html; charset=utf-8').header('content-security-policy', PAGE_CSP).send(bankPage(request.query.token)),
  );

  app.post(
    '/simulator/bank/verify',
    { schema: { tags, summary: 'Verify the account (simulator); redirects to the account-verification callback', body: BankForm, response: { 303: SeeOther } } },
    async (request, reply) => {
      const { token, account_holder: holder, account_type: accountType = 'consumer' } = request.body;
      const iban = electronicFormatIBAN(request.body.iban) ?? '';
      if (!isValidIBAN(iban)) {
        // The page again, as HTML: not one of the declared (JSON) answers, so the untyped reply sends it.
        return (reply as FastifyReply).code(400).type('text/html; charset=utf-8').header('content-security-policy', PAGE_CSP).send(bankPage(token, 'This is not a valid IBAN.'));
      }
      const payment = await findPaymentByToken(db, token);
      if (!payment) throw notFound('The payment of this page');
      const verification = await processor.verifyBankAccount({ paymentId: payment.id, iban, accountHolder: holder?.trim() || 'Account holder', accountType, now: clock.now(payment.environment) });
      const callback = new URL(`${baseUrl}/hpp/callbacks/account-verification`);
      callback.searchParams.set('token', token);
      if (verification.verified) callback.searchParams.set('report_id', verification.reportId);
      else {
        callback.searchParams.set('report_id', '');
        callback.searchParams.set('error', verification.error);
        callback.searchParams.set('error_reason', verification.errorReason);
        callback.searchParams.set('message', verification.message);
        callback.searchParams.set('tracking_id', verification.trackingId);
      }
      return reply.redirect(callback.toString(), 303);
    },
  );
}
