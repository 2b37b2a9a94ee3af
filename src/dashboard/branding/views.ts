import { BRANDING_FORMATS, type BrandingFormat } from '../../branding/schemas.js';
import { shownBrand, type Brand } from '../../branding/service.js';
import { fieldText } from '../../core/error-texts.js';
import type { FieldError } from '../../core/errors.js';
import { html, type Html } from '../html.js';
import type { Texts } from '../texts.js';
import { alert, csrf, page, type View } from '../views.js';
import type { BrandingFields } from './schemas.js';
import type { BrandingScreen } from './service.js';

/** Where each form field's value goes in PATCH /accounts/{id}/branding. */
const POINTERS: Record<keyof BrandingFields, string> = { name: '/name', primary: '/colors/primary', secondary: '/colors/secondary', format: '/format', logo: '/logo_document_id' };

/** The previews' colours, by the brand each shows: a style sheet, as the pages' CSP allows no inline style. */
export function previewStylesheet(screen: BrandingScreen): string {
  const { platform, merchant } = screen.page;
  const query = new URLSearchParams({ pp: platform.primary, ps: platform.secondary, mp: merchant.primary, ms: merchant.secondary });
  return `/dashboard/branding/preview.css?${query}`;
}

/** A logo in the preview, from the dashboard (the pages serve a logo only once a branding shows it). */
const logoOf = (brand: Brand) => (brand.logoUrl ? html`<img class="bp-logo" src="/dashboard/branding/logos/${brand.logoUrl.split('/').pop()!}" alt="">` : '');

/** A drawing of a page in a brand's colours: its header with the logo and name, then its body. */
function drawing(caption: string, lead: 'platform' | 'merchant', brand: Brand, body: Html): Html {
  return html`<figure class="bp-figure">
<figcaption>${caption}</figcaption>
<div class="bp-page bp-${lead}">
  <div class="bp-header">${logoOf(brand)}<span class="bp-name">${brand.name}</span></div>
  <div class="bp-body">${body}</div>
</div>
</figure>`;
}

function pagePreview(view: View, screen: BrandingScreen, format: BrandingFormat): Html {
  const { t } = view;
  const lead = shownBrand(format, screen.page.merchantHasOwnLook);
  return drawing(
    t.t('brandingPagePreview', { format }),
    lead,
    screen.page[lead],
    html`<p class="bp-muted">${t.t('brandingPreviewPaidTo', { name: screen.page.merchant.name })}</p>
<p class="bp-amount">${t.t('brandingPreviewAmount')}: ${t.money(2500, 'EUR')}</p>
<span class="bp-button">${t.t('brandingPreviewPay')}</span>
<span class="bp-link">${t.t('brandingPreviewLink')}</span>`,
  );
}

/** The onboarding wizard: always the platform's brand (the merchant has none yet). */
function wizardPreview(view: View, screen: BrandingScreen): Html {
  const { t } = view;
  return drawing(
    t.t('brandingWizardPreview'),
    'platform',
    screen.page.platform,
    html`<p class="bp-step">${t.t('brandingPreviewWizardStep')}</p>
<span class="bp-choice">${t.t('brandingPreviewChoice')}</span>
<span class="bp-button">${t.t('brandingPreviewContinue')}</span>`,
  );
}

function contrastReport(view: View, screen: BrandingScreen): Html {
  const { t } = view;
  const adjustments = screen.branding.contrast_adjustments;
  if (adjustments.length === 0) return html`<p>${t.t('brandingContrastNone')}</p>`;
  return html`<p>${t.t('brandingContrastIntro')}</p>
<table class="list" id="contrast-report">
<thead><tr><th scope="col">${t.t('brandingUse')}</th><th scope="col">${t.t('brandingGiven')}</th><th scope="col">${t.t('brandingShown')}</th><th scope="col">${t.t('brandingRatio')}</th></tr></thead>
<tbody>${adjustments.map(
    (adjustment) => html`<tr>
<td data-label="${t.t('brandingUse')}">${t.t(`brandingUse_${adjustment.use}` as keyof Texts)}</td>
<td data-label="${t.t('brandingGiven')}"><code>${adjustment.given}</code></td>
<td data-label="${t.t('brandingShown')}"><code>${adjustment.shown}</code></td>
<td data-label="${t.t('brandingRatio')}" class="num">${t.t('brandingRatioValue', { ratio: adjustment.ratio.toFixed(2), minimum: String(adjustment.minimum) })}</td>
</tr>`,
  )}</tbody></table>`;
}

/** The form's values: as typed (a draft), else what the account set (empty where it inherits). */
function valuesOf(screen: BrandingScreen, draft: BrandingFields | undefined): Required<BrandingFields> {
  if (draft) return { name: draft.name ?? '', primary: draft.primary ?? '', secondary: draft.secondary ?? '', format: draft.format ?? '', logo: draft.logo ?? '' };
  const { branding } = screen;
  const set = (member: BrandingScreen['branding']['inherited'][number], value: string) => (branding.inherited.includes(member) ? '' : value);
  return {
    name: set('name', branding.name),
    primary: set('colors.primary', branding.colors.primary),
    secondary: set('colors.secondary', branding.colors.secondary),
    format: set('format', branding.format),
    logo: branding.logo?.document_id ?? '',
  };
}

function form(view: View, screen: BrandingScreen, draft: BrandingFields | undefined, canEdit: boolean): Html {
  const { t } = view;
  const values = valuesOf(screen, draft);
  const errorOf = (name: keyof BrandingFields) => screen.errors.find((error) => error.pointer === POINTERS[name]);
  const described = (name: keyof BrandingFields, hint: boolean) => {
    const error = errorOf(name);
    const ids = [hint ? `branding-${name}-hint` : '', error ? `branding-${name}-error` : ''].filter(Boolean).join(' ');
    return html`${ids ? html`aria-describedby="${ids}"` : ''} ${error ? html`aria-invalid="true"` : ''} ${canEdit ? '' : html`disabled`}`;
  };
  const errorLine = (name: keyof BrandingFields, error: FieldError | undefined = errorOf(name)) =>
    error ? html`<p class="error" id="branding-${name}-error">${fieldText(error, t.language)}</p>` : '';
  const text = (name: 'name' | 'primary' | 'secondary', label: keyof Texts, hint: keyof Texts, extra: Html | string = '') =>
    html`<div class="field"><label for="branding-${name}">${t.t(label)}</label><p class="hint" id="branding-${name}-hint">${t.t(hint)}</p>
<input id="branding-${name}" name="${name}" type="text" value="${values[name]}" ${extra} ${described(name, true)}>${errorLine(name)}</div>`;
  const formats = ['', ...BRANDING_FORMATS].map(
    (format) => html`<label class="check"><input type="radio" name="format" value="${format}" ${values.format === format ? html`checked` : ''} ${canEdit ? '' : html`disabled`}>
${format ? t.t(`brandingFormat_${format}` as keyof Texts) : t.t('brandingFormatInherit')}</label>`,
  );
  const logos = [
    html`<option value="">${t.t('brandingNoLogo')}</option>`,
    ...screen.logos.map((logo) => html`<option value="${logo.id}" ${values.logo === logo.id ? html`selected` : ''}>${logo.filename} (${logo.id})</option>`),
  ];
  return html`<form method="post" action="/dashboard/branding" class="branding-form">
${csrf(view.session)}<input type="hidden" name="account" value="${screen.account.id}">
${text('name', 'brandingName', 'brandingNameHint', html`maxlength="80" autocomplete="organization"`)}
<div class="two-columns">
${text('primary', 'brandingPrimary', 'brandingColourHint', html`maxlength="7" spellcheck="false" autocomplete="off"`)}
${text('secondary', 'brandingSecondary', 'brandingColourHint', html`maxlength="7" spellcheck="false" autocomplete="off"`)}
</div>
<fieldset class="scopes"><legend>${t.t('brandingFormat')}</legend>${formats}${errorLine('format')}</fieldset>
<div class="field"><label for="branding-logo">${t.t('brandingLogo')}</label><p class="hint" id="branding-logo-hint">${t.t('brandingLogoHint')}</p>
<select id="branding-logo" name="logo" ${described('logo', true)}>${logos}</select>${errorLine('logo')}</div>
${canEdit ? html`<div class="filter-actions"><button class="button secondary" type="submit" name="intent" value="preview">${t.t('brandingPreview')}</button><button class="button primary" type="submit" name="intent" value="save">${t.t('brandingSave')}</button></div>` : html`<p class="muted">${t.t('brandingReadOnly')}</p>`}
</form>`;
}

function accountChooser(view: View, screen: BrandingScreen): Html {
  const { t } = view;
  const label = (account: BrandingScreen['account']) =>
    t.t(account.type === 'platform' ? 'brandingPlatformAccount' : 'brandingMerchantAccount', { name: account.name, id: account.id });
  return html`<form method="get" action="/dashboard/branding" class="inline-form account-chooser">
<label for="branding-account">${t.t('brandingAccount')}</label>
<select id="branding-account" name="account">${screen.accounts.map((account) => html`<option value="${account.id}" ${account.id === screen.account.id ? html`selected` : ''}>${label(account)}</option>`)}</select>
<button class="button small secondary" type="submit">${t.t('brandingShowAccount')}</button>
</form>`;
}

/** The branding of an account: the form, the contrast report and the previews of the page in both formats and of the wizard. */
export function brandingPage(view: View, screen: BrandingScreen, state: { draft?: BrandingFields; saved?: boolean; canEdit: boolean }): Html {
  const { t } = view;
  const notice = state.saved
    ? html`<p class="notice" role="status">${t.t('brandingSaved')}</p>`
    : screen.errors.length > 0
      ? alert(t.t('brandingNotSaved'))
      : state.draft
        ? html`<p class="notice" role="status">${t.t('brandingDraftNotice')}</p>`
        : '';
  return page(
    view,
    t.t('branding'),
    html`<link rel="stylesheet" href="${previewStylesheet(screen)}">
${accountChooser(view, screen)}
${notice}
<div class="branding-layout">
<section class="panel" aria-labelledby="branding-form-title"><h2 id="branding-form-title">${t.t('brandingFormTitle', { name: screen.account.name })}</h2>${form(view, screen, state.draft, state.canEdit)}</section>
<section class="panel" aria-labelledby="branding-previews-title"><h2 id="branding-previews-title">${t.t('brandingPreviews')}</h2>
<p class="hint">${t.t('brandingPreviewNote')}</p>
<div class="bp-grid">${BRANDING_FORMATS.map((format) => pagePreview(view, screen, format))}${wizardPreview(view, screen)}</div>
</section>
</div>
<section class="panel" aria-labelledby="branding-contrast-title"><h2 id="branding-contrast-title">${t.t('brandingContrast')}</h2>${contrastReport(view, screen)}</section>`,
  );
}
