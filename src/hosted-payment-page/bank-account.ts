import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { formBodyOptions } from '../core/body-shape.js';
import type { BodyShape } from '../core/config.js';
import { ApiError, type FieldError } from '../core/errors.js';
import { fieldText } from '../core/error-texts.js';
import { StringEnum } from '../core/formats.js';
import { SeeOther, typed } from '../core/http.js';
import { pageLanguage, type Language } from '../core/language.js';
import { html } from '../dashboard/html.js';
import { HppParams, HppQuery } from './schemas.js';
import type { HostedPaymentPageService } from './service.js';

/**
 * Where the SEPA Direct Debit provider has no account-information service (Adyen), the payment
 * page's account_verification link leads here: a form of ours (no script) where the buyer types the
 * IBAN, the holder and the kind of account, which then take the place of the bank's report, and
 * the buyer goes on to the mandate. The page's token authorizes it, as every step of the page.
 */
const BankAccountForm = Type.Object(
  {
    iban: Type.String({ maxLength: 64 }),
    account_holder: Type.String({ maxLength: 100 }),
    account_type: Type.Optional(StringEnum(['consumer', 'business'] as const)),
  },
  { examples: [{ iban: 'DE89370400440532013000', account_holder: 'Erika Mustermann', account_type: 'consumer' }] },
);

const TEXT = {
  en: {
    title: 'Your bank account', intro: 'Enter the account to be debited by SEPA Direct Debit. You sign the mandate next.',
    iban: 'IBAN', holder: 'Account holder', accountType: 'Account type', personal: 'Personal', business: 'Business', next: 'Continue',
  },
  de: {
    title: 'Ihr Bankkonto', intro: 'Geben Sie das Konto an, das per SEPA-Lastschrift belastet wird. Danach erteilen Sie das Mandat.',
    iban: 'IBAN', holder: 'Kontoinhaber', accountType: 'Kontoart', personal: 'Privatkonto', business: 'Geschäftskonto', next: 'Weiter',
  },
  es: {
    title: 'Su cuenta bancaria', intro: 'Indique la cuenta que se adeudará por adeudo directo SEPA. A continuación firmará el mandato.',
    iban: 'IBAN', holder: 'Titular de la cuenta', accountType: 'Tipo de cuenta', personal: 'Particular', business: 'Empresa', next: 'Continuar',
  },
} satisfies Record<Language, Record<string, string>>;

const STYLE = `body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#111}
label{display:block;margin:.75rem 0 .25rem}input,select{font:inherit;width:100%;padding:.5rem;box-sizing:border-box}
[aria-invalid=true]{border-color:#b91c1c}button{font:inherit;margin-top:1rem;padding:.75rem 1.25rem;border:0;border-radius:8px;background:#1d4ed8;color:#fff}.error{color:#b91c1c}`;
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

interface Typed {
  iban?: string;
  holder?: string;
  accountType?: string;
  /** What the service refused, by field (the JSON pointer's last segment). */
  invalid?: Map<string, FieldError>;
}

function formPage(action: string, language: Language, typed: Typed = {}): string {
  const text = TEXT[language];
  const invalid = (field: string) => (typed.invalid?.has(field) ? 'true' : 'false');
  const problems = [...(typed.invalid?.values() ?? [])].map((error) => fieldText(error, language));
  return `<!doctype html>${html`<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text.title}</title><style>${STYLE}</style></head><body><h1>${text.title}</h1><p>${text.intro}</p>
${problems.map((problem) => html`<p class="error" role="alert">${problem}</p>`)}
<form method="post" action="${action}">
<label for="iban">${text.iban}</label><input id="iban" name="iban" required autocomplete="off" spellcheck="false" autocapitalize="characters" value="${typed.iban ?? ''}" aria-invalid="${invalid('iban')}">
<label for="holder">${text.holder}</label><input id="holder" name="account_holder" required autocomplete="name" value="${typed.holder ?? ''}" aria-invalid="${invalid('account_holder')}">
<label for="type">${text.accountType}</label><select id="type" name="account_type"><option value="consumer">${text.personal}</option><option value="business" ${typed.accountType === 'business' ? 'selected' : ''}>${text.business}</option></select>
<button type="submit">${text.next}</button></form></body></html>`}`;
}

function sendPage(reply: FastifyReply, status: number, page: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('content-security-policy', PAGE_CSP).send(page);
}

/** The form posts back to its own address (the payment's path and token). */
function actionOf(request: FastifyRequest): string {
  return request.url;
}

/** Registered in the page's scope: its hook checks the payment's token first. */
export async function bankAccountRoutes(app: FastifyInstance, { hpp, bodyShape }: { hpp: HostedPaymentPageService; bodyShape: BodyShape }): Promise<void> {
  await app.register(formbody, formBodyOptions(bodyShape));
  const typedApp = typed(app);
  const tags = ['hosted payment page'];
  // The buyer's browser follows it from the page's account_verification link; no client of the API calls it.
  const hide = true;
  // The payment the page's token opened (the scope's hook): its language, else the browser's.
  const languageOf = (request: FastifyRequest) => pageLanguage(request.hppPayment?.language ?? null, request.headers['accept-language']);

  typedApp.get(
    '/hpp/payments/:payment_id/bank-account',
    { schema: { tags, summary: 'The bank account form, where the SEPA provider has no account verification (AIS)', hide, params: HppParams, querystring: HppQuery, produces: ['text/html'] } },
    async (request, reply) => sendPage(reply, 200, formPage(actionOf(request), languageOf(request))),
  );

  typedApp.post(
    '/hpp/payments/:payment_id/bank-account',
    { schema: { tags, summary: 'The buyer gives the account to debit; redirects back to the payment page', hide, params: HppParams, querystring: HppQuery, body: BankAccountForm, response: { 303: SeeOther } } },
    async (request, reply) => {
      const { iban, account_holder: holder, account_type: accountType = 'consumer' } = request.body;
      try {
        return reply.redirect(await hpp.enterBankAccount(request.params.payment_id, request.query.token, { iban, accountHolder: holder, accountType }), 303);
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== 'validation_error') throw error;
        const invalid = new Map((error.options.errors ?? []).map((field) => [field.pointer.slice(1), field]));
        const language = languageOf(request);
        // The form again, as HTML, with what the buyer typed: not one of the declared (JSON) answers, so the untyped reply sends it.
        return sendPage(reply as FastifyReply, 400, formPage(actionOf(request), language, { iban, holder, accountType, invalid }));
      }
    },
  );
}
