// What the hosted pages (payment page, onboarding wizard) share: texts, elements, API calls on this
// origin, branding from the platform's colours, and form fields with their inline errors.

/** The first of the browser's languages that the page has texts for, else English. */
export function browserLanguage(languages) {
  for (const tag of navigator.languages || [navigator.language]) {
    const base = String(tag || '').slice(0, 2).toLowerCase();
    if (languages.includes(base)) return base;
  }
  return 'en';
}

/**
 * The texts of a page in its languages, from its own table and the server's error texts
 * (server-texts.js): text.t('key', {name}) fills {name} placeholders; a key missing in a language
 * falls back to English, then to the key itself. text.fieldError(error) and text.problem(body) word
 * what the API answered by its codes, never by its English detail.
 */
export function createTexts(own, server) {
  const languages = Object.keys(own);
  const table = Object.fromEntries(languages.map((language) => [language, { ...server[language], ...own[language] }]));
  let lang = browserLanguage(languages);
  const has = (key) => table[lang][key] !== undefined || table.en[key] !== undefined;
  const t = (key, values = {}) => {
    const text = table[lang][key] ?? table.en[key] ?? key;
    return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ''));
  };
  return {
    languages,
    get lang() {
      return lang;
    },
    use(language) {
      if (languages.includes(language)) lang = language;
      document.documentElement.lang = lang;
    },
    has,
    t,
    fieldError: (error) => t(has(`field:${error.code}`) ? `field:${error.code}` : 'field:invalid', error.params),
    problem: (body) => (body && has(`problem:${body.code}`) ? t(`problem:${body.code}`) : t('errorText')),
  };
}

/** Builds an element: h('p', {class: 'x'}, 'text', child). Text is never parsed as HTML. */
export function h(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === undefined || value === null) continue;
    if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

/** Replaces the page's content and moves the focus to its heading, as a new page would. */
export function show(main, ...panels) {
  main.replaceChildren(...panels.filter((panel) => panel !== null && panel !== undefined && panel !== false));
  const heading = main.querySelector('h1');
  if (heading) {
    heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }
}

/** A page that ends the visit: an icon, a heading, a text and an optional action. */
export function messagePanel(kind, title, text, action) {
  document.title = title;
  return h('section', { class: `panel message ${kind}`, id: 'message', 'data-state': kind },
    h('div', { class: `icon icon-${kind}`, 'aria-hidden': 'true' }),
    h('h1', {}, title),
    h('p', {}, text),
    action || null);
}

/** Calls the page's API on this origin, whatever host the API's links name, with the page's token. */
export function createApi(token) {
  return async function api(method, href, body) {
    const url = new URL(href, location.origin);
    const response = await fetch(url.pathname + url.search, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      credentials: 'omit',
      cache: 'no-store',
    });
    let data = null;
    try {
      data = await response.json();
    } catch {
      data = null;
    }
    return { status: response.status, ok: response.ok, body: data };
  };
}

// ---------- colours: WCAG 2 contrast, whatever the brand ----------

const HEX = /^#[0-9a-fA-F]{6}$/;
const channels = (hex) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
const toHex = (rgb) => `#${rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function luminance(hex) {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a, b) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The colour mixed with another: share 0 leaves it, 1 gives the other. */
export function mix(hex, other, share) {
  const [a, b] = [channels(hex), channels(other)];
  return toHex(a.map((c, i) => c + (b[i] - c) * share));
}

/**
 * The colour itself when it has `ratio` contrast on the background, else the colour darkened (on a
 * light background) or lightened (on a dark one) by the least step that has: the brand's hue is kept.
 */
export function ensureContrast(hex, background, ratio) {
  const toward = luminance(background) > 0.18 ? '#000000' : '#ffffff';
  for (let share = 0; share <= 1; share += 0.02) {
    const candidate = mix(hex, toward, share);
    if (contrastRatio(candidate, background) >= ratio) return candidate;
  }
  return toward;
}

/** Black or white text, whichever has more contrast on the colour (never less than 4.58:1). */
export function readableOn(hex) {
  return contrastRatio(hex, '#ffffff') >= contrastRatio(hex, '#000000') ? '#ffffff' : '#000000';
}

/** Where the pages put ink and focus rings: white panels on a light grey page. */
const SURFACE = '#ffffff';
const BACKGROUND = '#f3f4f6';

/**
 * The colours of the pages derived from a brand's primary and secondary so that any brand reads
 * (WCAG AA): the CSS custom properties applyBranding sets.
 * --primary/--on-primary: buttons and their text (≥ 4.5:1); --secondary/--on-secondary: the header
 * and its text (≥ 4.5:1); --primary-edge: the buttons' border (≥ 3:1 on white); --accent: the primary as ink on the white panels (links, checked choices,
 * ≥ 4.5:1 on white and ≥ 3:1 on the grey page); --focus: keyboard focus rings (≥ 3:1 on the panels
 * and the page); --badge-bg/--badge-ink: a tinted tag (≥ 4.5:1).
 */
export function brandPalette(primary, secondary) {
  const accent = ensureContrast(ensureContrast(primary, SURFACE, 4.5), BACKGROUND, 3);
  const badgeBg = mix(accent, SURFACE, 0.9);
  return {
    '--primary': primary,
    '--on-primary': readableOn(primary),
    '--secondary': secondary,
    '--on-secondary': readableOn(secondary),
    // A button as light as the panel gets an edge in the ink colour, so its shape shows (≥ 3:1).
    '--primary-edge': contrastRatio(primary, SURFACE) >= 3 ? primary : accent,
    '--accent': accent,
    '--focus': accent,
    '--badge-bg': badgeBg,
    '--badge-ink': ensureContrast(accent, badgeBg, 4.5),
  };
}

/**
 * A brand's name and logo in the header and its colours on the page (see brandPalette); an invalid
 * colour keeps the default. The logo is served by this origin; the name beside it says the same, so it is decorative.
 */
export function applyBranding({ name, primary, secondary, logo }) {
  const root = document.documentElement;
  const palette = brandPalette(HEX.test(primary || '') ? primary : '#1f4fd8', HEX.test(secondary || '') ? secondary : '#0f172a');
  for (const [property, value] of Object.entries(palette)) root.style.setProperty(property, value);
  document.getElementById('brand-name').textContent = name;
  const image = document.getElementById('brand-logo');
  if (logo && logo.startsWith('/')) image.src = logo;
  image.hidden = !(logo && logo.startsWith('/'));
}

/** A labelled form field with its error line, which the input names in aria-describedby. */
export function field(id, label, input, hint) {
  input.id = id;
  const hintId = hint ? `${id}-hint` : null;
  input.setAttribute('aria-describedby', [hintId, `${id}-error`].filter(Boolean).join(' '));
  return h('div', { class: 'field', id: `${id}-field` },
    h('label', { for: id }, label),
    hint ? h('p', { class: 'hint', id: hintId }, hint) : null,
    input,
    h('p', { class: 'error', id: `${id}-error`, 'aria-live': 'polite' }));
}

export function setError(id, message) {
  const input = document.getElementById(id);
  const error = document.getElementById(`${id}-error`);
  if (!input || !error) return;
  error.textContent = message || '';
  if (message) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

/**
 * Shows the problem body's field errors at their fields (pointer → element id), the first one
 * focused, each worded by message(error) (the page's texts.fieldError). Answers whether any error had a field.
 */
export function showFieldErrors(problem, pointers, message) {
  const errors = (problem && problem.errors) || [];
  let first = null;
  for (const error of errors) {
    const id = pointers[error.pointer];
    // A field the form hides cannot show its error: the caller then shows the problem as a whole.
    if (!id || !document.getElementById(id) || document.getElementById(id).closest('[hidden]')) continue;
    setError(id, message(error));
    first = first || id;
  }
  if (first) document.getElementById(first).focus();
  return first !== null;
}

/** Disables a form while its request runs; its submit button says what is happening. */
export function busy(form, on, label) {
  for (const element of form.querySelectorAll('button, input, select, textarea')) element.disabled = on;
  const submit = form.querySelector('button[type=submit]');
  if (submit) {
    if (on) {
      submit.dataset.label = submit.textContent;
      submit.textContent = label;
    } else if (submit.dataset.label) submit.textContent = submit.dataset.label;
  }
  form.setAttribute('aria-busy', on ? 'true' : 'false');
}
