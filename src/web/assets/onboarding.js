// The hosted onboarding wizard: drives the applicant step API (/smo/application/...) with the
// onboarding token of the link, and the public reference data (/reference/...). Where the merchant
// stands is derived from the application the API answers (its documents, workflow and _links), so a
// reload, another device or a new link resumes at the same step; the address only remembers which
// of the reachable steps is open.
import { applyBranding, busy, createApi, createTexts, field, h, messagePanel, setError, show, showFieldErrors } from './common.js';
import { TEXT } from './onboarding-texts.js';
import { SERVER_TEXTS } from './server-texts.js';

const token = new URLSearchParams(location.search).get('token') || '';
const main = document.getElementById('main');
const texts = createTexts(TEXT, SERVER_TEXTS);
const t = texts.t;
const api = createApi(token);
const publicApi = createApi(null);

const MAX_FILE_BYTES = 4 * 1024 * 1024;
const FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'];
const IDENTITY_TYPES = ['id', 'passport', 'driving_license'];
const ROLES = ['owner', 'executive', 'director'];
const BUSINESS_TYPES = ['company', 'individual_sole_trader', 'non_profit'];
/** The registration number codes of the API, by country and register. */
const REGISTER_CODES = { DE: { HRB: 'DeHrb', HRA: 'DeHra', VR: 'DeVr' } };
/** VAT numbers that pass their country's check digits, shown as examples; elsewhere the prefix (EL for Greece). */
const VAT_EXAMPLES = { DE: 'DE136695976', AT: 'ATU13585627', FR: 'FR40303265045', NL: 'NL810195835B01', ES: 'ESB12398087', IT: 'IT00743110157' };
const vatExample = (country) => VAT_EXAMPLES[country] || `${country === 'GR' ? 'EL' : country}…`;
/** ISO 13616 IBAN lengths of the SEPA countries and a few more (the server checks every country). */
const IBAN_LENGTHS = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GI: 23,
  GL: 18, GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MT: 31, NL: 18, NO: 15, PL: 28,
  PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27, VA: 22,
};

/** The application as the API last answered it, and the business-profile field configuration of its structure. */
let state = null;
let fieldConfig = null;
let fieldConfigKey = '';
/** The identity document kind the merchant picked on this visit (else the kind already uploaded). */
let identityChoice = null;
/** Set by "Edit" on the review: saving a step then returns to the review (or the first step still open). */
let returnToReview = false;
/** The representative whose details are being changed, by id. */
let editingRepresentative = null;
const previews = new Map();
const referenceData = new Map();

// ---------- the API ----------

const link = (name) => (state && state._links && state._links[name] ? state._links[name].href : undefined);
const applicationHref = () => link('app:application') || '/smo/application';

function reference(path) {
  if (!referenceData.has(path)) {
    referenceData.set(path, publicApi('GET', path).then((response) => {
      if (!response.ok) {
        referenceData.delete(path);
        throw new Error(`reference data ${path}: ${response.status}`);
      }
      return response.body;
    }));
  }
  return referenceData.get(path);
}

async function adopt(application) {
  state = application;
  texts.use(state.language);
  applyBranding({ name: state.platform.name, primary: state.platform.colors.primary_color, secondary: state.platform.colors.secondary_color, logo: state.platform.logo_url });
  const href = link('app:field-configuration');
  const key = `${state.business.country_code}/${state.business.type}/${state.business.structure}`;
  if (!href) {
    fieldConfig = null;
  } else if (key !== fieldConfigKey) {
    const response = await api('GET', href);
    if (!response.ok) throw new Error(`field configuration: ${response.status}`);
    fieldConfig = response.body;
    fieldConfigKey = key;
  }
}

async function refresh() {
  const response = await api('GET', applicationHref());
  if (!response.ok) {
    failure(response);
    return false;
  }
  await adopt(response.body);
  return true;
}

/**
 * Sends a step; answers the application after it, or null after showing what went wrong: field
 * errors at their fields, a conflict by reloading where the application stands, an expired link by its page.
 */
async function sendStep(form, method, href, body, pointers) {
  busy(form, true, t('saving'));
  const response = await api(method, href, body);
  busy(form, false);
  if (response.ok) return response.body;
  if (response.status === 400 && showFieldErrors(response.body, pointers, texts.fieldError)) return null;
  if (response.status === 409) {
    await load();
    return null;
  }
  if (response.status === 401) return failure(response);
  formAlert(form, texts.problem(response.body));
  return null;
}

function formAlert(form, message) {
  const alert = form.querySelector('.alert') || document.querySelector('.step .alert');
  if (!alert) return;
  alert.textContent = message;
  alert.hidden = !message;
  if (message) alert.focus();
}

// ---------- pages that end the visit ----------

function failure(response) {
  if (response && response.status === 401) return linkInvalid();
  show(main, messagePanel('error', t('error'), t('errorText'), h('button', { class: 'button primary', type: 'button', onclick: () => location.reload() }, t('retry'))));
  return null;
}

function linkInvalid() {
  if (!state) document.getElementById('brand-name').textContent = t('onboarding');
  show(main, messagePanel('expired', t('linkInvalid'), t('linkInvalidText')));
  return null;
}

function donePage() {
  const redirect = link('app:redirect');
  const platform = state.platform.name;
  const decided = state.status === 'succeeded' ? 'doneSucceeded' : 'doneText';
  document.title = t('doneTitle');
  show(main, messagePanel('success', t('doneTitle'), t(decided, { platform }), redirect ? h('a', { class: 'button primary', id: 'redirect', href: redirect }, t('backTo', { platform })) : null));
}

// ---------- the steps ----------

const SCREENS = [
  { key: 'applicant', done: () => Boolean(link('app:applicant') && state.applicant.date_of_birth), render: applicantScreen },
  { key: 'identity', done: () => IDENTITY_TYPES.some(identityComplete), render: identityScreen },
  { key: 'business-type', done: () => state.business.type !== null, render: businessTypeScreen },
  { key: 'business-profile', done: () => Boolean(link('app:representatives')), render: businessProfileScreen },
  { key: 'company-documents', done: () => state.business.type !== null && (!registrationRequired() || Boolean(documentOf('company_registration'))), render: companyDocumentsScreen },
  { key: 'representatives', done: () => Boolean(link('app:payout-account')), render: representativesScreen },
  { key: 'payout', done: () => state.payout_account !== null, render: payoutScreen },
  { key: 'review', done: () => false, render: reviewScreen },
];
const SCREEN_OF_STEP = {
  'app:confirm-applicant': 'applicant',
  'app:applicant': 'applicant',
  'app:business-type': 'business-type',
  'app:business-profile': 'business-profile',
  'app:representatives': 'representatives',
  'app:confirm-representatives': 'representatives',
  'app:payout-account': 'payout',
  'app:submit': 'review',
};
const indexOf = (key) => SCREENS.findIndex((screen) => screen.key === key);

/** The furthest step the merchant may open: the first one not done, and never past the API's workflow.next. */
function resumeIndex() {
  const firstOpen = SCREENS.findIndex((screen) => !screen.done());
  const next = indexOf(SCREEN_OF_STEP[state.workflow.next] || 'review');
  return Math.min(firstOpen === -1 ? SCREENS.length - 1 : firstOpen, next === -1 ? SCREENS.length - 1 : next);
}

function open(key, { push = true } = {}) {
  const index = Math.min(Math.max(indexOf(key), 0), resumeIndex());
  const screen = SCREENS[index];
  if (location.hash !== `#${screen.key}`) history[push ? 'pushState' : 'replaceState'](null, '', `#${screen.key}`);
  return Promise.resolve(screen.render(index)).catch(() => failure(null));
}

const next = (index) => open(returnToReview ? 'review' : SCREENS[index + 1].key);

function stepNav(current) {
  const reachable = resumeIndex();
  return h('nav', { class: 'steps', 'aria-label': t('stepsLabel') },
    h('ol', {}, SCREENS.map((screen, index) => {
      const done = index < reachable;
      const label = h('span', { class: 'step-label', 'data-text': t(`step:${screen.key}`) }, t(`step:${screen.key}`));
      const marker = h('span', { class: 'step-marker', 'aria-hidden': 'true' }, done ? '' : String(index + 1));
      const status = done ? h('span', { class: 'visually-hidden' }, ` (${t('completed')})`) : null;
      const item = index === current
        ? h('span', { class: 'step-link', 'aria-current': 'step' }, marker, label, status)
        : index <= reachable
          ? h('button', { type: 'button', class: 'step-link', onclick: () => open(screen.key) }, marker, label, status)
          : h('span', { class: 'step-link locked' }, marker, label);
      return h('li', { class: `step-item${done ? ' done' : ''}${index === current ? ' current' : ''}` }, item);
    })));
}

/** A step's page: the list of steps, the progress on a phone, the heading, a lead text and the content. */
function frame(index, { lead, content }) {
  const title = t(`title:${SCREENS[index].key}`);
  document.title = `${title} · ${state.platform.name}`;
  show(main, h('div', { class: 'wizard' },
    stepNav(index),
    h('section', { class: 'panel step', id: `step-${SCREENS[index].key}`, 'aria-labelledby': 'step-title' },
      h('p', { class: 'eyebrow' }, t('stepOf', { n: index + 1, total: SCREENS.length })),
      h('progress', { class: 'progress', max: SCREENS.length, value: index + 1, 'aria-hidden': 'true' }),
      h('h1', { id: 'step-title' }, title),
      // The compliance checks asked for more: the application is open again until it is submitted again.
      state.status === 'action_required' ? h('p', { class: 'notice attention', id: 'action-required' }, t('actionRequired')) : null,
      lead ? h('p', { class: 'lead' }, lead) : null,
      h('p', { class: 'alert', role: 'alert', tabindex: '-1', hidden: true }),
      content)));
}

function actions(index, submitLabel = t(returnToReview ? 'saveAndReview' : 'continue'), { submitType = 'submit', onclick } = {}) {
  return h('div', { class: 'actions' },
    // While editing from the review, back leads there, unsaved.
    returnToReview
      ? h('button', { type: 'button', class: 'button secondary', id: 'back', onclick: () => open('review') }, t('backToReview'))
      : index > 0 ? h('button', { type: 'button', class: 'button secondary', id: 'back', onclick: () => open(SCREENS[index - 1].key) }, t('back')) : h('span'),
    h('button', { type: submitType, class: 'button primary', id: 'continue', onclick }, submitLabel));
}

// ---------- form parts ----------

const input = (name, attributes = {}) => h('input', { name, type: 'text', ...attributes });

function countryNames() {
  const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([texts.lang], { type: 'region' }) : null;
  return (country) => {
    try {
      return (names && names.of(country.code)) || country.name;
    } catch {
      return country.name;
    }
  };
}

async function countrySelect(name, selected, { required = true, withPrefix = false } = {}) {
  const countries = await reference('/reference/countries');
  const nameOf = countryNames();
  const sorted = countries.map((country) => ({ ...country, label: nameOf(country) })).sort((a, b) => a.label.localeCompare(b.label, texts.lang));
  return h('select', { name, required },
    required && !withPrefix ? h('option', { value: '' }, t('choose')) : withPrefix ? null : h('option', { value: '' }, t('none')),
    sorted.map((country) => h('option', { value: country.code, selected: country.code === selected }, withPrefix ? `${country.label} (${country.phone_prefix})` : country.label)));
}

/** Radio buttons or checkboxes in a fieldset; the first input carries the group's id (errors and focus). */
function choiceGroup(id, legend, type, name, options, { hint } = {}) {
  return h('fieldset', { class: 'field choices', id: `${id}-field` },
    h('legend', {}, legend),
    hint ? h('p', { class: 'hint', id: `${id}-hint` }, hint) : null,
    h('div', { class: `choice-list ${type}${options.some((option) => option.description) ? '' : ' inline'}` }, options.map((option, index) =>
      h('label', { class: 'choice' },
        h('input', {
          type, name, value: option.value, id: index === 0 ? id : `${id}-${index}`, checked: option.checked,
          'aria-describedby': [hint ? `${id}-hint` : null, `${id}-error`].filter(Boolean).join(' '),
          onchange: option.onchange,
        }),
        h('span', { class: 'choice-text' }, h('span', { class: 'choice-label' }, option.label), option.description ? h('small', {}, option.description) : null)))),
    h('p', { class: 'error', id: `${id}-error`, 'aria-live': 'polite' }));
}

const checkedValues = (form, name) => [...form.querySelectorAll(`input[name="${name}"]:checked`)].map((element) => element.value);

function isAtLeast16(value) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const today = new Date();
  const birthday = new Date(Number(match[1]) + 16, Number(match[2]) - 1, Number(match[3]));
  return birthday <= new Date(today.getFullYear(), today.getMonth(), today.getDate());
}

function problemOf(element) {
  const value = element.value.trim();
  if (element.required && !value) return t('errRequired');
  if (value && element.minLength > 0 && value.length < element.minLength) return t('errShort', { n: element.minLength });
  if (value && element.type === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value)) return t('errEmail');
  return '';
}

/**
 * Checks a form before sending it: the inputs' own rules (required, length, email) and the given
 * checks by element id. Shows every message at its field and focuses the first; answers whether all passed.
 */
function validate(form, checks = {}) {
  const messages = new Map();
  // A hidden field is not asked for: whatever it was flagged with before is cleared.
  for (const element of form.querySelectorAll('input, select, textarea')) {
    if (!element.id || ['radio', 'checkbox', 'file'].includes(element.type)) continue;
    messages.set(element.id, element.closest('[hidden]') ? '' : problemOf(element));
  }
  for (const [id, check] of Object.entries(checks)) {
    const element = document.getElementById(id);
    if (!element || element.closest('[hidden]')) continue;
    messages.set(id, messages.get(id) || check(element) || '');
  }
  for (const [id, message] of messages) setError(id, message);
  const first = form.querySelector('[aria-invalid="true"]');
  if (first) first.focus();
  return !first;
}

/**
 * Shows or hides the PEP description of the form's person. Hidden, it is neither required nor
 * flagged: an error it had under "Yes" must not keep the form from being sent under "No".
 */
function showPepDescription(form, prefix, shown) {
  const container = form.querySelector(`#${prefix}-pep_description-field`);
  const description = container.querySelector('textarea');
  container.hidden = !shown;
  description.required = shown;
  if (shown) return;
  description.removeAttribute('aria-invalid');
  container.querySelector('.error').textContent = '';
}

/** "Are you (is this person) politically exposed?" with the description it then asks for. */
function pepFields(prefix, person, question = t('pep')) {
  const shown = person.pep === true;
  const description = field(`${prefix}-pep_description`, t('pepDescription'), h('textarea', { name: 'pep_description', rows: 3, maxlength: 300, required: shown }, person.pep_description || ''));
  description.hidden = !shown;
  const toggle = (event) => showPepDescription(event.currentTarget.form, prefix, event.currentTarget.value === 'yes');
  return [
    choiceGroup(`${prefix}-pep`, question, 'radio', `${prefix}-pep`, [
      { value: 'no', label: t('no'), checked: person.pep === false, onchange: toggle },
      { value: 'yes', label: t('yes'), checked: person.pep === true, onchange: toggle },
    ], { hint: t('pepHint') }),
    description,
  ];
}

function rolesGroup(id, name, selected = []) {
  return choiceGroup(id, t('roles'), 'checkbox', name, ROLES.map((role) => ({ value: role, label: t(`role:${role}`), checked: selected.includes(role) })), { hint: t('rolesHint') });
}

/** The person fields shared by the applicant and representative forms, as the API's body. */
function personOf(form, prefix) {
  const value = (name) => form.elements[name].value.trim();
  const pep = checkedValues(form, `${prefix}-pep`)[0] === 'yes';
  return {
    date_of_birth: value('date_of_birth'),
    pep,
    ...(pep ? { pep_description: value('pep_description') } : {}),
    roles: checkedValues(form, `${prefix}-roles`),
  };
}

const personChecks = (form, prefix) => ({
  [`${prefix}-date_of_birth`]: (element) => (element.value && !isAtLeast16(element.value) ? t('field:too_young', { years: 16 }) : ''),
  [`${prefix}-roles`]: () => (checkedValues(form, `${prefix}-roles`).length === 0 ? t('errRoles') : ''),
  [`${prefix}-pep`]: () => (checkedValues(form, `${prefix}-pep`).length === 0 ? t('errChoose') : ''),
});

const personPointers = (prefix) => Object.fromEntries(
  ['first_name', 'last_name', 'email', 'date_of_birth', 'nationality', 'gender', 'pep_description', 'roles', 'pep'].map((name) => [`/${name}`, `${prefix}-${name}`]),
);

// ---------- 1. the applicant ----------

async function applicantScreen(index) {
  const person = state.applicant;
  const gender = h('select', { name: 'gender', required: true },
    h('option', { value: '' }, t('choose')),
    ['female', 'male', 'na'].map((value) => h('option', { value, selected: person.gender === value }, t(`gender:${value}`))));
  const form = h('form', { id: 'applicant-form', novalidate: true, onsubmit: submit },
    h('div', { class: 'row' },
      field('a-first_name', t('firstName'), input('first_name', { value: person.first_name, autocomplete: 'given-name', minlength: 2, maxlength: 50, required: true })),
      field('a-last_name', t('lastName'), input('last_name', { value: person.last_name, autocomplete: 'family-name', minlength: 2, maxlength: 50, required: true }))),
    field('a-email', t('email'), input('email', { type: 'email', value: person.email, autocomplete: 'email', maxlength: 254, required: true })),
    h('div', { class: 'row' },
      field('a-date_of_birth', t('dateOfBirth'), input('date_of_birth', { type: 'date', value: person.date_of_birth || '', autocomplete: 'bday', required: true })),
      field('a-gender', t('gender'), gender)),
    field('a-nationality', t('nationality'), await countrySelect('nationality', person.nationality)),
    rolesGroup('a-roles', 'a-roles', person.roles),
    pepFields('a', person),
    actions(index));

  async function submit(event) {
    event.preventDefault();
    if (!validate(form, personChecks(form, 'a'))) return;
    const value = (name) => form.elements[name].value.trim();
    const pointers = personPointers('a');
    const confirmed = await sendStep(form, 'POST', link('app:confirm-applicant'), { first_name: value('first_name'), last_name: value('last_name'), email: value('email') }, pointers);
    if (!confirmed) return;
    await adopt(confirmed);
    const details = await sendStep(form, 'PATCH', link('app:applicant'), { nationality: value('nationality'), gender: value('gender'), ...personOf(form, 'a') }, pointers);
    if (!details) return;
    await adopt(details);
    next(index);
  }

  frame(index, { lead: t('lead:applicant', { platform: state.platform.name }), content: form });
}

// ---------- documents ----------

function documentOf(type, side = null) {
  return [...state.documents].reverse().find((document) => document.type === type && document.side === side);
}

const sidesOf = (type) => (type === 'passport' ? ['front'] : ['front', 'back']);
const identityComplete = (type) => sidesOf(type).every((side) => documentOf(type, side));

function fileSize(bytes) {
  const format = (value, unit) => `${new Intl.NumberFormat(texts.lang, { maximumFractionDigits: 1 }).format(value)} ${unit}`;
  if (bytes < 1024) return format(bytes, 'B');
  if (bytes < 1024 * 1024) return format(bytes / 1024, 'KB');
  return format(bytes / 1024 / 1024, 'MB');
}

/** POSTs a file with XMLHttpRequest: unlike fetch, it reports the upload's progress. */
function postFile(file, parts, onProgress) {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${new URL(applicationHref(), location.origin).pathname}/documents`);
    request.setRequestHeader('authorization', `Bearer ${token}`);
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => event.lengthComputable && onProgress(event.loaded / event.total));
    request.addEventListener('load', () => {
      let body = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      resolve({ status: request.status, ok: request.status >= 200 && request.status < 300, body });
    });
    request.addEventListener('error', () => resolve({ status: 0, ok: false, body: null }));
    const data = new FormData();
    for (const [name, value] of Object.entries(parts)) data.append(name, value);
    data.append('file', file, file.name);
    request.send(data);
  });
}

async function previewOf(document) {
  if (!document.content_type.startsWith('image/')) return null;
  if (!previews.has(document.id)) {
    const href = `${new URL(applicationHref(), location.origin).pathname}/documents/${encodeURIComponent(document.id)}/content`;
    const response = await fetch(href, { headers: { authorization: `Bearer ${token}` }, credentials: 'omit', cache: 'no-store' });
    if (!response.ok) return null;
    previews.set(document.id, URL.createObjectURL(await response.blob()));
  }
  return previews.get(document.id);
}

/**
 * One document to upload: a drop zone with a file picker, then the upload's progress, then the
 * uploaded file with its preview and a button to delete it.
 */
function uploadSlot({ id, type, side = null, label, optional = false }) {
  const slot = h('div', { class: 'upload', id: `${id}-slot`, 'data-type': type, 'data-side': side || '' });
  const error = () => h('p', { class: 'error', id: `${id}-error`, 'aria-live': 'polite' });

  function picker(message) {
    const fileInput = h('input', { type: 'file', id, class: 'file-input', accept: FILE_TYPES.join(','), 'aria-describedby': `${id}-hint ${id}-error`, onchange: () => fileInput.files[0] && send(fileInput.files[0]) });
    const zone = h('label', { for: id, class: 'dropzone' },
      h('span', { class: 'dropzone-icon', 'aria-hidden': 'true' }),
      h('span', { class: 'dropzone-text' },
        h('strong', {}, label, optional ? h('span', { class: 'optional' }, ` ${t('optional')}`) : null),
        h('span', { class: 'hint', id: `${id}-hint` }, t('fileHint'))),
      h('span', { class: 'button secondary small', 'aria-hidden': 'true' }, t('chooseFile')));
    zone.addEventListener('dragover', (event) => {
      event.preventDefault();
      zone.classList.add('dragging');
    });
    zone.addEventListener('dragleave', () => zone.classList.remove('dragging'));
    zone.addEventListener('drop', (event) => {
      event.preventDefault();
      zone.classList.remove('dragging');
      if (event.dataTransfer.files[0]) send(event.dataTransfer.files[0]);
    });
    const errorLine = error();
    errorLine.textContent = message || '';
    if (message) fileInput.setAttribute('aria-invalid', 'true');
    slot.replaceChildren(fileInput, zone, errorLine);
    return fileInput;
  }

  async function uploaded(document, focus) {
    const remove = h('button', { type: 'button', class: 'button link small remove', id: `${id}-remove`, 'aria-label': t('removeNamed', { name: `${label}: ${document.filename}` }), onclick: () => drop(document) }, t('remove'));
    const thumbnail = h('div', { class: 'thumbnail', 'aria-hidden': 'true' }, document.content_type === 'application/pdf' ? h('span', { class: 'pdf' }, 'PDF') : null);
    const summary = h('div', { class: 'uploaded', tabindex: '-1', id: `${id}-done` },
      thumbnail,
      h('div', { class: 'file-meta' },
        h('strong', {}, label),
        h('span', { class: 'filename' }, document.filename),
        h('span', { class: 'file-status' }, `${t('uploaded')} · ${fileSize(document.size)}`),
        remove));
    slot.replaceChildren(summary, error());
    if (focus) summary.focus();
    const url = await previewOf(document);
    if (url) thumbnail.replaceChildren(h('img', { src: url, alt: '' }));
  }

  async function send(file) {
    if (!FILE_TYPES.includes(file.type)) return picker(t('errFileType')).focus();
    if (file.size > MAX_FILE_BYTES) return picker(t('errFileSize')).focus();
    const bar = h('progress', { max: 100, value: 0, id: `${id}-progress`, 'aria-label': t('uploading', { name: file.name }) });
    const percent = h('span', { class: 'percent' }, '0 %');
    slot.replaceChildren(h('div', { class: 'uploading', role: 'status' }, h('span', { class: 'filename' }, t('uploading', { name: file.name })), bar, percent));
    const response = await postFile(file, { type, ...(side ? { side } : {}) }, (share) => {
      bar.value = Math.round(share * 100);
      percent.textContent = `${bar.value} %`;
    });
    if (response.status === 401) return failure(response);
    if (!response.ok) {
      const problem = response.body && response.body.errors && response.body.errors.find((entry) => entry.pointer === '/file');
      return picker(problem ? texts.fieldError(problem) : t('errUpload')).focus();
    }
    if (file.type.startsWith('image/')) previews.set(response.body.id, URL.createObjectURL(file));
    if (await refresh()) uploaded(documentOf(type, side) || response.body, true);
  }

  async function drop(document) {
    const response = await api('DELETE', `${applicationHref()}/documents/${encodeURIComponent(document.id)}`);
    if (!response.ok && response.status !== 404) return failure(response);
    if (previews.has(document.id)) URL.revokeObjectURL(previews.get(document.id));
    previews.delete(document.id);
    if (response.ok) await adopt(response.body);
    else await refresh();
    picker().focus();
  }

  const existing = documentOf(type, side);
  if (existing) uploaded(existing, false);
  else picker();
  return slot;
}

// ---------- 2. identity documents ----------

function identityScreen(index) {
  const uploadedType = IDENTITY_TYPES.find(identityComplete) || IDENTITY_TYPES.find((type) => sidesOf(type).some((side) => documentOf(type, side)));
  const chosen = identityChoice || uploadedType || 'id';
  const slots = h('div', { class: 'uploads', id: 'identity-slots' });
  const renderSlots = (type) => {
    slots.replaceChildren(...sidesOf(type).map((side) => uploadSlot({ id: `doc-${side}`, type, side, label: t(`side:${side}`) })));
  };
  const choose = (event) => {
    identityChoice = event.currentTarget.value;
    renderSlots(identityChoice);
  };
  const form = h('form', { id: 'identity-form', novalidate: true, onsubmit: (event) => {
    event.preventDefault();
    const type = checkedValues(form, 'identity-type')[0];
    const missing = sidesOf(type).filter((side) => !documentOf(type, side));
    for (const side of missing) setError(`doc-${side}`, t('errDocument'));
    if (missing.length > 0) return document.getElementById(`doc-${missing[0]}`).focus();
    next(index);
  } },
  choiceGroup('identity-type', t('documentKind'), 'radio', 'identity-type', IDENTITY_TYPES.map((type) => ({ value: type, label: t(`kind:${type}`), checked: type === chosen, onchange: choose }))),
  slots,
  actions(index));
  renderSlots(chosen);
  frame(index, { lead: t('lead:identity'), content: form });
}

// ---------- 3. business type and structure ----------

function businessCountry() {
  const prefill = state.business.profile && state.business.profile.registered_address;
  return state.business.country_code || (prefill && prefill.country) || state.applicant.nationality || 'DE';
}

function structureLabel(structure) {
  const key = `structure:${structure.value}`;
  return texts.has(key) ? t(key) : structure.label;
}

async function businessTypeScreen(index) {
  const country = await countrySelect('country_code', businessCountry());
  const types = h('div', { id: 'business-types' });
  const structureField = h('div');

  async function renderTypes(countryCode, selectedType, selectedStructure) {
    const options = await reference(`/reference/business-types?country_code=${encodeURIComponent(countryCode)}`);
    // Nothing is chosen for the merchant: neither a type nor, where there is a choice, a legal form.
    const typeValue = options.items.some((item) => item.value === selectedType) ? selectedType : null;
    const renderStructures = (type, selected) => {
      const item = options.items.find((candidate) => candidate.value === type);
      if (!item) return structureField.replaceChildren();
      const structures = item.children.items;
      const value = structures.length === 1 ? structures[0].value : selected;
      structureField.replaceChildren(field('bt-structure', t('structure'), h('select', { name: 'structure', required: true, onchange: () => setError('bt-structure', '') },
        structures.length > 1 ? h('option', { value: '' }, t('choose')) : null,
        structures.map((structure) => h('option', { value: structure.value, selected: structure.value === value }, structureLabel(structure))))));
    };
    types.replaceChildren(choiceGroup('bt-type', t('businessType'), 'radio', 'type', options.items
      .filter((item) => BUSINESS_TYPES.includes(item.value))
      .map((item) => ({
        value: item.value,
        label: t(`type:${item.value}`),
        description: t(`typeHint:${item.value}`),
        checked: item.value === typeValue,
        onchange: (event) => renderStructures(event.currentTarget.value),
      }))));
    renderStructures(typeValue, selectedStructure);
  }

  country.addEventListener('change', () => country.value && renderTypes(country.value, checkedValues(form, 'type')[0]));
  const form = h('form', { id: 'business-type-form', novalidate: true, onsubmit: async (event) => {
    event.preventDefault();
    if (!validate(form, { 'bt-type': () => (checkedValues(form, 'type').length === 0 ? t('errChoose') : '') })) return;
    const body = { country_code: country.value, type: checkedValues(form, 'type')[0], structure: form.elements.structure.value };
    const answer = await sendStep(form, 'POST', link('app:business-type'), body, { '/country_code': 'bt-country', '/type': 'bt-type', '/structure': 'bt-structure' });
    if (!answer) return;
    await adopt(answer);
    next(index);
  } },
  field('bt-country', t('businessCountry'), country),
  types,
  structureField,
  actions(index));
  await renderTypes(businessCountry(), state.business.type, state.business.structure);
  frame(index, { lead: t('lead:business-type'), content: form });
}

// ---------- 4. business profile ----------

function registrationRequired() {
  return Boolean(fieldConfig && fieldConfig.registration_number && fieldConfig.registration_number.required);
}

/** The merchant categories named in the page's language. */
const categories = () => reference(`/reference/merchant-category-codes?language=${texts.lang}`);
const describe = (entry) => `${entry.code} · ${entry.name}`;
/** Text as the search compares it: lower case, without accents ("Bäckerei" and "backerei" match). */
const folded = (text) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ß/g, 'ss').toLowerCase();

/**
 * The MCC field: a combobox (ARIA 1.2) that searches the ISO 18245 list by its name in the page's
 * language, its English description or its code.
 */
async function mccCombobox(selectedCode) {
  // The name as words after a space each, so that " word" finds a word's start.
  const codes = (await categories()).map((entry) => ({ ...entry, named: ` ${folded(entry.name).replace(/[^a-z0-9]+/g, ' ')}`, searched: folded(`${entry.code} ${entry.name} ${entry.description}`) }));
  // Best first: every word starts a word of the name, then is found in the name, then elsewhere (English, code).
  const rank = (entry, words) => {
    if (words.every((word) => entry.named.includes(` ${word}`))) return 0;
    return words.every((word) => entry.named.includes(word)) ? 1 : 2;
  };
  const selected = codes.find((entry) => entry.code === selectedCode);
  const box = input('mcc', { role: 'combobox', 'aria-autocomplete': 'list', 'aria-expanded': 'false', 'aria-controls': 'bp-mcc-list', autocomplete: 'off', value: selected ? describe(selected) : '', required: true, spellcheck: 'false', placeholder: t('mccPlaceholder') });
  box.dataset.code = selected ? selected.code : '';
  const list = h('ul', { id: 'bp-mcc-list', role: 'listbox', class: 'listbox', 'aria-label': t('mcc'), hidden: true });
  let matches = [];
  let active = -1;

  const close = () => {
    list.hidden = true;
    box.setAttribute('aria-expanded', 'false');
    box.removeAttribute('aria-activedescendant');
    active = -1;
  };
  const choose = (entry) => {
    box.value = describe(entry);
    box.dataset.code = entry.code;
    setError('bp-mcc', '');
    close();
  };
  const highlight = (position) => {
    active = position;
    [...list.children].forEach((option, index) => option.setAttribute('aria-selected', String(index === active)));
    const option = list.children[active];
    if (!option) return box.removeAttribute('aria-activedescendant');
    box.setAttribute('aria-activedescendant', option.id);
    option.scrollIntoView({ block: 'nearest' });
  };
  const search = () => {
    const words = folded(box.value).split(/[\s·]+/).filter(Boolean);
    box.dataset.code = '';
    matches = words.length === 0 ? [] : codes
      .filter((entry) => words.every((word) => entry.searched.includes(word)))
      .map((entry) => ({ entry, rank: rank(entry, words) }))
      .sort((a, b) => a.rank - b.rank)
      .slice(0, 30)
      .map(({ entry }) => entry);
    list.replaceChildren(...(matches.length > 0
      ? matches.map((entry, index) => h('li', { role: 'option', id: `mcc-${entry.code}`, 'aria-selected': 'false', onmousedown: (event) => event.preventDefault(), onclick: () => choose(matches[index]) }, describe(entry)))
      : words.length > 0 ? [h('li', { class: 'empty', 'aria-disabled': 'true' }, t('mccNone'))] : []));
    list.hidden = words.length === 0;
    box.setAttribute('aria-expanded', String(!list.hidden));
    active = -1;
    box.removeAttribute('aria-activedescendant');
  };
  box.addEventListener('input', search);
  box.addEventListener('blur', close);
  box.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (list.hidden) search();
      if (matches.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      highlight((active + step + matches.length) % matches.length);
    } else if (event.key === 'Enter' && !list.hidden && active >= 0) {
      event.preventDefault();
      choose(matches[active]);
    } else if (event.key === 'Escape' && !list.hidden) {
      event.preventDefault();
      close();
    }
  });
  const wrapper = field('bp-mcc', t('mcc'), box, t('mccHint'));
  box.after(list);
  wrapper.classList.add('combo');
  return wrapper;
}

function websiteOf(value) {
  const trimmed = value.trim();
  if (!trimmed) return '';
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

function websiteProblem(value) {
  try {
    const url = new URL(websiteOf(value));
    return ['http:', 'https:'].includes(url.protocol) && url.hostname.includes('.') ? '' : t('field:invalid_uri');
  } catch {
    return t('field:invalid_uri');
  }
}

async function courtSelect(country, selected, required) {
  const courts = await reference(`/reference/district-courts?country_code=${encodeURIComponent(country)}`);
  return h('select', { name: 'district_court_code', required },
    h('option', { value: '' }, t('choose')),
    courts.map((court) => h('option', { value: court.code, selected: court.code === selected }, court.name)));
}

async function registrationFields(profile, country) {
  const parts = [];
  const rule = fieldConfig.registration_number;
  if (rule) {
    const register = rule.type !== 'company_register' ? rule.type : null;
    const label = register ? t('registrationNumberOf', { register }) : t('registrationNumber');
    const hint = register ? t('registrationHint', { example: `${register} 12345` }) : null;
    const number = field('bp-registration_number', label + (rule.required ? '' : ` ${t('optional')}`),
      input('registration_number', { value: profile.registration_number || '', maxlength: 50, required: rule.required, placeholder: register ? `${register} 12345` : '', spellcheck: 'false' }), hint);
    parts.push(number);
  }
  const court = fieldConfig.district_court_code;
  if (court) parts.push(field('bp-district_court_code', t('districtCourt') + (court.required ? '' : ` ${t('optional')}`), await courtSelect(country, profile.district_court_code, court.required)));
  if (fieldConfig.vat_number) {
    const required = fieldConfig.vat_number.required;
    parts.push(field('bp-vat_number', t('vatNumber') + (required ? '' : ` ${t('optional')}`), input('vat_number', { value: profile.vat_number || '', maxlength: 20, required, placeholder: vatExample(country), spellcheck: 'false', autocapitalize: 'characters' })));
  }
  return parts;
}

function registrationCode(country) {
  const rule = fieldConfig.registration_number;
  return rule ? (REGISTER_CODES[country] || {})[rule.type] : undefined;
}

async function businessProfileScreen(index) {
  const profile = state.business.profile || {};
  const address = profile.registered_address || {};
  const country = state.business.country_code;
  const phone = profile.phone_number || {};
  const houseNumber = address.number !== undefined ? String(address.number) : '';
  const registered = Boolean(fieldConfig && fieldConfig.registration_number);
  // Without a register there is no "name as in the register": a sole trader's business is usually named after them.
  const soleTrader = state.business.type === 'individual_sole_trader';
  const legalName = profile.legal_name || (soleTrader && !registered ? personName(state.applicant) : '');
  const form = h('form', { id: 'business-profile-form', novalidate: true, onsubmit: submit },
    field('bp-legal_name', t(registered ? 'legalName' : 'businessName'), input('legal_name', { value: legalName, autocomplete: 'organization', minlength: 2, maxlength: 300, required: true }),
      registered || !soleTrader ? null : t('businessNameHint')),
    field('bp-trading_name', `${t('tradingName')} ${t('optional')}`, input('trading_name', { value: profile.trading_name || '', minlength: 2, maxlength: 300 }), t('tradingNameHint')),
    await registrationFields(profile, country),
    h('fieldset', { class: 'group' },
      h('legend', {}, t('address')),
      h('div', { class: 'row street' },
        field('bp-line1', t('street'), input('line1', { value: address.line1 || '', autocomplete: 'address-line1', maxlength: 100, required: true })),
        field('bp-number', t('houseNumber'), input('number', { value: houseNumber, inputmode: 'numeric', maxlength: 6, pattern: '[0-9]*' }))),
      field('bp-line2', `${t('line2')} ${t('optional')}`, input('line2', { value: address.line2 || '', autocomplete: 'address-line2', maxlength: 100 })),
      h('div', { class: 'row' },
        field('bp-zip', t('zip'), input('zip', { value: address.zip || '', autocomplete: 'postal-code', maxlength: 20, required: true })),
        field('bp-town_city', t('town'), input('town_city', { value: address.town_city || '', autocomplete: 'address-level2', maxlength: 100, required: true }))),
      field('bp-country', t('country'), await countrySelect('country', address.country || country))),
    await mccCombobox(profile.mcc),
    field('bp-website', t('website'), input('website', { type: 'url', value: profile.website || '', autocomplete: 'url', inputmode: 'url', maxlength: 2000, required: true, placeholder: 'https://', spellcheck: 'false' })),
    h('div', { class: 'row phone' },
      field('bp-phone_country', t('phonePrefix'), await countrySelect('phone_country', phone.country_code || country, { withPrefix: true })),
      field('bp-phone_number', `${t('phone')} ${t('optional')}`, input('phone_number', { type: 'tel', value: phone.number || '', autocomplete: 'tel-national', maxlength: 30 }))),
    actions(index));

  async function submit(event) {
    event.preventDefault();
    const checks = {
      'bp-mcc': (element) => (element.value.trim() && !element.dataset.code ? t('errMcc') : ''),
      'bp-website': (element) => (element.value.trim() ? websiteProblem(element.value) : ''),
      'bp-number': (element) => (/^\d*$/.test(element.value.trim()) ? '' : t('errHouseNumber')),
    };
    if (!validate(form, checks)) return;
    const value = (name) => (form.elements[name] ? form.elements[name].value.trim() : '');
    const optional = (name, transform = (v) => v) => (value(name) ? { [name]: transform(value(name)) } : {});
    const code = registrationCode(country);
    const body = {
      legal_name: value('legal_name'),
      ...optional('trading_name'),
      ...(value('registration_number') ? { registration_number: value('registration_number'), ...(code ? { registration_number_code: code } : {}) } : {}),
      ...optional('district_court_code'),
      ...optional('vat_number', (v) => v.replace(/\s+/g, '').toUpperCase()),
      registered_address: {
        line1: value('line1'),
        ...(value('number') ? { number: Number(value('number')) } : {}),
        ...optional('line2'),
        zip: value('zip'),
        town_city: value('town_city'),
        country: value('country'),
      },
      mcc: form.elements.mcc.dataset.code,
      website: websiteOf(value('website')),
      ...(value('phone_number') ? { phone_number: { country_code: value('phone_country'), number: value('phone_number') } } : {}),
    };
    const pointers = {
      '/legal_name': 'bp-legal_name', '/trading_name': 'bp-trading_name', '/registration_number': 'bp-registration_number', '/registration_number_code': 'bp-registration_number',
      '/district_court_code': 'bp-district_court_code', '/vat_number': 'bp-vat_number', '/mcc': 'bp-mcc', '/website': 'bp-website',
      '/phone_number/number': 'bp-phone_number', '/phone_number/country_code': 'bp-phone_country', '/phone_number': 'bp-phone_number',
      '/registered_address/line1': 'bp-line1', '/registered_address/number': 'bp-number', '/registered_address/line2': 'bp-line2',
      '/registered_address/zip': 'bp-zip', '/registered_address/town_city': 'bp-town_city', '/registered_address/country': 'bp-country', '/registered_address': 'bp-line1',
    };
    const answer = await sendStep(form, 'PUT', link('app:business-profile'), body, pointers);
    if (!answer) return;
    await adopt(answer);
    next(index);
  }

  frame(index, { lead: t(registered ? 'lead:business-profile' : 'lead:business-profile-unregistered'), content: form });
}

// ---------- 5. company documents ----------

function companyDocumentsScreen(index) {
  const required = registrationRequired();
  const form = h('form', { id: 'company-documents-form', novalidate: true, onsubmit: (event) => {
    event.preventDefault();
    if (required && !documentOf('company_registration')) {
      setError('doc-company_registration', t('errDocument'));
      return document.getElementById('doc-company_registration').focus();
    }
    next(index);
  } },
  h('div', { class: 'uploads' },
    uploadSlot({ id: 'doc-company_registration', type: 'company_registration', label: t('kind:company_registration'), optional: !required }),
    uploadSlot({ id: 'doc-bank_account_proof', type: 'bank_account_proof', label: t('kind:bank_account_proof'), optional: true })),
  actions(index));
  frame(index, { lead: t(required ? 'lead:company-documents' : 'lead:company-documents-optional'), content: form });
}

// ---------- 6. representatives ----------

function personName(person) {
  return `${person.first_name} ${person.last_name}`;
}

function representativeItem(representative) {
  const name = personName(representative);
  const remove = async (event) => {
    event.currentTarget.disabled = true;
    const response = await api('DELETE', representativeHref(representative));
    if (!response.ok && response.status !== 404) return failure(response);
    if (response.ok) await adopt(response.body);
    else await refresh();
    if (editingRepresentative === representative.id) editingRepresentative = null;
    open('representatives', { push: false });
  };
  const change = async () => {
    editingRepresentative = representative.id;
    await open('representatives', { push: false });
    document.getElementById('r-first_name').focus();
  };
  return h('li', { class: 'person', id: `person-${representative.id}` },
    h('span', { class: 'avatar', 'aria-hidden': 'true' }, `${representative.first_name[0]}${representative.last_name[0]}`.toUpperCase()),
    h('div', { class: 'person-text' },
      h('strong', {}, name),
      h('span', {}, representative.roles.map((role) => t(`role:${role}`)).join(', ')),
      h('span', { class: 'muted' }, representative.email)),
    h('div', { class: 'person-actions' },
      h('button', { type: 'button', class: 'button link small edit', 'aria-label': t('editNamed', { name }), onclick: change }, t('edit')),
      h('button', { type: 'button', class: 'button link small remove', 'aria-label': t('removeNamed', { name }), onclick: remove }, t('remove'))));
}

const representativeHref = (representative) => `${applicationHref()}/representatives/${encodeURIComponent(representative.id)}`;

/** Puts a person's details into the representative form. */
function fillPerson(form, person) {
  const set = (name, value) => {
    if (value !== undefined && form.elements[name]) form.elements[name].value = value;
  };
  set('first_name', person.first_name);
  set('last_name', person.last_name);
  set('email', person.email);
  set('date_of_birth', person.date_of_birth);
  set('nationality', person.nationality || '');
  for (const box of form.querySelectorAll('input[name="r-roles"]')) box.checked = (person.roles || []).includes(box.value);
  for (const radio of form.querySelectorAll('input[name="r-pep"]')) radio.checked = radio.value === (person.pep ? 'yes' : 'no');
  showPepDescription(form, 'r', person.pep === true);
  set('pep_description', person.pep_description || '');
}

/** The form that adds a representative, or changes the details of the one given. */
async function representativeForm({ expanded, editing }) {
  const title = editing ? t('editRepresentative', { name: personName(editing) }) : t('addRepresentative');
  const form = h('form', { id: 'representative-form', class: 'subform', novalidate: true, hidden: !expanded, onsubmit: submit, 'aria-labelledby': 'representative-form-title' },
    h('h2', { id: 'representative-form-title' }, title),
    h('div', { class: 'row' },
      field('r-first_name', t('firstName'), input('first_name', { minlength: 2, maxlength: 50, required: true, autocomplete: 'off' })),
      field('r-last_name', t('lastName'), input('last_name', { minlength: 2, maxlength: 50, required: true, autocomplete: 'off' }))),
    field('r-email', t('email'), input('email', { type: 'email', maxlength: 254, required: true, autocomplete: 'off' })),
    h('div', { class: 'row' },
      field('r-date_of_birth', t('dateOfBirth'), input('date_of_birth', { type: 'date', required: true })),
      field('r-nationality', `${t('nationality')} ${t('optional')}`, await countrySelect('nationality', '', { required: false }))),
    rolesGroup('r-roles', 'r-roles'),
    pepFields('r', {}, t('pepOther')),
    h('div', { class: 'subform-actions' },
      editing
        ? h('button', { type: 'button', class: 'button secondary', id: 'cancel-representative', onclick: cancel }, t('cancel'))
        : h('button', { type: 'button', class: 'button secondary', id: 'add-myself', onclick: fillMine }, t('addMyself')),
      h('button', { type: 'submit', class: 'button primary', id: editing ? 'save-representative' : 'add-representative' }, editing ? t('saveChanges') : t('addRepresentativeButton'))));
  if (editing) fillPerson(form, editing);

  function fillMine() {
    fillPerson(form, state.applicant);
    form.elements.first_name.focus();
  }

  async function cancel() {
    editingRepresentative = null;
    await open('representatives', { push: false });
    focusPerson(editing.id, '.edit');
  }

  async function submit(event) {
    event.preventDefault();
    if (!validate(form, personChecks(form, 'r'))) return;
    const value = (name) => form.elements[name].value.trim();
    const body = { first_name: value('first_name'), last_name: value('last_name'), email: value('email'), ...(value('nationality') ? { nationality: value('nationality') } : {}), ...personOf(form, 'r') };
    const saved = editing
      ? await sendStep(form, 'PUT', representativeHref(editing), body, personPointers('r'))
      : await sendStep(form, 'POST', link('app:representatives'), body, personPointers('r'));
    if (!saved) return;
    editingRepresentative = null;
    if (await refresh()) {
      await open('representatives', { push: false });
      focusPerson(editing ? editing.id : saved.id, editing ? '.edit' : 'button');
    }
  }
  return form;
}

function focusPerson(id, selector) {
  const item = document.getElementById(`person-${id}`);
  if (item) item.querySelector(selector).focus();
}

async function representativesScreen(index) {
  const people = state.representatives;
  const soleTrader = state.business.type === 'individual_sole_trader';
  const editing = people.find((person) => person.id === editingRepresentative) || null;
  const subform = await representativeForm({ expanded: Boolean(editing) || (people.length === 0 && !soleTrader), editing });
  const addAnother = h('button', { type: 'button', class: 'button secondary', id: 'show-representative-form', hidden: !subform.hidden, onclick: () => {
    subform.hidden = false;
    addAnother.hidden = true;
    subform.querySelector('input').focus();
  } }, people.length === 0 ? t('addRepresentative') : t('addAnother'));
  const confirm = async (event) => {
    if (!soleTrader && state.representatives.length === 0) return formAlert(main, t('errNoRepresentative'));
    const answer = await sendStep(event.currentTarget.closest('.confirm-bar'), 'POST', link('app:confirm-representatives'), undefined, {});
    if (!answer) return;
    editingRepresentative = null;
    await adopt(answer);
    next(index);
  };
  const confirmBar = h('div', { class: 'confirm-bar' },
    people.length === 0 && soleTrader ? h('p', { class: 'notice' }, t('soleTraderAlone')) : null,
    actions(index, returnToReview ? t('saveAndReview') : t('confirmRepresentatives'), { submitType: 'button', onclick: confirm }));
  frame(index, {
    lead: t(soleTrader ? 'lead:representatives-sole' : 'lead:representatives'),
    content: [
      people.length > 0 ? h('ul', { class: 'people', id: 'people', 'aria-label': t('representativesAdded') }, people.map(representativeItem)) : null,
      addAnother,
      subform,
      confirmBar,
    ],
  });
}

// ---------- 7. payout account ----------

const ibanOf = (value) => value.replace(/[\s-]+/g, '').toUpperCase();
const groupsOfFour = (iban) => iban.replace(/(.{4})/g, '$1 ').trim();

/** ISO 13616: the country's length, then mod 97 of the rearranged number is 1. */
function ibanProblem(value) {
  const iban = ibanOf(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(iban)) return t('errIbanFormat');
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length && iban.length !== length) return t('errIbanLength', { n: length });
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1 ? '' : t('errIbanChecksum');
}

function payoutScreen(index) {
  const account = state.payout_account || {};
  const currencyNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([texts.lang], { type: 'currency' }) : null;
  // The API answers the saved IBAN masked (DE89 •••• 3000); sent back unchanged, it keeps the saved one.
  const saved = account.account_number ? account.account_number.value : '';
  const typed = () => (iban.value.trim() === saved ? saved : ibanOf(iban.value));
  const iban = input('iban', { value: saved, autocomplete: 'off', maxlength: 50, required: true, spellcheck: 'false', autocapitalize: 'characters', placeholder: 'DE89 3704 0044 0532 0130 00' });
  // Grouped in fours once typed; checked on Continue (a message appearing on blur would move the button being clicked).
  iban.addEventListener('blur', () => {
    if (iban.value.trim() && iban.value.trim() !== saved) iban.value = groupsOfFour(ibanOf(iban.value));
  });
  const owner = (state.business.profile && state.business.profile.legal_name) || personName(state.applicant);
  const preferred = account.currency || (state.currencies.includes('EUR') ? 'EUR' : state.currencies[0]);
  const form = h('form', { id: 'payout-form', novalidate: true, onsubmit: async (event) => {
    event.preventDefault();
    if (!validate(form, { 'p-iban': (element) => (element.value.trim() && element.value.trim() !== saved ? ibanProblem(element.value) : '') })) return;
    const body = {
      account_number: { type: 'iban', value: typed() },
      account_owners_name: form.elements.account_owners_name.value.trim(),
      currency: form.elements.currency.value,
    };
    const answer = await sendStep(form, 'PUT', link('app:payout-account'), body, { '/account_number/value': 'p-iban', '/account_number': 'p-iban', '/account_owners_name': 'p-owner', '/currency': 'p-currency' });
    if (!answer) return;
    await adopt(answer);
    next(index);
  } },
  field('p-iban', 'IBAN', iban, t('ibanHint')),
  field('p-owner', t('accountOwner'), input('account_owners_name', { value: account.account_owners_name || owner, maxlength: 300, required: true, autocomplete: 'name' })),
  field('p-currency', t('currency'), h('select', { name: 'currency', required: true },
    state.currencies.map((code) => h('option', { value: code, selected: code === preferred }, currencyNames ? `${currencyNames.of(code)} (${code})` : code)))),
  actions(index));
  frame(index, { lead: t('lead:payout'), content: form });
}

// ---------- 8. review and submit ----------

function edit(key) {
  returnToReview = true;
  open(key);
}

function reviewSection(key, rows) {
  return h('section', { class: 'review-section', 'aria-labelledby': `review-${key}` },
    h('div', { class: 'review-head' },
      h('h2', { id: `review-${key}` }, t(`step:${key}`)),
      h('button', { type: 'button', class: 'button link small', id: `edit-${key}`, 'aria-label': t('editNamed', { name: t(`step:${key}`) }), onclick: () => edit(key) }, t('edit'))),
    h('dl', {}, rows.filter(Boolean).flatMap(([term, value]) => [h('dt', {}, term), h('dd', {}, value || '—')])));
}

async function reviewScreen(index) {
  const person = state.applicant;
  const business = state.business;
  const profile = business.profile || {};
  const address = profile.registered_address || {};
  const countries = await reference('/reference/countries');
  const nameOf = countryNames();
  const country = (code) => {
    const entry = countries.find((candidate) => candidate.code === code);
    return entry ? nameOf(entry) : code;
  };
  const mcc = (await categories()).find((entry) => entry.code === profile.mcc);
  const options = business.country_code ? await reference(`/reference/business-types?country_code=${business.country_code}`) : null;
  const structure = options && options.items.find((item) => item.value === business.type).children.items.find((item) => item.value === business.structure);
  const sideOrder = (document) => ['front', 'back', null].indexOf(document.side);
  const documents = (types) => state.documents.filter((document) => types.includes(document.type)).sort((a, b) => sideOrder(a) - sideOrder(b)).map((document) =>
    `${t(`kind:${document.type}`)}${document.side ? ` (${t(`side:${document.side}`)})` : ''}: ${document.filename}`).join('\n');
  const date = (value) => (value ? new Intl.DateTimeFormat(texts.lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`)) : '');
  const account = state.payout_account;
  const courts = profile.district_court_code ? await reference(`/reference/district-courts?country_code=${encodeURIComponent(business.country_code)}`) : [];
  const court = courts.find((entry) => entry.code === profile.district_court_code);
  const phone = profile.phone_number;
  const prefix = phone ? (countries.find((entry) => entry.code === phone.country_code) || {}).phone_prefix : '';
  const roles = (someone) => (someone.roles || []).map((role) => t(`role:${role}`)).join(', ');
  const pep = (someone) => (someone.pep ? `${t('yes')}: ${someone.pep_description}` : t('no'));
  // Everything that is submitted about a representative, one line each.
  const representative = (someone) => [
    `${t('email')}: ${someone.email}`,
    `${t('dateOfBirth')}: ${date(someone.date_of_birth)}`,
    someone.nationality ? `${t('nationality')}: ${country(someone.nationality)}` : null,
    `${t('roles')}: ${roles(someone)}`,
    `${t('pepShort')}: ${pep(someone)}`,
  ].filter(Boolean).join('\n');
  returnToReview = false;

  const submit = async (event) => {
    event.preventDefault();
    const answer = await sendStep(form, 'POST', link('app:submit'), undefined, {});
    if (!answer) return;
    await adopt(answer);
    history.replaceState(null, '', location.pathname + location.search);
    donePage();
  };
  const form = h('form', { id: 'review-form', novalidate: true, onsubmit: submit },
    reviewSection('applicant', [
      [t('name'), personName(person)],
      [t('email'), person.email],
      [t('dateOfBirth'), date(person.date_of_birth)],
      [t('gender'), person.gender ? t(`gender:${person.gender}`) : ''],
      [t('nationality'), country(person.nationality)],
      [t('roles'), roles(person)],
      [t('pep'), pep(person)],
    ]),
    reviewSection('identity', [[t('documents'), documents(IDENTITY_TYPES)]]),
    reviewSection('business-type', [
      [t('businessCountry'), country(business.country_code)],
      [t('businessType'), t(`type:${business.type}`)],
      [t('structure'), structure ? structureLabel(structure) : business.structure],
    ]),
    reviewSection('business-profile', [
      [t(fieldConfig && fieldConfig.registration_number ? 'legalName' : 'businessName'), profile.legal_name],
      profile.trading_name ? [t('tradingName'), profile.trading_name] : null,
      profile.registration_number ? [t('registrationNumber'), profile.registration_number] : null,
      profile.district_court_code ? [t('districtCourt'), court ? court.name : profile.district_court_code] : null,
      profile.vat_number ? [t('vatNumber'), profile.vat_number] : null,
      [t('address'), [[address.line1, address.number].filter((part) => part !== undefined).join(' '), address.line2, `${address.zip} ${address.town_city}`, country(address.country)].filter(Boolean).join('\n')],
      [t('mcc'), mcc ? describe(mcc) : profile.mcc],
      [t('website'), profile.website],
      phone ? [t('phone'), `${prefix || phone.country_code} ${phone.number}`] : null,
    ]),
    reviewSection('company-documents', [[t('documents'), documents(['company_registration', 'bank_account_proof'])]]),
    reviewSection('representatives', state.representatives.length > 0
      ? state.representatives.map((someone) => [personName(someone), representative(someone)])
      : [[t('step:representatives'), t('noRepresentatives')]]),
    reviewSection('payout', account ? [
      ['IBAN', account.account_number.value],
      [t('accountOwner'), account.account_owners_name],
      [t('currency'), account.currency],
    ] : []),
    h('p', { class: 'legal' }, t('submitNote', { platform: state.platform.name })),
    actions(index, t('submit')));
  frame(index, { lead: t('lead:review'), content: form });
}

// ---------- the visit ----------

async function load() {
  if (!token) return linkInvalid();
  if (!(await refresh())) return;
  if (state.workflow.complete) return donePage();
  const wanted = location.hash.slice(1);
  return open(indexOf(wanted) >= 0 ? wanted : SCREENS[resumeIndex()].key, { push: false });
}

window.addEventListener('popstate', () => {
  if (state && !state.workflow.complete) open(location.hash.slice(1), { push: false });
});

texts.use(texts.lang);
document.getElementById('loading-text').textContent = t('loading');
load().catch(() => failure(null));

// ---------- the sandbox's test-data drawer (rendered by the server in sandbox pages only) ----------

/** "Fill with a test company" (or a test IBAN) fills the fields of the step shown that have the test company's names. */
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('[data-fill-company], [data-fill-iban]') : null;
  const form = document.querySelector('#main form');
  if (!button || !form) return;
  const values = button.hasAttribute('data-fill-company') ? JSON.parse(button.getAttribute('data-fill-company')) : { iban: button.getAttribute('data-fill-iban') };
  const filled = [];
  for (const [name, value] of Object.entries(values)) {
    for (const input of form.querySelectorAll(`[name="${name}"]`)) {
      if (input.type === 'file' || input.type === 'hidden' || input.disabled) continue;
      if (input.type === 'radio' || input.type === 'checkbox') {
        if (input.value !== value) continue;
        input.checked = true;
      } else if (input.tagName === 'SELECT' && ![...input.options].some((option) => option.value === value)) {
        continue;
      } else {
        input.value = value;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }
      input.dispatchEvent(new Event('change', { bubbles: true }));
      filled.push(input);
    }
  }
  // The first field filled in the order of the form, for the person to check from there.
  const first = filled.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
  if (first) first.focus();
});
