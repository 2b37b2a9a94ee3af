import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { schemaErrors } from '../../../test/helpers/bank/schemas.js';
import { minorFromDecimal } from './amounts.js';
import { sepaIdentifierProblem } from './charset.js';
import { controlSums, newMessageId, Pain001Error, payoutRemittance, writePain001, type CreditTransfer, type CreditTransferBatch } from './pain001.js';
import { childOf, childrenOf, descend, readXmlTree, type XmlElement } from './xml-tree.js';

const DEBTOR = { name: 'Zahlwerk GmbH', iban: 'DE89370400440532013000', bic: undefined };
const CREDITOR_IBANS = ['FR1420041010050500013M02606', 'DE02120300000000202051', 'NL91ABNA0417164300', 'AT611904300234573201'];

function payoutId(index: number): string {
  return index.toString(16).padStart(32, '0');
}

function transfer(index: number, amountMinor: number, overrides: Partial<CreditTransfer> = {}): CreditTransfer {
  return {
    endToEndId: payoutId(index),
    amountMinor,
    currency: 'EUR',
    creditorName: `Merchant ${index}`,
    creditorIban: CREDITOR_IBANS[index % CREDITOR_IBANS.length]!,
    remittance: payoutRemittance(payoutId(index), 'Marktplatz AG'),
    ...overrides,
  };
}

function batch(payments: CreditTransfer[], overrides: Partial<CreditTransferBatch> = {}): CreditTransferBatch {
  return { messageId: newMessageId(), createdAt: new Date('2026-11-27T15:00:00.123Z'), debtor: DEBTOR, requestedExecutionDate: '2026-11-30', payments, ...overrides };
}

/** The file read back with a plain XML reader: what a bank would take from it. */
function readBack(xml: string) {
  const initiation = descend(readXmlTree(xml, 'pain.001'), 'CstmrCdtTrfInitn')!;
  const header = childOf(initiation, 'GrpHdr')!;
  const information = childOf(initiation, 'PmtInf')!;
  const text = (element: XmlElement | undefined, ...path: string[]): string | undefined => descend(element, ...path)?.text;
  return {
    messageId: text(header, 'MsgId'),
    createdAt: text(header, 'CreDtTm'),
    headerCount: text(header, 'NbOfTxs'),
    headerSum: text(header, 'CtrlSum'),
    paymentInfoId: text(information, 'PmtInfId'),
    count: text(information, 'NbOfTxs'),
    sum: text(information, 'CtrlSum'),
    debtorAgent: descend(information, 'DbtrAgt', 'FinInstnId')!.children.map((child) => `${child.name}:${child.children[0]?.text ?? child.text}`),
    transfers: childrenOf(information, 'CdtTrfTxInf').map((element) => ({
      endToEndId: text(element, 'PmtId', 'EndToEndId'),
      amount: text(element, 'Amt', 'InstdAmt'),
      currency: descend(element, 'Amt', 'InstdAmt')!.attributes.Ccy,
      creditorBic: text(element, 'CdtrAgt', 'FinInstnId', 'BICFI'),
      creditorName: text(element, 'Cdtr', 'Nm'),
      creditorIban: text(element, 'CdtrAcct', 'Id', 'IBAN'),
      remittance: text(element, 'RmtInf', 'Ustrd'),
    })),
  };
}

describe('writePain001', () => {
  it('writes one payout as a file valid against the EPC schema', async () => {
    const xml = writePain001(batch([transfer(1, 12_345, { creditorName: 'Bäckerei Müller & Söhne', creditorIban: 'de89 3704 0044 0532 0130 00', creditorBic: 'cobadeffxxx', remittance: payoutRemittance(payoutId(1), 'Grüne Wiese Marktplatz') })]));
    expect(await schemaErrors(xml, 'pain.001.001.09')).toEqual([]);
    const file = readBack(xml);
    expect(file).toMatchObject({ createdAt: '2026-11-27T15:00:00Z', headerCount: '1', count: '1', headerSum: '123.45', sum: '123.45', debtorAgent: ['Othr:NOTPROVIDED'] });
    expect(file.paymentInfoId).toBe(file.messageId);
    expect(file.transfers).toEqual([{
      endToEndId: payoutId(1),
      amount: '123.45',
      currency: 'EUR',
      creditorBic: 'COBADEFFXXX',
      creditorName: 'Baeckerei Mueller + Soehne',
      creditorIban: 'DE89370400440532013000',
      remittance: `Payout ${payoutId(1)} Gruene Wiese Marktplatz`,
    }]);
  });

  it('names the debtor\'s bank by its BIC when the operator gives one', async () => {
    const xml = writePain001(batch([transfer(1, 100)], { debtor: { ...DEBTOR, bic: 'COBADEFFXXX' } }));
    expect(await schemaErrors(xml, 'pain.001.001.09')).toEqual([]);
    expect(readBack(xml).debtorAgent).toEqual(['BICFI:COBADEFFXXX']);
  });

  it('writes a thousand payouts as one valid file with exact control sums', async () => {
    const payments = Array.from({ length: 1000 }, (_, index) => transfer(index, 99_999_999_999 - index * 7_777_777));
    const xml = writePain001(batch(payments));
    expect(await schemaErrors(xml, 'pain.001.001.09')).toEqual([]);
    const file = readBack(xml);
    const expected = payments.reduce((sum, payment) => sum + BigInt(payment.amountMinor), 0n);
    expect(file.headerCount).toBe('1000');
    expect(file.count).toBe('1000');
    expect(file.headerSum).toBe(file.sum);
    expect(minorFromDecimal(file.sum!, 2)).toBe(expected);
    expect(file.transfers.map((written) => written.endToEndId)).toEqual(payments.map((payment) => payment.endToEndId));
  });

  it('adds cents as integers: 0.10 + 0.20 is 0.30', () => {
    expect(readBack(writePain001(batch([transfer(1, 10), transfer(2, 20)]))).sum).toBe('0.30');
  });

  it('writes CtrlSum as the exact sum of the amounts, with two decimals, for any amounts', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 99_999_999_999 }), { minLength: 1, maxLength: 60 }), (amounts) => {
      const file = readBack(writePain001(batch(amounts.map((amount, index) => transfer(index, amount)))));
      const expected = amounts.reduce((sum, amount) => sum + BigInt(amount), 0n);
      expect(file.sum).toMatch(/^\d+\.\d{2}$/);
      expect(file.headerSum).toBe(file.sum);
      expect(minorFromDecimal(file.sum!, 2)).toBe(expected);
      expect(file.transfers.reduce((sum, written) => sum + minorFromDecimal(written.amount!, 2)!, 0n)).toBe(expected);
      expect(file.count).toBe(String(amounts.length));
    }), { numRuns: 200 });
  });

  it('keeps names to 70 and remittance to 140 characters of the SEPA set, and the schema agrees', async () => {
    const longName = 'Ærøskøbing Œuvres d’Art & Délices “Spécialités” '.repeat(4);
    const xml = writePain001(batch([transfer(1, 100, { creditorName: longName, remittance: `Payout ${payoutId(1)} ${'Überweisung für Bestellung #42 – Danke! '.repeat(6)}` })], { debtor: { ...DEBTOR, name: longName } }));
    expect(await schemaErrors(xml, 'pain.001.001.09')).toEqual([]);
    const [written] = readBack(xml).transfers;
    expect(written!.creditorName!.length).toBeLessThanOrEqual(70);
    expect(written!.creditorName!.length).toBeGreaterThan(65); // cut at 70, then the trailing space dropped
    expect(written!.creditorName).toMatch(/^AEroskobing OEuvres d'Art \+ Delices 'Specialites' AEroskobing/);
    expect(written!.remittance!.length).toBeLessThanOrEqual(140);
    expect(written!.remittance).toMatch(new RegExp(`^Payout ${payoutId(1)} Ueberweisung fuer Bestellung 42 - Danke`));
    for (const value of [written!.creditorName!, written!.remittance!]) expect(value).toMatch(/^[A-Za-z0-9/\-?:().,'+ ]+$/);
  });

  it('lists every reason a batch cannot be written', () => {
    const bad = batch([
      transfer(1, 100, { currency: 'USD' }),
      transfer(2, 0),
      transfer(3, 1.5),
      transfer(4, 100_000_000_000),
      transfer(5, 100, { creditorIban: 'DE89370400440532013001', creditorBic: 'NOTABIC' }),
      transfer(6, 100, { creditorName: '#*@;', remittance: '' }),
      transfer(6, 100),
      transfer(7, 100, { endToEndId: 'pay_01HXYZ' }),
    ], { messageId: 'a//b', requestedExecutionDate: '30.11.2026' });
    let problems: string[] = [];
    try {
      writePain001(bad);
    } catch (error) {
      expect(error).toBeInstanceOf(Pain001Error);
      problems = (error as Pain001Error).problems;
    }
    expect(problems).toEqual([
      'messageId must not start or end with "/" nor contain "//"',
      'requestedExecutionDate must be YYYY-MM-DD',
      `${payoutId(1)}: currency must be EUR, got USD`,
      `${payoutId(2)}: amountMinor must be an integer from 1 to 99999999999, got 0`,
      `${payoutId(3)}: amountMinor must be an integer from 1 to 99999999999, got 1.5`,
      `${payoutId(4)}: amountMinor must be an integer from 1 to 99999999999, got 100000000000`,
      `${payoutId(5)}: creditor IBAN is not valid`,
      `${payoutId(5)}: creditor BIC is not valid`,
      `${payoutId(6)}: remittance is empty in the SEPA character set`,
      `${payoutId(6)}: creditor name is empty in the SEPA character set`,
      `${payoutId(6)}: EndToEndId appears twice`,
      'pay_01HXYZ: EndToEndId must use only the SEPA characters a-z A-Z 0-9 / - ? : ( ) . , \' + and space',
    ]);
    expect(() => writePain001(batch([]))).toThrow('pain.001 not written: a file needs at least one payment');
  });
});

describe('controlSums', () => {
  it('stays exact where a floating-point sum of the amounts would not: beyond 2^53 minor units', () => {
    const payments = Array.from({ length: 100_000 }, () => ({ amountMinor: 99_999_999_999 }));
    expect(controlSums(payments)).toEqual({ numberOfTransactions: '100000', controlSum: '99999999999000.00' });
    expect(controlSums([{ amountMinor: 1 }, { amountMinor: 2 }])).toEqual({ numberOfTransactions: '2', controlSum: '0.03' });
  });
});

describe('newMessageId', () => {
  it('answers unique, time-ordered SEPA references', () => {
    const ids = Array.from({ length: 10_000 }, newMessageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids.slice(0, 100)) expect(sepaIdentifierProblem(id)).toBeUndefined();
  });
});

describe('payoutRemittance', () => {
  it('keeps the payout id whole and cuts the platform name to fit 140 characters', () => {
    const text = payoutRemittance(payoutId(9), 'Ä'.repeat(200));
    expect(text).toHaveLength(140);
    expect(text.startsWith(`Payout ${payoutId(9)} AeAe`)).toBe(true);
  });
});
