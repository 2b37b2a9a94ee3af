import { deflateSync, crc32 } from 'node:zlib';
import type { Language } from '../core/language.js';
import { TEST_CARDS, TEST_IBANS, type Behaviour, type IbanOutcome } from '../processor/simulator/processor.js';
import { TEST_COMPANY } from '../sandbox/scenarios.js';

/**
 * The sandbox's signs on the hosted pages (the payment page, the onboarding wizard): a test-mode
 * banner in the page's HTML (no script needed), and a drawer of test data whose buttons fill the
 * form (page.js and onboarding.js listen for them). Live pages have neither.
 */

/** The sandbox's test data, as the drawers show it (the simulator's own tables, TEST_CARDS and TEST_IBANS, where it takes the payments). */
export interface TestData {
  cards: Record<string, Behaviour>;
  ibans: Record<string, IbanOutcome>;
  /** The wizard's "fill with a test company": each form field's name and the value it is given. */
  company: Record<string, string>;
}

/**
 * The sandbox's test company, as the wizard's fields are named (the onboarding is ours, whoever
 * takes the payments), and the simulator's test cards and IBANs where it takes the sandbox's cards
 * and SEPA Direct Debits: another processor would not honour them.
 */
export function sandboxTestData(simulatorTakes: { cards: boolean; sepaDirectDebits: boolean }): TestData {
  const { applicant, person, businessType, address, iban } = TEST_COMPANY;
  const name = `${applicant.first_name} ${applicant.last_name}`;
  // Without the website (optional): the page's HTML names no other origin.
  const company = { ...applicant, nationality: person.nationality, gender: person.gender, date_of_birth: '1990-03-10', ...businessType, legal_name: name, ...address, number: String(address.number), iban, account_owners_name: name };
  return { cards: simulatorTakes.cards ? TEST_CARDS : {}, ibans: simulatorTakes.sepaDirectDebits ? TEST_IBANS : {}, company };
}

const en = {
  testMode: 'Test mode',
  paymentBanner: 'Test mode: no real money is moved.',
  onboardingBanner: 'Test mode: this is a sandbox onboarding; no real business is checked and nothing is sent to a bank.',
  testData: 'Test data',
  testCards: 'Test cards',
  cardNumber: 'Card number',
  outcome: 'What happens',
  useCard: 'Use {number}',
  cardsHint: 'Any expiry date in the future and any security code. Any other valid card number is approved.',
  'card:approve': 'Approved',
  'card:decline': 'Declined',
  'card:insufficient': 'Declined: insufficient funds',
  'card:challenge': '3-D Secure challenge (you pass or fail it)',
  'card:expired': 'Declined: expired card',
  testIbans: 'Test IBANs',
  iban: 'IBAN',
  ibansHint: 'Enter one at the bank, after you continue with SEPA Direct Debit. Any other valid IBAN verifies.',
  useIban: 'Use {iban}',
  'iban:verifies': 'Verifies; the collection settles two days later',
  'iban:fails_verification': 'The bank cannot verify the account',
  'iban:returned_unpaid': 'Verifies; the collection is returned unpaid',
  fillCompany: 'Fill with a test company',
  fillCompanyHint: 'Fills the fields of this step with the sandbox’s test company (Ada Lovelace, a sole trader in Munich).',
  testDocuments: 'Test documents',
  testDocumentsHint: 'Download one, then upload it where a document is asked for.',
  documentPdf: 'Test document (PDF)',
  documentPng: 'Test identity document (PNG image)',
};
type Texts = typeof en;

const TEXT: Record<Language, Texts> = {
  en,
  de: {
    testMode: 'Testmodus',
    paymentBanner: 'Testmodus: Es wird kein echtes Geld bewegt.',
    onboardingBanner: 'Testmodus: Dies ist ein Sandbox-Onboarding; kein echtes Unternehmen wird geprüft und nichts geht an eine Bank.',
    testData: 'Testdaten',
    testCards: 'Testkarten',
    cardNumber: 'Kartennummer',
    outcome: 'Was geschieht',
    useCard: '{number} verwenden',
    cardsHint: 'Ein beliebiges Ablaufdatum in der Zukunft und eine beliebige Prüfnummer. Jede andere gültige Kartennummer wird genehmigt.',
    'card:approve': 'Genehmigt',
    'card:decline': 'Abgelehnt',
    'card:insufficient': 'Abgelehnt: keine Deckung',
    'card:challenge': '3-D-Secure-Abfrage (Sie bestehen sie oder nicht)',
    'card:expired': 'Abgelehnt: Karte abgelaufen',
    testIbans: 'Test-IBANs',
    iban: 'IBAN',
    ibansHint: 'Geben Sie eine bei der Bank ein, nachdem Sie mit SEPA-Lastschrift fortfahren. Jede andere gültige IBAN wird bestätigt.',
    useIban: '{iban} verwenden',
    'iban:verifies': 'Wird bestätigt; der Einzug wird zwei Tage später gutgeschrieben',
    'iban:fails_verification': 'Die Bank kann das Konto nicht bestätigen',
    'iban:returned_unpaid': 'Wird bestätigt; der Einzug kommt unbezahlt zurück',
    fillCompany: 'Mit einem Testunternehmen ausfüllen',
    fillCompanyHint: 'Füllt die Felder dieses Schritts mit dem Testunternehmen der Sandbox (Ada Lovelace, Einzelunternehmerin in München).',
    testDocuments: 'Testdokumente',
    testDocumentsHint: 'Laden Sie eines herunter und dann dort hoch, wo ein Dokument verlangt wird.',
    documentPdf: 'Testdokument (PDF)',
    documentPng: 'Test-Ausweisdokument (PNG-Bild)',
  },
  es: {
    testMode: 'Modo de prueba',
    paymentBanner: 'Modo de prueba: no se mueve dinero real.',
    onboardingBanner: 'Modo de prueba: este es un alta de prueba; no se comprueba ninguna empresa real ni se envía nada a un banco.',
    testData: 'Datos de prueba',
    testCards: 'Tarjetas de prueba',
    cardNumber: 'Número de tarjeta',
    outcome: 'Qué ocurre',
    useCard: 'Usar {number}',
    cardsHint: 'Cualquier fecha de caducidad futura y cualquier código de seguridad. Cualquier otro número de tarjeta válido se aprueba.',
    'card:approve': 'Aprobado',
    'card:decline': 'Rechazado',
    'card:insufficient': 'Rechazado: fondos insuficientes',
    'card:challenge': 'Verificación 3-D Secure (la supera o no)',
    'card:expired': 'Rechazado: tarjeta caducada',
    testIbans: 'IBAN de prueba',
    iban: 'IBAN',
    ibansHint: 'Introduzca uno en el banco, después de continuar con adeudo directo SEPA. Cualquier otro IBAN válido se verifica.',
    useIban: 'Usar {iban}',
    'iban:verifies': 'Se verifica; el cobro se abona dos días después',
    'iban:fails_verification': 'El banco no puede verificar la cuenta',
    'iban:returned_unpaid': 'Se verifica; el cobro se devuelve impagado',
    fillCompany: 'Rellenar con una empresa de prueba',
    fillCompanyHint: 'Rellena los campos de este paso con la empresa de prueba del sandbox (Ada Lovelace, autónoma en Múnich).',
    testDocuments: 'Documentos de prueba',
    testDocumentsHint: 'Descargue uno y súbalo donde se pida un documento.',
    documentPdf: 'Documento de prueba (PDF)',
    documentPng: 'Documento de identidad de prueba (imagen PNG)',
  },
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
const grouped = (digits: string) => digits.replace(/(.{4})(?=.)/g, '$1 ');

/** The banner, first in the page: a landmark of its own, in the page's language, its colours fixed (never the brand's). */
export function testModeBanner(lang: Language, page: 'payment' | 'onboarding'): string {
  const text = TEXT[lang];
  return `<aside class="test-mode" lang="${lang}" aria-label="${escape(text.testMode)}"><p id="sandbox">${escape(page === 'payment' ? text.paymentBanner : text.onboardingBanner)}</p></aside>`;
}

function cardsTable(text: Texts, cards: TestData['cards']): string {
  if (Object.keys(cards).length === 0) return '';
  const rows = Object.entries(cards).map(
    ([number, behaviour]) =>
      `<tr><td><code>${grouped(number)}</code></td><td>${escape(text[`card:${behaviour}`])}</td><td class="use"><button type="button" class="fill" data-fill-card="${number}" aria-label="${escape(fill(text.useCard, { number: grouped(number) }))}">${escape(fill(text.useCard, { number: '' }).trim() || text.useCard)}</button></td></tr>`,
  );
  return `<h2>${escape(text.testCards)}</h2><p class="hint">${escape(text.cardsHint)}</p>
<table><thead><tr><th scope="col">${escape(text.cardNumber)}</th><th scope="col">${escape(text.outcome)}</th><th scope="col" class="use"><span class="visually-hidden">${escape(text.testData)}</span></th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function ibansTable(text: Texts, ibans: TestData['ibans'], fillable: boolean): string {
  if (Object.keys(ibans).length === 0) return '';
  const rows = Object.entries(ibans).map(
    ([iban, outcome]) =>
      `<tr><td><code>${grouped(iban)}</code></td><td>${escape(text[`iban:${outcome}`])}</td>${fillable ? `<td class="use"><button type="button" class="fill" data-fill-iban="${iban}" aria-label="${escape(fill(text.useIban, { iban: grouped(iban) }))}">${escape(fill(text.useIban, { iban: '' }).trim())}</button></td>` : ''}</tr>`,
  );
  return `<h2>${escape(text.testIbans)}</h2>${fillable ? '' : `<p class="hint">${escape(text.ibansHint)}</p>`}
<table><thead><tr><th scope="col">${escape(text.iban)}</th><th scope="col">${escape(text.outcome)}</th>${fillable ? `<th scope="col" class="use"><span class="visually-hidden">${escape(text.testData)}</span></th>` : ''}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function drawer(text: Texts, lang: Language, content: string): string {
  return `<aside class="test-data" lang="${lang}" aria-label="${escape(text.testData)}"><details><summary>${escape(text.testData)}</summary><div class="test-data-body">${content}</div></details></aside>`;
}

/** The payment page's drawer: the test cards (one click fills the card form) and the test IBANs (entered at the bank); none without either. */
export function paymentTestData(lang: Language, data: TestData): string {
  const text = TEXT[lang];
  const content = `${cardsTable(text, data.cards)}${ibansTable(text, data.ibans, false)}`;
  return content ? drawer(text, lang, content) : '';
}

/** The wizard's drawer: the test company, the test documents and the test IBANs (one click fills the payout account). */
export function onboardingTestData(lang: Language, data: TestData): string {
  const text = TEXT[lang];
  const company = `<p><button type="button" class="fill" data-fill-company="${escape(JSON.stringify(data.company))}" aria-describedby="fill-company-hint">${escape(text.fillCompany)}</button></p><p class="hint" id="fill-company-hint">${escape(text.fillCompanyHint)}</p>`;
  const documents = `<h2>${escape(text.testDocuments)}</h2><p class="hint">${escape(text.testDocumentsHint)}</p>
<ul><li><a href="${TEST_DOCUMENT_PATH}/test-document.pdf" download>${escape(text.documentPdf)}</a></li><li><a href="${TEST_DOCUMENT_PATH}/test-identity.png" download>${escape(text.documentPng)}</a></li></ul>`;
  return drawer(text, lang, `${company}${documents}${ibansTable(text, data.ibans, true)}`);
}

/** Where the test documents are served (the wizard's upload takes them: a PDF and a PNG by their content). */
export const TEST_DOCUMENT_PATH = '/sandbox-test-data/documents';

/** A one-page PDF saying it is a test document, with a correct cross-reference table. */
function testPdf(): Buffer {
  const stream = 'BT /F1 24 Tf 72 720 Td (Test document - sandbox only) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A small PNG (a grey card with a darker band, like an identity document's photo side). */
function testPng(): Buffer {
  const width = 320;
  const height = 200;
  const rows = Array.from({ length: height }, (_, y) => Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, y > 40 && y < 80 ? 0x55 : 0xd0)]));
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

export const TEST_DOCUMENTS: ReadonlyMap<string, { type: string; body: Buffer }> = new Map([
  ['test-document.pdf', { type: 'application/pdf', body: testPdf() }],
  ['test-identity.png', { type: 'image/png', body: testPng() }],
]);
