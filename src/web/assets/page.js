// The hosted payment page: drives the public /hpp/... API with the page's resource token.
import { applyBranding as brand, busy, createApi, createTexts, field, h, messagePanel, setError, show, showFieldErrors } from './common.js';
import { SERVER_TEXTS } from './server-texts.js';

const TEXT = {
  en: {
    title: 'Payment', loading: 'Loading…', pay: 'Pay {amount}', payTo: 'Payment to {merchant}', cancel: 'Cancel payment',
    chooseMethod: 'How would you like to pay?', card: 'Card', sepa: 'SEPA Direct Debit', cardDesc: 'Visa, Mastercard, American Express', sepaDesc: 'Pay from your bank account',
    otherMethod: 'Choose another payment method', continue: 'Continue',
    holder: 'Name on card', number: 'Card number', expiry: 'Expiry date (MM/YY)', expiryPlaceholder: 'MM/YY', cvc: 'Security code (CVC)',
    badNumber: 'This card number is not valid.', badExpiry: 'Enter a valid expiry date in the future.', badCvc: 'Enter the {n}-digit security code.', badHolder: 'Enter the name on the card.',
    processing: 'Processing…', declined: 'Payment declined', declinedText: 'Your bank declined this payment ({reason}). No money was taken.', declinedSetup: 'The shop cannot accept this payment method for this order. No money was taken. Please return to the shop.',
    authFailed: 'The authentication with your bank did not succeed. Please try again or choose another payment method.',
    authFailedOnly: 'The authentication with your bank did not succeed. Please try again.',
    verifyFailed: 'Your bank account could not be verified. Please try again or choose another payment method.',
    verifyFailedOnly: 'Your bank account could not be verified. Please try again.',
    success: 'Payment successful', successText: 'Thank you. You will be taken back to {merchant}.', authorizedText: 'Your direct debit mandate was accepted. The amount is debited from your account in the next few days. You will be taken back to {merchant}.',
    processing: 'Payment processing', processingText: 'The direct debit of this payment is under way: the amount is debited from your account in the next few days.',
    back: 'Return to {merchant}', canceled: 'Payment canceled', canceledText: 'This payment was canceled.',
    paid: 'Already paid', paidText: 'This payment has already been completed.', finalDeclined: 'This payment was declined. No money was taken.',
    expired: 'This payment link has expired', expiredText: 'The time to pay has run out and the payment was canceled. Please return to the shop and start again.',
    invalid: 'This payment link is not valid', invalidText: 'The link is incomplete or does not belong to this payment. Please use the link the shop gave you.',
    error: 'Something went wrong', errorText: 'Please try again in a moment.', retry: 'Try again',
    bankIntro: 'You will confirm your bank account with your bank. You will then come back here to sign the direct debit mandate.', toBank: 'Continue to your bank',
    mandate: 'Direct debit mandate', verifiedAccount: 'Bank account verified: {iban}',
    first_name: 'First name', last_name: 'Last name', birth_date: 'Date of birth', birth_city: 'Place of birth', birth_country: 'Country of birth',
    company_name: 'Company name', registration_number_code: 'Register', registration_number: 'Registration number', district_court_code: 'District court',
    line1: 'Street', house: 'House number', zip: 'Postcode', town_city: 'Town or city', country: 'Country', choose: 'Please choose',
    required: 'This field is required.', sign: 'Sign mandate and pay {amount}', secure: 'Secure payment', scheme: 'Card type: {scheme}', testMode: 'Test mode',
    cancelTitle: 'Cancel this payment?', cancelText: 'The payment to {merchant} will be canceled for good. Nothing will be charged.', cancelConfirm: 'Yes, cancel the payment', keepPaying: 'No, continue paying',
    leaveOpen: 'Back to {merchant} without canceling', leaveOpenHint: 'The payment stays open: the same link pays it until {time}.',
    declinedNext: 'What you can do: return to {merchant} and pay again with another card or another payment method.',
    receipt: 'Receipt', receiptAmount: 'Amount', receiptMerchant: 'Paid to', receiptCard: 'Card', receiptAccount: 'Bank account', receiptReference: 'Payment reference', mandateReference: 'Mandate reference',
    creditor: 'Creditor', creditorId: 'Creditor identifier', accountHolder: 'Account holder', goBack: 'Go back',
    reasons: { card_declined: 'card declined', insufficient_funds: 'insufficient funds', expired_card: 'card expired' },
  },
  de: {
    title: 'Zahlung', loading: 'Wird geladen…', pay: '{amount} bezahlen', payTo: 'Zahlung an {merchant}', cancel: 'Zahlung abbrechen',
    chooseMethod: 'Wie möchten Sie bezahlen?', card: 'Karte', sepa: 'SEPA-Lastschrift', cardDesc: 'Visa, Mastercard, American Express', sepaDesc: 'Vom Bankkonto bezahlen',
    otherMethod: 'Andere Zahlungsart wählen', continue: 'Weiter',
    holder: 'Name auf der Karte', number: 'Kartennummer', expiry: 'Gültig bis (MM/JJ)', expiryPlaceholder: 'MM/JJ', cvc: 'Prüfnummer (CVC)',
    badNumber: 'Diese Kartennummer ist ungültig.', badExpiry: 'Bitte ein gültiges, zukünftiges Ablaufdatum eingeben.', badCvc: 'Bitte die {n}-stellige Prüfnummer eingeben.', badHolder: 'Bitte den Namen auf der Karte eingeben.',
    processing: 'Wird verarbeitet…', declined: 'Zahlung abgelehnt', declinedText: 'Ihre Bank hat die Zahlung abgelehnt ({reason}). Es wurde kein Geld abgebucht.', declinedSetup: 'Der Shop kann diese Zahlungsart für diese Bestellung nicht annehmen. Es wurde kein Geld abgebucht. Bitte kehren Sie zum Shop zurück.',
    authFailed: 'Die Authentifizierung bei Ihrer Bank war nicht erfolgreich. Bitte versuchen Sie es erneut oder wählen Sie eine andere Zahlungsart.',
    authFailedOnly: 'Die Authentifizierung bei Ihrer Bank war nicht erfolgreich. Bitte versuchen Sie es erneut.',
    verifyFailed: 'Ihr Bankkonto konnte nicht bestätigt werden. Bitte versuchen Sie es erneut oder wählen Sie eine andere Zahlungsart.',
    verifyFailedOnly: 'Ihr Bankkonto konnte nicht bestätigt werden. Bitte versuchen Sie es erneut.',
    success: 'Zahlung erfolgreich', successText: 'Vielen Dank. Sie werden zu {merchant} zurückgeleitet.', authorizedText: 'Ihr Lastschriftmandat wurde angenommen. Der Betrag wird in den nächsten Tagen von Ihrem Konto abgebucht. Sie werden zu {merchant} zurückgeleitet.',
    processing: 'Zahlung in Bearbeitung', processingText: 'Die Lastschrift dieser Zahlung läuft: Der Betrag wird in den nächsten Tagen von Ihrem Konto abgebucht.',
    back: 'Zurück zu {merchant}', canceled: 'Zahlung abgebrochen', canceledText: 'Diese Zahlung wurde abgebrochen.',
    paid: 'Bereits bezahlt', paidText: 'Diese Zahlung wurde bereits abgeschlossen.', finalDeclined: 'Diese Zahlung wurde abgelehnt. Es wurde kein Geld abgebucht.',
    expired: 'Dieser Zahlungslink ist abgelaufen', expiredText: 'Die Zeit zum Bezahlen ist abgelaufen und die Zahlung wurde storniert. Bitte kehren Sie zum Shop zurück und beginnen Sie erneut.',
    invalid: 'Dieser Zahlungslink ist ungültig', invalidText: 'Der Link ist unvollständig oder gehört nicht zu dieser Zahlung. Bitte verwenden Sie den Link, den Ihnen der Shop gegeben hat.',
    error: 'Etwas ist schiefgelaufen', errorText: 'Bitte versuchen Sie es gleich noch einmal.', retry: 'Erneut versuchen',
    bankIntro: 'Sie bestätigen Ihr Bankkonto bei Ihrer Bank und kehren danach hierher zurück, um das Lastschriftmandat zu erteilen.', toBank: 'Weiter zu Ihrer Bank',
    mandate: 'SEPA-Lastschriftmandat', verifiedAccount: 'Bankkonto bestätigt: {iban}',
    first_name: 'Vorname', last_name: 'Nachname', birth_date: 'Geburtsdatum', birth_city: 'Geburtsort', birth_country: 'Geburtsland',
    company_name: 'Firmenname', registration_number_code: 'Register', registration_number: 'Registernummer', district_court_code: 'Amtsgericht',
    line1: 'Straße', house: 'Hausnummer', zip: 'Postleitzahl', town_city: 'Ort', country: 'Land', choose: 'Bitte wählen',
    required: 'Dieses Feld ist erforderlich.', sign: 'Mandat erteilen und {amount} bezahlen', secure: 'Sichere Zahlung', scheme: 'Kartentyp: {scheme}', testMode: 'Testmodus',
    cancelTitle: 'Zahlung abbrechen?', cancelText: 'Die Zahlung an {merchant} wird endgültig abgebrochen. Es wird nichts abgebucht.', cancelConfirm: 'Ja, Zahlung abbrechen', keepPaying: 'Nein, weiter bezahlen',
    leaveOpen: 'Zurück zu {merchant}, ohne abzubrechen', leaveOpenHint: 'Die Zahlung bleibt offen: Mit demselben Link können Sie sie bis {time} bezahlen.',
    declinedNext: 'So geht es weiter: Kehren Sie zu {merchant} zurück und bezahlen Sie erneut mit einer anderen Karte oder Zahlungsart.',
    receipt: 'Beleg', receiptAmount: 'Betrag', receiptMerchant: 'Empfänger', receiptCard: 'Karte', receiptAccount: 'Bankkonto', receiptReference: 'Zahlungsreferenz', mandateReference: 'Mandatsreferenz',
    creditor: 'Zahlungsempfänger', creditorId: 'Gläubiger-Identifikationsnummer', accountHolder: 'Kontoinhaber', goBack: 'Zurück',
    reasons: { card_declined: 'Karte abgelehnt', insufficient_funds: 'nicht genügend Guthaben', expired_card: 'Karte abgelaufen' },
  },
  es: {
    title: 'Pago', loading: 'Cargando…', pay: 'Pagar {amount}', payTo: 'Pago a {merchant}', cancel: 'Cancelar el pago',
    chooseMethod: '¿Cómo quiere pagar?', card: 'Tarjeta', sepa: 'Adeudo directo SEPA', cardDesc: 'Visa, Mastercard, American Express', sepaDesc: 'Pagar desde su cuenta bancaria',
    otherMethod: 'Elegir otro método de pago', continue: 'Continuar',
    holder: 'Nombre en la tarjeta', number: 'Número de tarjeta', expiry: 'Caducidad (MM/AA)', expiryPlaceholder: 'MM/AA', cvc: 'Código de seguridad (CVC)',
    badNumber: 'Este número de tarjeta no es válido.', badExpiry: 'Introduzca una fecha de caducidad futura válida.', badCvc: 'Introduzca el código de seguridad de {n} dígitos.', badHolder: 'Introduzca el nombre que figura en la tarjeta.',
    processing: 'Procesando…', declined: 'Pago rechazado', declinedText: 'Su banco ha rechazado este pago ({reason}). No se ha cobrado nada.', declinedSetup: 'La tienda no puede aceptar este método de pago para este pedido. No se ha cobrado nada. Vuelva a la tienda.',
    authFailed: 'La autenticación con su banco no se completó. Inténtelo de nuevo o elija otro método de pago.',
    authFailedOnly: 'La autenticación con su banco no se completó. Inténtelo de nuevo.',
    verifyFailed: 'No se pudo verificar su cuenta bancaria. Inténtelo de nuevo o elija otro método de pago.',
    verifyFailedOnly: 'No se pudo verificar su cuenta bancaria. Inténtelo de nuevo.',
    success: 'Pago realizado', successText: 'Gracias. Le llevaremos de vuelta a {merchant}.', authorizedText: 'Su orden de domiciliación ha sido aceptada. El importe se cargará en su cuenta en los próximos días. Le llevaremos de vuelta a {merchant}.',
    processing: 'Pago en proceso', processingText: 'El adeudo de este pago está en curso: el importe se cargará en su cuenta en los próximos días.',
    back: 'Volver a {merchant}', canceled: 'Pago cancelado', canceledText: 'Este pago ha sido cancelado.',
    paid: 'Ya pagado', paidText: 'Este pago ya se ha completado.', finalDeclined: 'Este pago fue rechazado. No se ha cobrado nada.',
    expired: 'Este enlace de pago ha caducado', expiredText: 'El plazo para pagar ha terminado y el pago se ha cancelado. Vuelva a la tienda y empiece de nuevo.',
    invalid: 'Este enlace de pago no es válido', invalidText: 'El enlace está incompleto o no corresponde a este pago. Utilice el enlace que le dio la tienda.',
    error: 'Algo ha salido mal', errorText: 'Inténtelo de nuevo en un momento.', retry: 'Reintentar',
    bankIntro: 'Confirmará su cuenta bancaria con su banco y después volverá aquí para firmar la orden de domiciliación.', toBank: 'Continuar a su banco',
    mandate: 'Orden de domiciliación SEPA', verifiedAccount: 'Cuenta bancaria verificada: {iban}',
    first_name: 'Nombre', last_name: 'Apellidos', birth_date: 'Fecha de nacimiento', birth_city: 'Lugar de nacimiento', birth_country: 'País de nacimiento',
    company_name: 'Razón social', registration_number_code: 'Registro', registration_number: 'Número de registro', district_court_code: 'Juzgado',
    line1: 'Calle', house: 'Número', zip: 'Código postal', town_city: 'Localidad', country: 'País', choose: 'Elija una opción',
    required: 'Este campo es obligatorio.', sign: 'Firmar la orden y pagar {amount}', secure: 'Pago seguro', scheme: 'Tipo de tarjeta: {scheme}', testMode: 'Modo de prueba',
    cancelTitle: '¿Cancelar este pago?', cancelText: 'El pago a {merchant} se cancelará definitivamente. No se cobrará nada.', cancelConfirm: 'Sí, cancelar el pago', keepPaying: 'No, seguir pagando',
    leaveOpen: 'Volver a {merchant} sin cancelar', leaveOpenHint: 'El pago queda abierto: el mismo enlace sirve para pagarlo hasta las {time}.',
    declinedNext: 'Qué puede hacer: vuelva a {merchant} y pague de nuevo con otra tarjeta u otro método de pago.',
    receipt: 'Justificante', receiptAmount: 'Importe', receiptMerchant: 'Pagado a', receiptCard: 'Tarjeta', receiptAccount: 'Cuenta bancaria', receiptReference: 'Referencia del pago', mandateReference: 'Referencia de la orden',
    creditor: 'Acreedor', creditorId: 'Identificador del acreedor', accountHolder: 'Titular de la cuenta', goBack: 'Volver',
    reasons: { card_declined: 'tarjeta rechazada', insufficient_funds: 'fondos insuficientes', expired_card: 'tarjeta caducada' },
  },
};
const SCHEMES = [
  { id: 'amex', name: 'Amex', pattern: /^3[47]/, cvc: 4, lengths: [15] },
  { id: 'visa', name: 'Visa', pattern: /^4/, cvc: 3, lengths: [13, 16, 19] },
  { id: 'mastercard', name: 'Mastercard', pattern: /^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/, cvc: 3, lengths: [16] },
  { id: 'discover', name: 'Discover', pattern: /^(6011|65|64[4-9])/, cvc: 3, lengths: [16, 19] },
  { id: 'jcb', name: 'JCB', pattern: /^35/, cvc: 3, lengths: [16, 17, 18, 19] },
  { id: 'diners', name: 'Diners', pattern: /^3(0[0-5]|[689])/, cvc: 3, lengths: [14, 16, 19] },
  { id: 'maestro', name: 'Maestro', pattern: /^(5[06-9]|6\d)/, cvc: 3, lengths: [12, 13, 14, 15, 16, 17, 18, 19] },
];
const COUNTRIES = ['DE', 'AT', 'BE', 'ES', 'FI', 'FR', 'IE', 'IT', 'LU', 'NL', 'PT', 'CH', 'GB'];
const SUCCEEDED = new Set(['captured', 'completed', 'authorized']);

const paymentId = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] || '');
const pageToken = new URLSearchParams(location.search).get('token') || '';
const flagKey = `hpp:${paymentId}`;
const main = document.getElementById('main');

const texts = createTexts(TEXT, SERVER_TEXTS);
const t = texts.t;
const api = createApi(pageToken);
let view = null;
let merchant = '';

/** The amount in the currency's own minor unit (ISO 4217 decimals, from the view), for the language. */
function formatAmount() {
  const digits = view.minor_units;
  const format = new Intl.NumberFormat(texts.lang, { style: 'currency', currency: view.currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
  return format.format(view.amount_minor / 10 ** digits);
}

/** What the platform told us about the buyer (customer), to pre-fill the forms; the buyer can change it. */
function customer() {
  const given = view.customer || {};
  const address = given.address || {};
  return {
    first_name: given.first_name || '',
    last_name: given.last_name || '',
    name: [given.first_name, given.last_name].filter(Boolean).join(' '),
    line1: address.line1 || '',
    number: address.number === undefined ? '' : String(address.number),
    zip: address.zip || '',
    town_city: address.town_city || '',
    country: address.country || '',
  };
}

const selfPath = () => `/hpp/payments/${encodeURIComponent(paymentId)}`;
const link = (name) => view && view._links && view._links[name] ? view._links[name].href : undefined;

// ---------- pages that end the visit ----------

function messagePage(kind, title, text, ...extra) {
  main.classList.remove('checkout');
  const panel = messagePanel(kind, title, text, null);
  panel.append(...extra.filter(Boolean));
  show(main, panel);
}

function backButton(href) {
  return href ? h('a', { class: 'button primary', href, id: 'back' }, t('back', { merchant })) : null;
}

/** What the buyer keeps typed across a reload of this payment's page: never a card number or a security code. */
const kept = {
  key: (name) => `hpp:${paymentId}:${name}`,
  read: (name) => {
    try {
      return JSON.parse(sessionStorage.getItem(kept.key(name)) || 'null');
    } catch {
      return null;
    }
  },
  write: (name, value) => sessionStorage.setItem(kept.key(name), JSON.stringify(value)),
  clear: () => ['holder', 'mandate'].forEach((name) => sessionStorage.removeItem(kept.key(name))),
};

/** A masked IBAN kept on one line (DE89 •••• 3000). */
const unbroken = (text) => String(text || '').replace(/ /g, '\u00a0');
/** An id with a break opportunity every six characters: where it must break, it breaks into even parts (text-wrap: balance), never before its last letter. */
const breakable = (id) => (String(id).match(/.{1,6}/g) || []).flatMap((part, index) => (index === 0 ? [part] : [h('wbr'), part]));

/** The receipt of a paid payment: amount, merchant, what paid it, and the references the buyer may quote. */
function receipt(paid) {
  const instrument = paid.payment_instrument;
  const rows = [[t('receiptAmount'), formatAmount()], [t('receiptMerchant'), merchant]];
  if (instrument && instrument.type === 'card') rows.push([t('receiptCard'), `${schemeName(instrument.scheme)} •••• ${instrument.last4}`]);
  if (instrument && instrument.type === 'sepa_direct_debit') rows.push([t('receiptAccount'), unbroken(instrument.iban)]);
  if (instrument && instrument.mandate_reference) rows.push([t('mandateReference'), instrument.mandate_reference]);
  rows.push([t('receiptReference'), h('span', { class: 'payment-id' }, breakable(paid.id))]);
  return h('dl', { class: 'details receipt', id: 'receipt', 'aria-label': t('receipt') }, rows.map(([term, value]) => h('div', {}, h('dt', {}, term), h('dd', {}, value))));
}

/** How long the receipt stays before the buyer is taken back to the shop. */
const RECEIPT_SECONDS = 6;

async function completed(result, { fromFlow }) {
  const href = result._links && result._links['hpp:complete'] ? result._links['hpp:complete'].href : undefined;
  sessionStorage.removeItem(flagKey);
  kept.clear();
  const status = result.status;
  if (SUCCEEDED.has(status)) {
    const paid = result.payment_instrument === undefined ? (await api('GET', selfPath())).body || view : result;
    // A direct debit's mandate authorizes it; the money arrives days later: processing, not paid yet.
    const processing = status === 'authorized';
    const title = processing ? t('processing') : fromFlow ? t('success') : t('paid');
    const text = processing ? t(fromFlow ? 'authorizedText' : 'processingText', { merchant }) : fromFlow ? t('successText', { merchant }) : t('paidText');
    messagePage(processing ? 'processing' : 'success', title, text, receipt(paid), backButton(href));
    if (fromFlow && href) setTimeout(() => location.assign(href), RECEIPT_SECONDS * 1000);
    return;
  }
  if (status === 'canceled') {
    if (fromFlow && href) return location.assign(href);
    return messagePage('canceled', t('canceled'), t('canceledText'), backButton(href));
  }
  if (status === 'declined' || status === 'not_completed') {
    const reason = (TEXT[texts.lang].reasons || {})[result.decline_reason] || TEXT.en.reasons[result.decline_reason] || result.decline_reason || '';
    // Not the bank's refusal: the fee of the chosen method leaves a routed party less than nothing.
    const setup = result.decline_reason === 'processing_fee_exceeds_routed_amount';
    const text = !fromFlow ? t('finalDeclined') : setup ? t('declinedSetup') : reason ? t('declinedText', { reason }) : t('finalDeclined');
    // A declined payment is final (States and transitions): a new attempt is a new payment, made at the shop.
    const next = setup ? null : h('p', { class: 'next', id: 'next' }, t('declinedNext', { merchant }));
    return messagePage('declined', t('declined'), text, next, backButton(href));
  }
  messagePage('canceled', t('canceled'), t('canceledText'), backButton(href));
}

/** The shop that sent the buyer here, when the browser says (a link without its token cannot tell us). */
function wayBack() {
  const from = document.referrer ? new URL(document.referrer) : null;
  if (from && /^https?:$/.test(from.protocol) && from.origin !== location.origin) return h('a', { class: 'button primary', id: 'back', href: from.href }, t('goBack'));
  if (history.length > 1) return h('button', { class: 'button primary', type: 'button', id: 'back', onclick: () => history.back() }, t('goBack'));
  return null;
}

/** The brand the page leads with: the server resolves it from the format and the merchant's branding. */
function leadBrand(branding) {
  const lead = branding[branding.shown] || branding.platform;
  return { name: lead.name, primary: lead.colors.primary, secondary: lead.colors.secondary, logo: lead.logo_url };
}

function apiFailure(response) {
  if (response.status === 410) {
    // The problem of an expired payment carries its branding and the way back (the token was checked).
    const gone = response.body || {};
    if (gone.branding) {
      texts.use(gone.language || texts.lang);
      merchant = gone.branding.merchant.name;
      brand(leadBrand(gone.branding));
    }
    const href = gone._links && gone._links['hpp:complete'] ? gone._links['hpp:complete'].href : undefined;
    return messagePage('expired', t('expired'), t('expiredText'), href ? backButton(href) : wayBack());
  }
  if (response.status === 401 || response.status === 404) return messagePage('invalid', t('invalid'), t('invalidText'), wayBack());
  messagePage('error', t('error'), texts.problem(response.body), h('button', { class: 'button primary', type: 'button', onclick: () => load() }, t('retry')));
}

// ---------- frame: brand, summary, cancel ----------

function summary() {
  return h('section', { class: 'summary', 'aria-label': t('title') },
    h('p', { class: 'merchant' }, t('payTo', { merchant })),
    h('p', { class: 'amount', id: 'amount' }, formatAmount()),
    view.description ? h('p', { class: 'description', id: 'description' }, view.description) : null);
}

/**
 * Cancelling ends the payment for good, so it is asked first, in a modal dialog that also offers
 * going back to the shop with the payment left open (its link still pays it until it expires).
 */
function cancelDialog() {
  const until = new Intl.DateTimeFormat(texts.lang, { hour: '2-digit', minute: '2-digit' }).format(new Date(view.expires_at));
  const leave = link('hpp:return');
  const dialog = h('dialog', { id: 'cancel-dialog', class: 'dialog', 'aria-labelledby': 'cancel-title', 'aria-describedby': 'cancel-text' },
    h('h2', { id: 'cancel-title' }, t('cancelTitle')),
    h('p', { id: 'cancel-text' }, t('cancelText', { merchant })),
    h('button', { type: 'button', class: 'button primary', id: 'keep-paying', autofocus: true, onclick: () => dialog.close() }, t('keepPaying')),
    h('button', { type: 'button', class: 'button danger', id: 'confirm-cancel', onclick: cancel }, t('cancelConfirm')),
    leave ? h('a', { class: 'button link', id: 'leave-open', href: leave, 'aria-describedby': 'leave-open-hint' }, t('leaveOpen', { merchant })) : null,
    leave ? h('p', { class: 'hint', id: 'leave-open-hint' }, t('leaveOpenHint', { time: until })) : null);
  return dialog;
}

function cancelButton(dialog) {
  return h('button', { type: 'button', class: 'button link', id: 'cancel', 'aria-haspopup': 'dialog', onclick: () => dialog.showModal() }, t('cancel'));
}

async function cancel(event) {
  event.currentTarget.disabled = true;
  const response = await api('POST', link('cancel') || `${selfPath()}/cancel`);
  if (!response.ok) return response.status === 409 ? load() : apiFailure(response);
  completed(response.body, { fromFlow: true });
}

/** A step of the payment: the order summary, beside the form on a wide screen, and the ways out. */
function screen(content, { alert, canSwitch } = {}) {
  document.title = `${t('title')} · ${leadBrand(view.branding).name}`;
  const others = view.payment_methods.length > 1 && canSwitch;
  const dialog = cancelDialog();
  main.classList.add('checkout');
  show(main, summary(),
    h('div', { class: 'checkout-form' },
      h('section', { class: 'panel' },
        alert ? h('p', { class: 'alert', role: 'alert', id: 'alert' }, alert) : null,
        content,
        others ? h('button', { type: 'button', class: 'button link', id: 'switch', onclick: () => methodChoice() }, t('otherMethod')) : null),
      h('footer', { class: 'footer' }, cancelButton(dialog), h('span', { class: 'secure' }, t('secure')))),
    dialog);
}

// ---------- method choice ----------

function methodChoice() {
  const options = view.payment_methods.map((method, index) =>
    h('label', { class: 'method' },
      h('input', { type: 'radio', name: 'method', value: method.type, checked: index === 0, required: true }),
      h('span', { class: 'method-text' },
        h('strong', {}, method.type === 'card' ? t('card') : t('sepa')),
        h('small', {}, method.type === 'card' ? t('cardDesc') : t('sepaDesc')))));
  const form = h('form', { id: 'method-form', novalidate: true, onsubmit: async (event) => {
    event.preventDefault();
    const type = new FormData(form).get('method');
    busy(form, true, t('processing'));
    const response = await api('POST', `${selfPath()}/start`, { type });
    if (!response.ok) return response.status === 409 ? load() : apiFailure(response);
    await load();
  } },
  h('fieldset', {}, h('legend', {}, h('h1', {}, t('chooseMethod'))), options),
  h('button', { type: 'submit', class: 'button primary' }, t('continue')));
  screen(form);
}

// ---------- card ----------

const digitsOf = (value) => value.replace(/\D/g, '');
const schemeOf = (number) => SCHEMES.find((scheme) => scheme.pattern.test(number));
const schemeName = (id) => (SCHEMES.find((scheme) => scheme.id === id) || { name: id || '' }).name;

function luhn(number) {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 12 && number.length <= 19 && sum % 10 === 0;
}

function parseExpiry(value) {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  const now = new Date();
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1) || year > now.getFullYear() + 20) return null;
  return { month, year };
}

function cardForm(alert) {
  const number = h('input', { name: 'cardnumber', type: 'text', inputmode: 'numeric', autocomplete: 'cc-number', maxlength: 23, placeholder: '1234 1234 1234 1234', required: true, spellcheck: 'false' });
  const expiry = h('input', { name: 'exp-date', type: 'text', inputmode: 'numeric', autocomplete: 'cc-exp', maxlength: 7, placeholder: t('expiryPlaceholder'), required: true });
  const cvc = h('input', { name: 'cvc', type: 'text', inputmode: 'numeric', autocomplete: 'cc-csc', maxlength: 4, placeholder: '123', required: true });
  // The name typed before a failed 3-D Secure attempt (the page reloads on the way back) beats the shop's.
  const holder = h('input', { name: 'ccname', type: 'text', autocomplete: 'cc-name', maxlength: 100, required: true, spellcheck: 'false', value: kept.read('holder') || customer().name || undefined });
  const schemeBadge = h('span', { class: 'scheme', id: 'scheme', 'aria-live': 'polite' });
  const touched = new Set();

  const checks = {
    'card-number': () => (luhn(digitsOf(number.value)) && (!schemeOf(digitsOf(number.value)) || schemeOf(digitsOf(number.value)).lengths.includes(digitsOf(number.value).length)) ? '' : t('badNumber')),
    'card-expiry': () => (parseExpiry(expiry.value) ? '' : t('badExpiry')),
    'card-cvc': () => {
      const n = (schemeOf(digitsOf(number.value)) || { cvc: 3 }).cvc;
      return new RegExp(`^\\d{${n}}$`).test(cvc.value) ? '' : t('badCvc', { n });
    },
    'card-holder': () => (holder.value.trim().length >= 2 ? '' : t('badHolder')),
  };
  const check = (id, force) => {
    if (force) touched.add(id);
    const message = checks[id]();
    setError(id, touched.has(id) ? message : '');
    return !message;
  };

  number.addEventListener('input', () => {
    const digits = digitsOf(number.value).slice(0, 19);
    const scheme = schemeOf(digits);
    const groups = scheme && scheme.id === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
    const parts = [];
    let rest = digits;
    for (const size of groups) {
      if (!rest) break;
      parts.push(rest.slice(0, size));
      rest = rest.slice(size);
    }
    number.value = parts.join(' ');
    schemeBadge.textContent = scheme ? scheme.name : '';
    schemeBadge.dataset.scheme = scheme ? scheme.id : '';
    schemeBadge.setAttribute('aria-label', scheme ? t('scheme', { scheme: scheme.name }) : '');
    cvc.maxLength = scheme ? scheme.cvc : 4;
    const full = digits.length >= (scheme && scheme.id === 'amex' ? 15 : 16);
    if (full) touched.add('card-number');
    check('card-number');
    if (touched.has('card-cvc')) check('card-cvc');
  });
  expiry.addEventListener('input', (event) => {
    let digits = digitsOf(expiry.value).slice(0, 4);
    if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
    const deleting = event.inputType && event.inputType.startsWith('delete');
    expiry.value = digits.length > 2 || (digits.length === 2 && !deleting) ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
    if (digits.length === 4) touched.add('card-expiry');
    check('card-expiry');
  });
  cvc.addEventListener('input', () => {
    cvc.value = digitsOf(cvc.value);
    check('card-cvc');
  });
  holder.addEventListener('input', () => {
    kept.write('holder', holder.value);
    check('card-holder');
  });
  for (const [input, id] of [[number, 'card-number'], [expiry, 'card-expiry'], [cvc, 'card-cvc'], [holder, 'card-holder']]) {
    input.addEventListener('blur', () => input.value && check(id, true));
  }

  const submit = h('button', { type: 'submit', class: 'button primary', id: 'pay' }, t('pay', { amount: formatAmount() }));
  const form = h('form', { id: 'card-form', novalidate: true, autocomplete: 'on', onsubmit: async (event) => {
    event.preventDefault();
    const ids = ['card-holder', 'card-number', 'card-expiry', 'card-cvc'];
    const valid = ids.map((id) => check(id, true));
    const firstBad = ids[valid.indexOf(false)];
    if (firstBad) return document.getElementById(firstBad).focus();
    const digits = digitsOf(number.value);
    const { month, year } = parseExpiry(expiry.value);
    busy(form, true, t('processing'));
    const tokenized = await api('POST', link('tokenize') || `${selfPath()}/tokenize`, {
      type: 'card',
      value: digits,
      issuer: (schemeOf(digits) || { id: 'unknown' }).id,
      token_data: { expiry_month: month, expiry_year: year, cvv: cvc.value, holder_name: holder.value.trim() },
    });
    if (!tokenized.ok) {
      busy(form, false);
      if (tokenized.status === 400) return fieldErrors(tokenized.body, { '/value': 'card-number', '/issuer': 'card-number', '/token_data/expiry_year': 'card-expiry', '/token_data/expiry_month': 'card-expiry', '/token_data/cvv': 'card-cvc', '/token_data/holder_name': 'card-holder' });
      return tokenized.status === 409 ? load() : apiFailure(tokenized);
    }
    const info = browserInfo();
    const authorized = await api('POST', link('hpp:authorize') || `${selfPath()}/authorize`, { token: tokenized.body.token, ...(info ? { browser_info: info } : {}) });
    if (!authorized.ok) {
      busy(form, false);
      return authorized.status === 409 ? load() : apiFailure(authorized);
    }
    afterStep(authorized.body);
  } },
  h('h1', { class: 'form-title' }, t('card')),
  field('card-holder', t('holder'), holder),
  h('div', { class: 'field' },
    h('label', { for: 'card-number' }, t('number')),
    h('div', { class: 'with-badge' }, number, schemeBadge),
    h('p', { class: 'error', id: 'card-number-error', 'aria-live': 'polite' })),
  h('div', { class: 'row' }, field('card-expiry', t('expiry'), expiry), field('card-cvc', t('cvc'), cvc)),
  submit);
  number.id = 'card-number';
  number.setAttribute('aria-describedby', 'card-number-error');
  screen(form, { alert, canSwitch: true });
}

/**
 * What the acquirer's 3-D Secure risk checks ask of the buyer's browser (Adyen's browserInfo; the
 * server adds the User-Agent and Accept headers); none when the browser says too little to fill it.
 */
function browserInfo() {
  const languages = (navigator.languages && navigator.languages.length ? [...navigator.languages] : [navigator.language])
    .filter((tag) => typeof tag === 'string' && tag.length >= 2 && tag.length <= 35)
    .slice(0, 20);
  const { width, height, colorDepth } = window.screen;
  const whole = (value, least, most) => Number.isInteger(value) && value >= least && value <= most;
  if (languages.length === 0 || !whole(width, 0, 100000) || !whole(height, 0, 100000) || !whole(colorDepth, 1, 48)) return undefined;
  return {
    screen_width: width,
    screen_height: height,
    color_depth: colorDepth,
    time_zone_offset: new Date().getTimezoneOffset(),
    languages,
    java_enabled: typeof navigator.javaEnabled === 'function' ? navigator.javaEnabled() : false,
  };
}

function fieldErrors(problem, pointers) {
  if (!showFieldErrors(problem, pointers, texts.fieldError)) messagePage('error', t('error'), texts.problem(problem), h('button', { class: 'button primary', type: 'button', onclick: () => load() }, t('retry')));
}

/** What follows an authorization step: a challenge to follow, a retry, or the end. */
function afterStep(result) {
  if (result._links && result._links.challenge) {
    sessionStorage.setItem(flagKey, 'flow');
    return location.assign(result._links.challenge.href);
  }
  if (result.workflow && result.workflow.complete) return completed(result, { fromFlow: true });
  load();
}

// ---------- SEPA ----------

function bankStep(alert) {
  const href = link('account_verification');
  const go = h('a', { class: 'button primary', id: 'to-bank', href, onclick: () => sessionStorage.setItem(flagKey, 'flow') }, t('toBank'));
  screen(h('div', {}, h('h1', { class: 'form-title' }, t('sepa')), h('p', {}, t('bankIntro')), go), { alert, canSwitch: true });
}

/** A country list of the SEPA scheme's countries (the API's), by name in the page's language. */
function countrySelect(name, required, countries, selected = '') {
  const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([texts.lang], { type: 'region' }) : null;
  const nameOf = (code) => (names ? names.of(code) : code);
  const codes = selected && !countries.includes(selected) ? [...countries, selected] : [...countries];
  codes.sort((a, b) => nameOf(a).localeCompare(nameOf(b), texts.lang));
  const select = h('select', { name, required, autocomplete: name === 'country' ? 'country' : undefined },
    h('option', { value: '' }, t('choose')),
    codes.map((code) => h('option', { value: code }, nameOf(code))));
  select.value = selected;
  return select;
}

/** A consumer account's holder as first and last name: the last word is taken for the last name. */
function holderNames(holder) {
  const words = String(holder || '').trim().split(/\s+/).filter(Boolean);
  return words.length < 2 ? {} : { first_name: words.slice(0, -1).join(' '), last_name: words[words.length - 1] };
}

/** What a SEPA mandate must show: who collects (name, address, creditor identifier), the mandate's reference, and the account. */
function mandateDetails(requirements) {
  const creditor = requirements.creditor;
  const rows = [];
  if (creditor) rows.push([t('creditor'), h('span', {}, creditor.name, h('br'), creditor.address)], [t('creditorId'), creditor.identifier]);
  if (requirements.mandate_reference) rows.push([t('mandateReference'), requirements.mandate_reference]);
  if (requirements.account) {
    rows.push([t('receiptAccount'), unbroken(requirements.account.iban)]);
    if (requirements.account.holder) rows.push([t('accountHolder'), requirements.account.holder]);
  }
  return h('dl', { class: 'details', id: 'mandate-details' }, rows.map(([term, value]) => h('div', {}, h('dt', {}, term), h('dd', {}, value))));
}

/** Keeps what was typed in the form across a reload (sessionStorage of this tab), and puts it back. */
function keepTyped(form, name) {
  const saved = kept.read(name) || {};
  for (const [field, value] of Object.entries(saved)) {
    const element = form.elements.namedItem(field);
    if (element && typeof value === 'string' && value) element.value = value;
  }
  const save = () => kept.write(name, Object.fromEntries(new FormData(form)));
  form.addEventListener('input', save);
  form.addEventListener('change', save);
}

async function mandateStep() {
  const response = await api('GET', link('mandate_requirements') || `${selfPath()}/mandate-requirements`);
  if (!response.ok) return response.status === 409 ? bankStep() : apiFailure(response);
  const requirements = response.body;
  const type = requirements.type || 'consumer';
  const fields = requirements.fields || [];
  const countries = requirements.countries || COUNTRIES;
  const account = requirements.account || {};
  // The verified account's holder is the signatory of a consumer mandate, the company of a business one.
  const fromBank = type === 'consumer' ? holderNames(account.holder) : { company_name: account.holder || '' };
  const known = { ...fromBank, ...Object.fromEntries(Object.entries(customer()).filter(([, value]) => value)) };
  const input = (name, attributes = {}) => h('input', { name, type: 'text', required: true, value: known[name] || undefined, ...attributes });
  const parts = [];
  const names = () => h('div', { class: 'row' }, field('m-first_name', t('first_name'), input('first_name', { autocomplete: 'given-name', minlength: 2, maxlength: 50 })), field('m-last_name', t('last_name'), input('last_name', { autocomplete: 'family-name', minlength: 2, maxlength: 50 })));
  // A consumer names themself first; a business mandate names the company, then who signs for it.
  if (fields.includes('first_name') && !fields.includes('company_name')) parts.push(names());
  if (fields.includes('birth_date')) parts.push(field('m-birth_date', t('birth_date'), input('birth_date', { type: 'date', autocomplete: 'bday' })));
  // One under the other: a country's name (and "Please choose") needs the whole width on a phone.
  if (fields.includes('birth_place')) parts.push(field('m-birth_city', t('birth_city'), input('birth_city', { maxlength: 100 })), field('m-birth_country', t('birth_country'), countrySelect('birth_country', true, countries)));
  if (fields.includes('company_name')) parts.push(field('m-company_name', t('company_name'), input('company_name', { autocomplete: 'organization', minlength: 2, maxlength: 300 })));
  let courtField = null;
  if (fields.includes('registration_number_code')) {
    const registers = requirements.registration_numbers || [];
    const code = h('select', { name: 'registration_number_code', required: true }, h('option', { value: '' }, t('choose')), registers.map((entry) => h('option', { value: entry.code }, entry.name)));
    parts.push(field('m-registration_number_code', t('registration_number_code'), code), field('m-registration_number', t('registration_number'), input('registration_number', { maxlength: 50 })));
    // Courts are listed only when some register needs one; the chosen register decides.
    if (requirements.district_courts) {
      const court = h('select', { name: 'district_court_code' }, h('option', { value: '' }, t('choose')), requirements.district_courts.map((entry) => h('option', { value: entry.code }, entry.name)));
      courtField = field('m-district_court_code', t('district_court_code'), court);
      parts.push(courtField);
      const sync = () => {
        const entry = registers.find((candidate) => candidate.code === code.value);
        const needed = Boolean(entry && entry.district_court_code.required);
        courtField.hidden = !needed;
        court.required = needed;
      };
      code.addEventListener('change', sync);
      sync();
    }
  }
  if (fields.includes('first_name') && fields.includes('company_name')) parts.push(names());
  if (fields.includes('postal_address')) {
    parts.push(h('div', { class: 'row' }, field('m-line1', t('line1'), input('line1', { autocomplete: 'address-line1', maxlength: 100 })), field('m-number', t('house'), input('number', { inputmode: 'numeric', required: false, maxlength: 6, class: 'short' }))));
    parts.push(h('div', { class: 'row' }, field('m-zip', t('zip'), input('zip', { autocomplete: 'postal-code', maxlength: 20 })), field('m-town_city', t('town_city'), input('town_city', { autocomplete: 'address-level2', maxlength: 100 }))));
    parts.push(field('m-country', t('country'), countrySelect('country', true, countries, known.country)));
  }
  const legal = (requirements.mandate_legal_mention || '').replace(/\{company_name\}/g, merchant);
  const form = h('form', { id: 'mandate-form', novalidate: true, onsubmit: async (event) => {
    event.preventDefault();
    let firstBad = null;
    for (const element of form.querySelectorAll('input, select')) {
      const container = element.closest('.field');
      if (container && container.hidden) continue;
      const missing = element.required && !element.value.trim();
      const short = element.minLength > 0 && element.value.trim().length < element.minLength;
      setError(element.id, missing ? t('required') : short ? element.validationMessage || t('required') : '');
      if ((missing || short) && !firstBad) firstBad = element;
    }
    if (firstBad) return firstBad.focus();
    const data = Object.fromEntries(new FormData(form));
    const body = { type };
    for (const name of ['first_name', 'last_name', 'birth_date', 'company_name', 'registration_number_code', 'registration_number', 'district_court_code']) {
      if (data[name]) body[name] = String(data[name]).trim();
    }
    if (data.birth_city) body.birth_place = { city: data.birth_city.trim(), country: data.birth_country };
    if (fields.includes('postal_address')) {
      body.postal_address = { line1: data.line1.trim(), town_city: data.town_city.trim(), zip: data.zip.trim(), ...(data.country ? { country: data.country } : {}) };
      if (/^\d+$/.test(data.number || '')) body.postal_address.number = Number(data.number);
    }
    busy(form, true, t('processing'));
    const signed = await api('POST', link('hpp:authorize') || `${selfPath()}/mandate`, body);
    if (!signed.ok) {
      busy(form, false);
      if (signed.status === 400) {
        const map = {};
        for (const name of ['first_name', 'last_name', 'birth_date', 'company_name', 'registration_number_code', 'registration_number', 'district_court_code']) map[`/${name}`] = `m-${name}`;
        Object.assign(map, { '/birth_place/city': 'm-birth_city', '/birth_place/country': 'm-birth_country', '/birth_place': 'm-birth_city', '/postal_address/line1': 'm-line1', '/postal_address/number': 'm-number', '/postal_address/zip': 'm-zip', '/postal_address/town_city': 'm-town_city', '/postal_address/country': 'm-country' });
        return fieldErrors(signed.body, map);
      }
      return signed.status === 409 ? load() : apiFailure(signed);
    }
    afterStep(signed.body);
  } },
  h('h1', { class: 'form-title' }, t('mandate')),
  h('p', { class: 'notice', id: 'verified' }, t('verifiedAccount', { iban: unbroken(account.iban) })),
  parts,
  mandateDetails(requirements),
  legal ? h('p', { class: 'legal', id: 'legal' }, legal) : null,
  h('button', { type: 'submit', class: 'button primary', id: 'sign' }, t('sign', { amount: formatAmount() })));
  keepTyped(form, 'mandate');
  if (courtField) form.elements.namedItem('registration_number_code').dispatchEvent(new Event('change'));
  screen(form, { canSwitch: true });
}

// ---------- the visit ----------

async function load() {
  if (!paymentId || !pageToken) return messagePage('invalid', t('invalid'), t('invalidText'), wayBack());
  const response = await api('GET', selfPath());
  if (!response.ok) return apiFailure(response);
  view = response.body;
  texts.use(view.language);
  merchant = view.branding.merchant.name || view.branding.platform.name;
  brand(leadBrand(view.branding));
  const fromFlow = sessionStorage.getItem(flagKey) === 'flow';
  if (view.workflow.complete) return completed(view, { fromFlow });
  const failed = view.status === 'authentication_failed';
  if (view.status === 'initiated') {
    if (view.payment_methods.length > 1) return methodChoice();
    const started = await api('POST', link('hpp:start') || `${selfPath()}/start`, {});
    if (!started.ok) return apiFailure(started);
    return load();
  }
  // Another method is suggested only when the payment offers one.
  const only = view.payment_methods.length === 1 ? 'Only' : '';
  if (link('account_verification')) return bankStep(failed ? t(`verifyFailed${only}`) : undefined);
  if (link('mandate_requirements')) return mandateStep();
  if (link('tokenize')) return cardForm(failed ? t(`authFailed${only}`) : undefined);
  messagePage('error', t('error'), t('errorText'));
}

document.getElementById('loading-text').textContent = t('loading');
load().catch(() => messagePage('error', t('error'), t('errorText'), h('button', { class: 'button primary', type: 'button', onclick: () => location.reload() }, t('retry'))));

// ---------- the sandbox's test-data drawer (rendered by the server in sandbox pages only) ----------

/** A test card's button fills the card form: its number, an expiry date in the future, a security code and a name if none is typed. */
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('[data-fill-card]') : null;
  const number = document.getElementById('card-number');
  if (!button || !number) return;
  const set = (input, value) => {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  set(number, button.getAttribute('data-fill-card'));
  set(document.getElementById('card-expiry'), `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
  set(document.getElementById('card-cvc'), '123');
  const holder = document.getElementById('card-holder');
  if (!holder.value.trim()) set(holder, 'Erika Mustermann');
  number.focus();
});
