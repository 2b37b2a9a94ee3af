import type { FastifyInstance, FastifyReply } from 'fastify';
import formbody from '@fastify/formbody';
import { formBodyOptions } from '../../core/body-shape.js';
import { randomBytes } from 'node:crypto';
import { Type } from 'typebox';
import { notFound } from '../../core/errors.js';
import { minorUnits, StringEnum } from '../../core/formats.js';
import { SeeOther, typed } from '../../core/http.js';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { TEST_IBANS, type BankVerification, type SimulatorProcessor } from './processor.js';
import type { BodyShape, Environment } from '../../core/config.js';
import { pageLanguage, type Language } from '../../core/language.js';

const BankQuery = Type.Object({ token: Type.String({ maxLength: 200 }), iban: Type.Optional(Type.String({ maxLength: 64, description: "Prefills the form (the sandbox's test IBANs link here)" })) });
const BankForm = Type.Object({
  token: Type.String({ maxLength: 200 }),
  iban: Type.String({ maxLength: 64 }),
  account_holder: Type.Optional(Type.String({ maxLength: 100 })),
  account_type: Type.Optional(StringEnum(['consumer', 'business'] as const)),
}, { examples: [{ token: 'bnk_3f2a9c1e5b7d40a1c2e3f4a5', iban: 'DE89370400440532013000', account_holder: 'Erika Mustermann', account_type: 'consumer' }] });
const ChallengeParams = Type.Object({ challenge_id: Type.String({ maxLength: 64 }) });
const ChallengeAnswer = Type.Object({ outcome: StringEnum(['pass', 'fail'] as const) }, { examples: [{ outcome: 'pass' }] });
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** The simulator's pages speak the payment's language, as a buyer's bank would speak the buyer's. */
const TEXT = {
  en: {
    challengeTitle: '3-D Secure (simulator)', confirm: 'Confirm your payment', authenticate: 'Authenticate', fail: 'Fail authentication',
    challengeText: 'Simulated bank authentication for a payment of {amount} with the card ending in {last4}.',
    bankTitle: 'Bank account verification (simulator)', bank: 'Simulated bank', bankText: 'Log in to confirm the account to debit.',
    iban: 'IBAN', holder: 'Account holder', accountType: 'Account type', personal: 'Personal', business: 'Business', confirmAccount: 'Confirm account',
    invalidIban: 'This is not a valid IBAN.',
    testMode: 'Test mode', testData: 'Test data', testModeBanner: 'Test mode: this is the sandbox’s simulated bank; no real account or card is involved.',
    testIbans: 'Test IBANs', testIbansHint: 'One click fills the form. Any other valid IBAN verifies.', use: 'Use {iban}',
    'iban:verifies': 'Verifies; the collection settles', 'iban:fails_verification': 'Verification fails', 'iban:returned_unpaid': 'Verifies; the collection is returned unpaid',
  },
  de: {
    challengeTitle: '3-D Secure (Simulator)', confirm: 'Zahlung bestätigen', authenticate: 'Bestätigen', fail: 'Bestätigung ablehnen',
    challengeText: 'Simulierte Bestätigung Ihrer Bank für eine Zahlung von {amount} mit der Karte mit der Endung {last4}.',
    bankTitle: 'Kontobestätigung (Simulator)', bank: 'Simulierte Bank', bankText: 'Melden Sie sich an, um das zu belastende Konto zu bestätigen.',
    iban: 'IBAN', holder: 'Kontoinhaber', accountType: 'Kontoart', personal: 'Privatkonto', business: 'Geschäftskonto', confirmAccount: 'Konto bestätigen',
    invalidIban: 'Diese IBAN ist ungültig.',
    testMode: 'Testmodus', testData: 'Testdaten', testModeBanner: 'Testmodus: Dies ist die simulierte Bank der Sandbox; kein echtes Konto und keine echte Karte sind beteiligt.',
    testIbans: 'Test-IBANs', testIbansHint: 'Ein Klick füllt das Formular aus. Jede andere gültige IBAN wird bestätigt.', use: '{iban} verwenden',
    'iban:verifies': 'Wird bestätigt; der Einzug wird gutgeschrieben', 'iban:fails_verification': 'Die Bestätigung schlägt fehl', 'iban:returned_unpaid': 'Wird bestätigt; der Einzug kommt unbezahlt zurück',
  },
  es: {
    challengeTitle: '3-D Secure (simulador)', confirm: 'Confirme su pago', authenticate: 'Autenticar', fail: 'Rechazar la autenticación',
    challengeText: 'Autenticación simulada de su banco para un pago de {amount} con la tarjeta terminada en {last4}.',
    bankTitle: 'Verificación de la cuenta (simulador)', bank: 'Banco simulado', bankText: 'Inicie sesión para confirmar la cuenta que se adeudará.',
    iban: 'IBAN', holder: 'Titular de la cuenta', accountType: 'Tipo de cuenta', personal: 'Particular', business: 'Empresa', confirmAccount: 'Confirmar la cuenta',
    invalidIban: 'Este IBAN no es válido.',
    testMode: 'Modo de prueba', testData: 'Datos de prueba', testModeBanner: 'Modo de prueba: este es el banco simulado del sandbox; no interviene ninguna cuenta ni tarjeta real.',
    testIbans: 'IBAN de prueba', testIbansHint: 'Un clic rellena el formulario. Cualquier otro IBAN válido se verifica.', use: 'Usar {iban}',
    'iban:verifies': 'Se verifica; el cobro se abona', 'iban:fails_verification': 'La verificación falla', 'iban:returned_unpaid': 'Se verifica; el cobro se devuelve impagado',
  },
};
type Text = (typeof TEXT)[Language];

function textOf(lang: Language): { lang: Language; text: Text } {
  return { lang, text: TEXT[lang] };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The amount in the currency's own minor unit (ISO 4217), formatted for the language. */
function formatAmount(amountMinor: number, currency: string, lang: Language): string {
  const digits = minorUnits(currency);
  const format = new Intl.NumberFormat(lang, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
  return format.format(amountMinor / 10 ** digits);
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#111}
.card{border:1px solid #ddd;border-radius:12px;padding:1.5rem}button{font:inherit;padding:.75rem 1.25rem;border-radius:8px;border:0;margin:.25rem .5rem .25rem 0;cursor:pointer}
.pass{background:#15803d;color:#fff}.fail{background:#b91c1c;color:#fff}
label{display:block;margin:.75rem 0 .25rem}input,select{font:inherit;width:100%;padding:.5rem;box-sizing:border-box}
.confirm{margin-top:1rem;background:#1d4ed8;color:#fff}.error{color:#b91c1c}`;
/** The sandbox's signs (fixed colours, AA contrast and more). */
const TEST_MODE_STYLE = `.test-mode{margin:-3rem -1rem 1.5rem;padding:.5rem 1rem;background:#fef3c7;color:#78350f;border-bottom:2px dashed #b45309;font-weight:700;text-align:center}.test-mode p{margin:0}
.test-data{margin-top:1.5rem;border:1px dashed #b45309;border-radius:12px;background:#fffbeb;padding:.25rem 1rem}.test-data summary{cursor:pointer;padding:.5rem 0;font-weight:700;color:#78350f}
.test-data ul{padding-left:1.25rem}.test-data li{margin:.4rem 0}.test-data a{color:#1d4ed8}.test-data small{display:block;color:#374151}`;

/** The page; a sandbox one (`environment`) says so first, in a landmark of its own. */
function page(lang: Language, title: string, body: string, environment: Environment): string {
  const text = TEXT[lang];
  const banner = environment === 'sandbox' ? `<aside class="test-mode" aria-label="${escapeHtml(text.testMode)}"><p id="sandbox">${escapeHtml(text.testModeBanner)}</p></aside>` : '';
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}${environment === 'sandbox' ? TEST_MODE_STYLE : ''}</style></head>
<body>${banner}<main>${body}</main></body></html>`;
}

/** The sandbox's test IBANs (TEST_IBANS), each a link that opens the form filled with it: no script needed. */
function testIbans(token: string, text: Text): string {
  const items = Object.entries(TEST_IBANS).map(
    ([iban, outcome]) =>
      `<li><a href="/simulator/bank?token=${encodeURIComponent(token)}&amp;iban=${iban}">${escapeHtml(text.use.replace('{iban}', iban))}</a><small>${escapeHtml(text[`iban:${outcome}`])}</small></li>`,
  );
  return `<aside class="test-data" aria-label="${escapeHtml(text.testData)}"><details><summary>${escapeHtml(text.testIbans)}</summary><p>${escapeHtml(text.testIbansHint)}</p><ul>${items.join('')}</ul></details></aside>`;
}

function challengePage(challenge: { id: string; amount_minor: number; currency: string; last4: string; environment: Environment }, language: Language): string {
  const { lang, text } = textOf(language);
  const amount = formatAmount(challenge.amount_minor, challenge.currency, lang);
  const intro = escapeHtml(text.challengeText).replace('{amount}', `<strong>${escapeHtml(amount)}</strong>`).replace('{last4}', `<strong>${escapeHtml(challenge.last4)}</strong>`);
  return page(
    lang,
    text.challengeTitle,
    `<div class="card"><h1>${escapeHtml(text.confirm)}</h1>
<p>${intro}</p>
<form method="post" action="/simulator/3ds/${encodeURIComponent(challenge.id)}">
<button class="pass" name="outcome" value="pass" type="submit">${escapeHtml(text.authenticate)}</button>
<button class="fail" name="outcome" value="fail" type="submit">${escapeHtml(text.fail)}</button>
</form></div>`,
    challenge.environment,
  );
}

/** The bank's form; after an invalid IBAN it keeps what the buyer typed, so one wrong digit is corrected, not the whole account typed again. */
function bankPage(token: string, environment: Environment, language: Language, error?: keyof Text, typed: { iban?: string; holder?: string; accountType?: string } = {}): string {
  const { lang, text } = textOf(language);
  return page(
    lang,
    text.bankTitle,
    `<div class="card"><h1>${escapeHtml(text.bank)}</h1><p>${escapeHtml(text.bankText)}</p>
${error ? `<p class="error" role="alert">${escapeHtml(text[error])}</p>` : ''}
<form method="post" action="/simulator/bank/verify">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="iban">${escapeHtml(text.iban)}</label><input id="iban" name="iban" required autocomplete="off" spellcheck="false" autocapitalize="characters" placeholder="DE89 3704 0044 0532 0130 00" value="${escapeHtml(typed.iban ?? '')}"${error ? ' aria-invalid="true" autofocus' : ''}>
<label for="holder">${escapeHtml(text.holder)}</label><input id="holder" name="account_holder" autocomplete="name" value="${escapeHtml(typed.holder ?? '')}">
<label for="type">${escapeHtml(text.accountType)}</label><select id="type" name="account_type"><option value="consumer">${escapeHtml(text.personal)}</option><option value="business"${typed.accountType === 'business' ? ' selected' : ''}>${escapeHtml(text.business)}</option></select>
<button class="confirm" type="submit">${escapeHtml(text.confirmAccount)}</button></form></div>
${environment === 'sandbox' ? testIbans(token, text) : ''}`,
    environment,
  );
}

/** The account-verification callback the bank sends the buyer to: the report, or why there is none. */
function verificationCallback(callbackUrl: string, verification: BankVerification): string {
  const callback = new URL(callbackUrl);
  if (verification.verified) callback.searchParams.set('report_id', verification.reportId);
  else {
    callback.searchParams.set('report_id', '');
    callback.searchParams.set('error', verification.error);
    callback.searchParams.set('error_reason', verification.errorReason);
    callback.searchParams.set('message', verification.message);
    callback.searchParams.set('tracking_id', verification.trackingId);
  }
  return callback.toString();
}

/**
 * The simulator's 3-D Secure server and bank, an outside party: they know only what the payment
 * page gave the processor (amount, card, language, where to send the buyer back and whom to call
 * back) and reach the product only through those callbacks.
 *
 * The 3-D Secure server calls the callback in-process (`inject`, at the path of the callback URL it
 * was given) rather than over HTTP: the simulator always runs in the process it serves, whose public
 * BASE_URL (behind a proxy, TLS) it may not be able to reach; the call still goes through the
 * route's validation and hooks, as an outside call would.
 */
export async function simulatorRoutes(fastify: FastifyInstance, { simulator, bodyShape }: { simulator: SimulatorProcessor; bodyShape: BodyShape }): Promise<void> {
  await fastify.register(formbody, formBodyOptions(bodyShape));
  const app = typed(fastify);
  const tags = ['simulator'];

  app.get('/simulator/3ds/:challenge_id', { schema: { tags, summary: '3-D Secure challenge page (simulator)', params: ChallengeParams, produces: ['text/html'] } }, async (request, reply) => {
    const challenge = await simulator.openChallenge(request.params.challenge_id);
    if (!challenge) throw notFound('The 3-D Secure challenge');
    // The challenge is stored under its id's digest: the page posts back to the id of its own address.
    const page = challengePage({ ...challenge, id: request.params.challenge_id }, pageLanguage(challenge.language, request.headers['accept-language']));
    return reply.type('text/html; charset=utf-8').header('content-security-policy', PAGE_CSP).send(page);
  });

  app.post(
    '/simulator/3ds/:challenge_id',
    { schema: { tags, summary: 'Answer the challenge (simulator); redirects back to the payment page', params: ChallengeParams, body: ChallengeAnswer, response: { 303: SeeOther } } },
    async (request, reply) => {
      // A challenge the payment page superseded is still open at the 3-D Secure server: its answer is sent, and refused there.
      const challenge = await simulator.answerChallenge(request.params.challenge_id);
      if (!challenge) throw notFound('The 3-D Secure challenge');
      const passed = request.body.outcome === 'pass';
      const callback = await fastify.inject({
        method: 'POST',
        url: new URL(challenge.callback_url).pathname,
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
      return reply.redirect(challenge.return_url, 303);
    },
  );

  app.get('/simulator/bank', { schema: { tags, summary: 'Bank account verification page (simulator)', querystring: BankQuery, produces: ['text/html'] } }, async (request, reply) => {
    const session = await simulator.bankSession(request.query.token);
    if (!session) throw notFound('The bank session');
    return reply.type('text/html; charset=utf-8').header('content-security-policy', PAGE_CSP).send(bankPage(request.query.token, session.environment, pageLanguage(session.language, request.headers['accept-language']), undefined, { iban: session.environment === 'sandbox' ? request.query.iban : undefined }));
  });

  app.post(
    '/simulator/bank/verify',
    { schema: { tags, summary: 'Verify the account (simulator); redirects to the account-verification callback', body: BankForm, response: { 303: SeeOther } } },
    async (request, reply) => {
      const { token, account_holder: holder, account_type: accountType = 'consumer' } = request.body;
      const session = await simulator.bankSession(token);
      if (!session) throw notFound('The bank session');
      const iban = electronicFormatIBAN(request.body.iban) ?? '';
      if (!isValidIBAN(iban)) {
        // The page again, as HTML: not one of the declared (JSON) answers, so the untyped reply sends it.
        return (reply as FastifyReply).code(400).type('text/html; charset=utf-8').header('content-security-policy', PAGE_CSP).send(bankPage(token, session.environment, pageLanguage(session.language, request.headers['accept-language']), 'invalidIban', { iban: request.body.iban, holder, accountType }));
      }
      const verification = await simulator.verifyBankAccount(session, { iban, accountHolder: holder?.trim() || 'Account holder', accountType });
      return reply.redirect(verificationCallback(session.callback_url, verification), 303);
    },
  );
}
