import type { Account } from '../../accounts/schemas.js';
import type { FieldError } from '../../core/errors.js';
import { fieldText } from '../../core/error-texts.js';
import { LANGUAGES } from '../../core/language.js';
import { APPLICATION_STATUSES, DECISION_OUTCOMES, REGISTRATION_NUMBER_CODES, type ApplicationCreated, type ApplicationState } from '../../onboarding/schemas.js';
import { html, type Html, type Part } from '../html.js';
import type { Texts, Translator } from '../texts.js';
import { alert, csrf, details, field, page, select, statusBadge, statusOptions, type View } from '../views.js';
import { APPLICATION_FIELDS, type ApplicationField, type NewApplicationForm } from './schemas.js';
import type { ApplicationDetail, ApplicationEntry } from './service.js';
import { nextPanel } from '../sandbox/next.js';

/** What the application page offers the session's user (the server checks each action again). */
export interface MerchantPermissions {
  create: boolean;
  newLink: boolean;
  decide: boolean;
}

const stepText = (t: Translator, next: string | null) => t.t((next ? `step_${next}` : 'step_none') as keyof Texts);
const personName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`;

/** The area's own links: applications, accounts, and a new application for those who may create one. */
function sections(view: View, canCreate: boolean): Html {
  const { t } = view;
  const link = (href: string, label: string) => html`<a href="${href}" ${view.path === href ? html`aria-current="page"` : ''}>${label}</a>`;
  return html`<nav class="subnav" aria-label="${t.t('merchantsSections')}">${link('/dashboard/merchants', t.t('merchantApplications'))}${link('/dashboard/merchants/accounts', t.t('merchantAccounts'))}${canCreate ? link('/dashboard/merchants/applications/new', t.t('newApplication')) : ''}</nav>`;
}

function pager(t: Translator, label: string, first: string, next: string | undefined, paged: boolean): Html {
  return html`<nav class="pager" aria-label="${label}">${paged ? html`<a href="${first}">${t.t('firstPage')}</a>` : ''}${next ? html`<a href="${next}" rel="next">${t.t('nextPage')}</a>` : ''}</nav>`;
}

export function applicationsHref(status: string | undefined, after?: string): string {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (after) query.set('after', after);
  return `/dashboard/merchants${query.size ? `?${query}` : ''}`;
}

/** The platform's applications in the session's environment, newest first, with status and current step. */
export function applicationsPage(view: View, status: string | undefined, entries: ApplicationEntry[], cursor: string | undefined, paged: boolean, canCreate: boolean): Html {
  const { t } = view;
  const rows = entries.length === 0
    ? html`<p>${t.t('noApplications')}</p>`
    : html`<table class="list">
<thead><tr><th scope="col">${t.t('createdAt')}</th><th scope="col">${t.t('applicationApplicant')}</th><th scope="col">${t.t('reference')}</th><th scope="col">${t.t('status')}</th><th scope="col">${t.t('applicationStep')}</th></tr></thead>
<tbody>${entries.map(
        ({ application, state }) => html`<tr>
<td data-label="${t.t('createdAt')}"><a href="/dashboard/merchants/applications/${application.id}">${t.dateTime(application.created_at)}</a></td>
<td data-label="${t.t('applicationApplicant')}" class="wrap"><span>${personName(application.applicant)}<br><span class="muted">${application.applicant.email}</span></span></td>
<td data-label="${t.t('reference')}" class="wrap">${application.reference ?? '–'}</td>
<td data-label="${t.t('status')}">${statusBadge(t, application.status)}</td>
<td data-label="${t.t('applicationStep')}">${stepText(t, state.workflow.next)}</td>
</tr>`,
      )}</tbody></table>`;
  return page(
    view,
    t.t('merchants'),
    html`${sections(view, canCreate)}
<form class="panel filters" method="get" action="/dashboard/merchants" aria-label="${t.t('filters')}">
<div class="filter-grid">
${select('status', t.t('status'), t, statusOptions(t, APPLICATION_STATUSES), status)}
</div>
<div class="filter-actions"><button class="button primary" type="submit">${t.t('apply')}</button><a class="button secondary" href="/dashboard/merchants">${t.t('reset')}</a></div>
</form>
<section class="panel">
${rows}
${pager(t, t.t('merchantApplications'), applicationsHref(status), cursor && applicationsHref(status, cursor), paged)}
</section>`,
  );
}

/** The platform's merchant accounts: id, name, onboarding status, payouts, created. */
export function accountsPage(view: View, accounts: Account[], cursor: string | undefined, paged: boolean, canCreate: boolean): Html {
  const { t } = view;
  const rows = accounts.length === 0
    ? html`<p>${t.t('noMerchantAccounts')}</p>`
    : html`<table class="list">
<thead><tr><th scope="col">${t.t('accountName')}</th><th scope="col">ID</th><th scope="col">${t.t('applicationOnboarding')}</th><th scope="col">${t.t('payoutsEnabled')}</th><th scope="col">${t.t('createdAt')}</th></tr></thead>
<tbody>${accounts.map(
        (account) => html`<tr>
<td data-label="${t.t('accountName')}" class="wrap">${account.name}</td>
<td data-label="ID" class="wrap"><code>${account.id}</code></td>
<td data-label="${t.t('applicationOnboarding')}">${account.onboarding ? html`<a href="/dashboard/merchants/applications/${account.onboarding.application_id}">${statusBadge(t, account.onboarding.status)}</a>` : '–'}</td>
<td data-label="${t.t('payoutsEnabled')}">${account.payouts_enabled ? t.t('merchantYes') : t.t('merchantNo')}</td>
<td data-label="${t.t('createdAt')}">${t.dateTime(account.created_at)}</td>
</tr>`,
      )}</tbody></table>`;
  const href = (after?: string) => `/dashboard/merchants/accounts${after ? `?after=${encodeURIComponent(after)}` : ''}`;
  return page(view, t.t('merchantAccounts'), html`${sections(view, canCreate)}<section class="panel">${rows}${pager(t, t.t('merchantAccounts'), href(), cursor && href(cursor), paged)}</section>`);
}

/** A language's name in the page's language: "German", "Deutsch". */
const languageName = (t: Translator, language: string) => new Intl.DisplayNames(t.language, { type: 'language' }).of(language) ?? language;

function addressText(address: { line1?: string; number?: number; zip?: string; town_city?: string; country?: string } | undefined): string {
  if (!address) return '–';
  return [[address.line1, address.number].filter((part) => part !== undefined).join(' '), [address.zip, address.town_city].filter(Boolean).join(' '), address.country].filter(Boolean).join(', ');
}

function complianceText(t: Translator, { application }: ApplicationDetail): string {
  const { status, decided_at: decided, submitted_at: submitted } = application;
  if (status === 'succeeded' && decided) return t.t('complianceSucceeded', { date: t.dateTime(decided) });
  if (status === 'action_required' && decided) return t.t('complianceActionRequired', { date: t.dateTime(decided) });
  if (status === 'submitted' && submitted) return t.t('compliancePending', { date: t.dateTime(submitted) });
  return t.t('complianceNotSubmitted');
}

function sizeText(t: Translator, bytes: number): string {
  return new Intl.NumberFormat(t.language, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 }).format(bytes / 1000);
}

function documentsSection(view: View, applicationId: string, documents: ApplicationState['documents']): Html {
  const { t } = view;
  if (documents.length === 0) return html`<p>${t.t('noApplicationDocuments')}</p>`;
  const href = (id: string) => `/dashboard/merchants/applications/${applicationId}/documents/${id}`;
  return html`<ul class="documents">${documents.map(
    (document) => html`<li class="document">
${document.content_type.startsWith('image/') ? html`<a class="document-preview" href="${href(document.id)}"><img src="${href(document.id)}" alt="${t.t('previewOf', { name: document.filename })}"></a>` : ''}
${details([
  [t.t('type'), `${document.type.replace(/_/g, ' ')}${document.side ? ` (${document.side})` : ''}`],
  [t.t('documentFileName'), html`<a href="${href(document.id)}">${document.filename}</a>`],
  [t.t('documentSize'), sizeText(t, document.size)],
  [t.t('uploadedAt'), t.dateTime(document.uploaded_at)],
])}
</li>`,
  )}</ul>`;
}

function representativesSection(t: Translator, representatives: ApplicationState['representatives']): Html {
  if (representatives.length === 0) return html`<p>${t.t('noRepresentatives')}</p>`;
  return html`<table class="list">
<thead><tr><th scope="col">${t.t('personName')}</th><th scope="col">${t.t('email')}</th><th scope="col">${t.t('personRoles')}</th><th scope="col">${t.t('dateOfBirth')}</th><th scope="col">${t.t('nationality')}</th><th scope="col">${t.t('politicallyExposed')}</th><th scope="col">${t.t('status')}</th></tr></thead>
<tbody>${representatives.map(
    (person) => html`<tr>
<td data-label="${t.t('personName')}" class="wrap">${personName(person)}</td>
<td data-label="${t.t('email')}" class="wrap">${person.email}</td>
<td data-label="${t.t('personRoles')}">${person.roles.join(', ')}</td>
<td data-label="${t.t('dateOfBirth')}">${person.date_of_birth}</td>
<td data-label="${t.t('nationality')}">${person.nationality ?? '–'}</td>
<td data-label="${t.t('politicallyExposed')}" class="wrap">${person.pep ? `${t.t('merchantYes')}${person.pep_description ? `: ${person.pep_description}` : ''}` : t.t('merchantNo')}</td>
<td data-label="${t.t('status')}">${statusBadge(t, person.status)}</td>
</tr>`,
  )}</tbody></table>`;
}

const DECIDABLE: readonly string[] = ['submitted', 'action_required'];

function actions(view: View, { application }: ApplicationDetail, permissions: MerchantPermissions): Html {
  const { t } = view;
  const base = `/dashboard/merchants/applications/${application.id}`;
  const decide = permissions.decide && DECIDABLE.includes(application.status);
  if (!permissions.newLink && !decide) return html``;
  return html`${permissions.newLink && application.status !== 'succeeded'
    ? html`<section class="panel"><h2>${t.t('onboardingLink')}</h2><form method="post" action="${base}/link">${csrf(view.session)}<button class="button secondary" type="submit">${t.t('issueNewLink')}</button></form></section>`
    : ''}
${decide
    ? html`<section class="panel"><h2>${t.t('decisionTitle')}</h2><p class="hint">${t.t('decisionHint', { id: application.id })}</p><div class="confirm-actions">${DECISION_OUTCOMES.map(
        (outcome) => html`<form method="post" action="${base}/decision">${csrf(view.session)}<input type="hidden" name="outcome" value="${outcome}"><button class="button ${outcome === 'succeeded' ? 'primary' : 'secondary'}" type="submit">${t.t(`decide_${outcome}`)}</button></form>`,
      )}</div></section>`
    : ''}`;
}

/** An application: what it was created with, where it is, its business, people, payout account (masked), documents (with previews) and events. */
export function applicationPage(view: View, detail: ApplicationDetail, permissions: MerchantPermissions, notice?: string): Html {
  const { t } = view;
  const { application, state, events } = detail;
  const profile = state.business.profile;
  const account = state.payout_account;
  return page(
    view,
    t.t('applicationTitle', { name: profile?.legal_name ?? personName(application.applicant) }),
    html`${sections(view, permissions.create)}
${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
<section class="panel">
${details([
  [t.t('status'), statusBadge(t, application.status)],
  [t.t('applicationStep'), stepText(t, state.workflow.next)],
  [t.t('complianceSection'), complianceText(t, detail)],
  ['ID', html`<code>${application.id}</code>`],
  [t.t('merchantId'), html`<code>${application.merchant_id}</code>`],
])}
</section>
<div class="two-columns">
${nextPanel(view, { object: 'applications', id: application.id }, detail.next, false)}
<section class="panel">
<h2>${t.t('createdWith')}</h2>
${details([
  [t.t('applicationApplicant'), `${personName(application.applicant)} <${application.applicant.email}>`],
  [t.t('reference'), application.reference ?? '–'],
  [t.t('applicationLanguage'), languageName(t, application.language)],
  [t.t('applicationCurrencies'), application.currencies.join(', ')],
  [t.t('redirectUrl'), application.urls.redirect ?? '–'],
  [t.t('applicationWebhookUrl'), application.urls.webhook ?? '–'],
  [t.t('createdAt'), t.dateTime(application.created_at)],
])}
</section>
<section class="panel">
<h2>${t.t('businessSection')}</h2>
${details([
  [t.t('businessType'), state.business.type ? [state.business.type, state.business.structure, state.business.country_code].filter(Boolean).join(' · ').replace(/_/g, ' ') : '–'],
  [t.t('legalName'), profile?.legal_name ?? '–'],
  [t.t('registeredAddress'), addressText(profile?.registered_address)],
  [t.t('registrationNumber'), profile?.registration_number ? `${profile.registration_number}${profile.registration_number_code ? ` (${profile.registration_number_code})` : ''}` : '–'],
])}
<h2>${t.t('payoutAccountSection')}</h2>
${account
      ? details([
          [t.t('payoutIban'), html`<span class="masked">${account.account_number.value}</span>`],
          [t.t('accountOwner'), account.account_owners_name],
          [t.t('payoutCurrency'), account.currency],
        ])
      : html`<p>${t.t('notGivenYet')}</p>`}
</section>
</div>
<section class="panel">
<h2>${t.t('representatives')}</h2>
${representativesSection(t, state.representatives)}
</section>
<section class="panel">
<h2>${t.t('applicationDocuments')}</h2>
${documentsSection(view, application.id, state.documents)}
</section>
${actions(view, detail, permissions)}
<section class="panel">
<h2>${t.t('events')}</h2>
${events.length === 0
      ? html`<p>${t.t('noApplicationEvents')}</p>`
      : html`<ul class="events">${events.map((event) => html`<li class="event"><div class="event-head"><code>${event.type}</code><span>${t.dateTime(event.occurred_at)}</span>${event.delivery_status ? html`<span>${t.t('webhook')}: ${statusBadge(t, event.delivery_status)}</span>` : ''}</div></li>`)}</ul>`}
</section>
<p><a href="/dashboard/merchants">${t.t('allApplications')}</a></p>`,
  );
}

/** The new application's form as typed, each field the API refused marked with its reason. */
export function newApplicationPage(view: View, currencies: string[], form: Partial<NewApplicationForm> = {}, errors: FieldError[] = []): Html {
  const { t } = view;
  const errorOf = (name: ApplicationField) => {
    const pointer = APPLICATION_FIELDS[name];
    return errors.find((error) => error.pointer === pointer || error.pointer.startsWith(`${pointer}/`));
  };
  const named = (Object.keys(APPLICATION_FIELDS) as ApplicationField[]).filter((name) => errorOf(name));
  const unplaced = errors.filter((error) => !named.some((name) => errorOf(name) === error));
  const labels: Record<ApplicationField, string> = {
    email: t.t('email'),
    first_name: t.t('firstName'),
    last_name: t.t('lastName'),
    legal_name: t.t('legalName'),
    line1: t.t('street'),
    number: t.t('houseNumber'),
    zip: t.t('postcode'),
    town_city: t.t('townCity'),
    country: t.t('countryCode'),
    registration_number_code: t.t('registrationNumberCode'),
    registration_number: t.t('registrationNumber'),
    currencies: t.t('applicationCurrencies'),
    language: t.t('applicationLanguage'),
    reference: t.t('reference'),
    redirect: t.t('redirectUrl'),
    webhook: t.t('applicationWebhookUrl'),
  };
  const described = (name: ApplicationField, hint?: string) => {
    const error = errorOf(name);
    const ids = [hint ? `new-${name}-hint` : '', error ? `new-${name}-error` : ''].filter(Boolean).join(' ');
    return { error, attributes: html`${ids ? html`aria-describedby="${ids}"` : ''} ${error ? html`aria-invalid="true"` : ''}` };
  };
  const errorLine = (name: ApplicationField, error: FieldError | undefined) => (error ? html`<p class="error" id="new-${name}-error">${fieldText(error, t.language)}</p>` : '');
  const input = (name: ApplicationField, type = 'text', extra: Part = '') => {
    const { error, attributes } = described(name);
    const value = form[name];
    return html`<div class="field"><label for="new-${name}">${labels[name]}</label><input id="new-${name}" name="${name}" type="${type}" value="${typeof value === 'string' ? value : ''}" ${attributes} ${extra}>${errorLine(name, error)}</div>`;
  };
  const choice = (name: 'language' | 'registration_number_code', options: { value: string; label: string }[], any: boolean) => {
    const { error, attributes } = described(name);
    return html`<div class="field"><label for="new-${name}">${labels[name]}</label><select id="new-${name}" name="${name}" ${attributes}>${any ? html`<option value="">–</option>` : ''}${options.map((option) => html`<option value="${option.value}" ${form[name] === option.value ? html`selected` : ''}>${option.label}</option>`)}</select>${errorLine(name, error)}</div>`;
  };
  const chosen = [form.currencies ?? []].flat();
  form = { language: 'en', ...form }; // the API's default
  const currencyField = described('currencies', t.t('currenciesHint'));
  return page(
    view,
    t.t('newApplication'),
    html`${sections(view, true)}
${errors.length > 0 ? alert(t.t('fixFields', { fields: [...named.map((name) => labels[name]), ...unplaced.map((error) => `${error.pointer} ${fieldText(error, t.language)}`)].join(', ') })) : ''}
<form class="panel" method="post" action="/dashboard/merchants/applications" novalidate>
${csrf(view.session)}
<p class="hint">${t.t('newApplicationHint')}</p>
<fieldset><legend><h2>${t.t('applicantSection')}</h2></legend>
<div class="filter-grid">
${input('email', 'email', html`autocomplete="off" maxlength="254"`)}
${input('first_name', 'text', html`autocomplete="off" maxlength="50"`)}
${input('last_name', 'text', html`autocomplete="off" maxlength="50"`)}
</div>
</fieldset>
<fieldset><legend><h2>${t.t('businessOptional')}</h2></legend>
<div class="filter-grid">
${input('legal_name', 'text', html`autocomplete="off" maxlength="300"`)}
${choice('registration_number_code', REGISTRATION_NUMBER_CODES.map((code) => ({ value: code, label: code })), true)}
${input('registration_number', 'text', html`autocomplete="off" maxlength="50"`)}
${input('line1', 'text', html`autocomplete="off" maxlength="100"`)}
${input('number', 'text', html`inputmode="numeric" autocomplete="off" maxlength="6"`)}
${input('zip', 'text', html`autocomplete="off" maxlength="20"`)}
${input('town_city', 'text', html`autocomplete="off" maxlength="100"`)}
${input('country', 'text', html`autocomplete="off" maxlength="2" spellcheck="false"`)}
</div>
</fieldset>
<fieldset><legend><h2>${t.t('onboardingSettings')}</h2></legend>
<div class="filter-grid">
${choice('language', LANGUAGES.map((language) => ({ value: language, label: languageName(t, language) })), false)}
${input('reference', 'text', html`autocomplete="off" maxlength="50"`)}
${input('redirect', 'url', html`autocomplete="off" spellcheck="false"`)}
${input('webhook', 'url', html`autocomplete="off" spellcheck="false"`)}
</div>
<fieldset class="scopes" ${currencyField.attributes}><legend>${labels.currencies}</legend>
<p class="hint" id="new-currencies-hint">${t.t('currenciesHint')}</p>
${currencies.map((currency) => html`<div class="check"><input type="checkbox" id="currency-${currency}" name="currencies" value="${currency}" ${chosen.includes(currency) ? html`checked` : ''}><label for="currency-${currency}">${currency}</label></div>`)}
${errorLine('currencies', currencyField.error)}
</fieldset>
</fieldset>
<button class="button primary" type="submit">${t.t('createApplication')}</button>
</form>`,
  );
}

/** The answer of a new application or a new link: the onboarding link, shown once, in a field to copy. */
export function linkPage(view: View, title: string, notice: string, created: ApplicationCreated): Html {
  const { t } = view;
  const link = created._links.onboarding;
  return page(
    view,
    title,
    html`<p class="notice" role="status">${notice}</p>
<section class="panel">
${field('onboarding-link', t.t('onboardingLink'), html`<textarea id="onboarding-link" class="copy-field" readonly rows="3" spellcheck="false" aria-describedby="onboarding-link-hint">${link.href}</textarea>`, t.t('onboardingLinkHint', { date: t.dateTime(link.expires_at) }))}
<p><a class="button primary" href="/dashboard/merchants/applications/${created.id}">${t.t('openApplication')}</a></p>
</section>`,
  );
}
