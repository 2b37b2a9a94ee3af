import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { schemaErrors } from '../../../test/helpers/bank/schemas.js';
import { buildCamt053, paidEntry, returnedEntry, type TestStatement, type TestStatementEntry } from '../../../test/helpers/bank/statement.js';
import { parseCamt053, StatementError, type StatementEntry } from './camt053.js';
import { XmlFileError } from './xml-tree.js';

const ACCOUNT = 'DE89370400440532013000';
const PAYOUT_A = { id: 'a0000000000000000000000000000001', amount_minor: 125_000 };
const PAYOUT_B = { id: 'b0000000000000000000000000000002', amount_minor: 8_990 };

function statement(entries: TestStatementEntry[], overrides: Partial<TestStatement> = {}): TestStatement {
  return { messageId: 'STMT-MSG-1', statementId: 'STMT-2026-11-30', createdAt: new Date('2026-11-30T21:00:00Z'), accountIban: ACCOUNT, bookingDate: '2026-11-30', entries, ...overrides };
}

const sample = () => readFile(new URL('../../../test/helpers/bank/samples/camt053-bank-statement.xml', import.meta.url), 'utf8');

describe('parseCamt053 on a bank\'s statement', () => {
  it('is a sample valid against the camt.053.001.08 schema', async () => {
    expect(await schemaErrors(await sample(), 'camt.053.001.08')).toEqual([]);
  });

  it('reads every transaction, batch entries split into their details, amounts exact', async () => {
    const parsed = parseCamt053(await sample());
    expect(parsed.messageId).toBe('camt053-20261130-0000001');
    const common = { statementId: '2026-11-30-00231-EUR', accountIban: ACCOUNT, valueDate: '2026-11-30', reversal: false, currency: 'EUR' };
    const expected: StatementEntry[] = [
      { ...common, entryKey: `${ACCOUNT}/2026113000012345`, entryReference: '1', accountServicerReference: '2026113000012345', bookingDate: '2026-11-30', amountMinor: 125_000, creditDebit: 'DBIT', status: 'BOOK', endToEndId: 'a0000000000000000000000000000001', isReturn: false, returnReason: undefined },
      { ...common, entryKey: `${ACCOUNT}/2026113000012346/1`, entryReference: '2', accountServicerReference: '2026113000012346-1', bookingDate: '2026-11-30', amountMinor: 10_010, creditDebit: 'DBIT', status: 'BOOK', endToEndId: 'a0000000000000000000000000000002', isReturn: false, returnReason: undefined },
      { ...common, entryKey: `${ACCOUNT}/2026113000012346/2`, entryReference: '2', accountServicerReference: '2026113000012346-2', bookingDate: '2026-11-30', amountMinor: 20_019, creditDebit: 'DBIT', status: 'BOOK', endToEndId: 'a0000000000000000000000000000003', isReturn: false, returnReason: undefined },
      { ...common, entryKey: `${ACCOUNT}/2026113000012400`, entryReference: '3', accountServicerReference: '2026113000012400', bookingDate: '2026-11-30', amountMinor: 8_990, creditDebit: 'CRDT', status: 'BOOK', endToEndId: 'a0000000000000000000000000000004', isReturn: true, returnReason: 'AC04' },
      { ...common, entryKey: `${ACCOUNT}/2026113000012500`, entryReference: '4', accountServicerReference: '2026113000012500', bookingDate: '2026-11-30', amountMinor: 500_000, creditDebit: 'CRDT', status: 'BOOK', endToEndId: undefined, isReturn: false, returnReason: undefined },
      { ...common, entryKey: `${ACCOUNT}/2026-11-30-00231-EUR/FEE-1130`, entryReference: 'FEE-1130', accountServicerReference: undefined, bookingDate: '2026-11-30', amountMinor: 250, creditDebit: 'DBIT', status: 'BOOK', endToEndId: undefined, isReturn: false, returnReason: undefined },
      { ...common, entryKey: `${ACCOUNT}/2026-11-30-00231-EUR/6`, entryReference: '6', accountServicerReference: undefined, bookingDate: undefined, valueDate: '2026-12-01', amountMinor: 1_000, creditDebit: 'DBIT', status: 'PDNG', endToEndId: 'a0000000000000000000000000000005', isReturn: false, returnReason: undefined },
    ];
    expect(parsed.entries).toEqual(expected);
  });

  it('reads a document whose elements carry a namespace prefix', async () => {
    const prefixed = (await sample()).replace(/<(\/?)([A-Za-z])/g, '<$1c:$2').replace('xmlns="urn:', 'xmlns:c="urn:');
    expect(parseCamt053(prefixed).entries).toEqual(parseCamt053(await sample()).entries);
  });
});

describe('parseCamt053 on statements made by the test helper', () => {
  it('reads back a booked payout, a returned one and a movement that is not ours, from a file the schema accepts', async () => {
    const xml = buildCamt053(statement([
      paidEntry(PAYOUT_A, 'REF-1'),
      returnedEntry(PAYOUT_B, 'AC01', 'REF-2'),
      { amountMinor: 500_000, creditDebit: 'CRDT', reference: 'REF-3' },
      { ...paidEntry(PAYOUT_B), reversal: true, returnReason: 'AC04' },
      { ...paidEntry(PAYOUT_A), status: 'PDNG' },
    ]));
    expect(await schemaErrors(xml, 'camt.053.001.08')).toEqual([]);
    expect(parseCamt053(xml).entries.map(({ entryKey, amountMinor, creditDebit, status, endToEndId, isReturn, returnReason, reversal, bookingDate }) => ({ entryKey, amountMinor, creditDebit, status, endToEndId, isReturn, returnReason, reversal, bookingDate }))).toEqual([
      { entryKey: `${ACCOUNT}/REF-1`, amountMinor: 125_000, creditDebit: 'DBIT', status: 'BOOK', endToEndId: PAYOUT_A.id, isReturn: false, returnReason: undefined, reversal: false, bookingDate: '2026-11-30' },
      { entryKey: `${ACCOUNT}/REF-2`, amountMinor: 8_990, creditDebit: 'CRDT', status: 'BOOK', endToEndId: PAYOUT_B.id, isReturn: true, returnReason: 'AC01', reversal: false, bookingDate: '2026-11-30' },
      { entryKey: `${ACCOUNT}/REF-3`, amountMinor: 500_000, creditDebit: 'CRDT', status: 'BOOK', endToEndId: undefined, isReturn: false, returnReason: undefined, reversal: false, bookingDate: '2026-11-30' },
      { entryKey: `${ACCOUNT}/STMT-2026-11-30/4`, amountMinor: 8_990, creditDebit: 'DBIT', status: 'BOOK', endToEndId: PAYOUT_B.id, isReturn: true, returnReason: 'AC04', reversal: true, bookingDate: '2026-11-30' },
      { entryKey: `${ACCOUNT}/STMT-2026-11-30/5`, amountMinor: 125_000, creditDebit: 'DBIT', status: 'PDNG', endToEndId: PAYOUT_A.id, isReturn: false, returnReason: undefined, reversal: false, bookingDate: undefined },
    ]);
  });

  it('reads every amount exactly as the bank wrote it', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), { minLength: 1, maxLength: 30 }), (amounts) => {
      const xml = buildCamt053(statement(amounts.map((amountMinor, index) => ({ amountMinor, creditDebit: index % 2 ? 'CRDT' : 'DBIT', endToEndId: `p${index}` }))));
      expect(parseCamt053(xml).entries.map((entry) => entry.amountMinor)).toEqual(amounts);
    }), { numRuns: 100 });
  });

  it('gives an entry the same key in every import of the statement', () => {
    const xml = buildCamt053(statement([paidEntry(PAYOUT_A), paidEntry(PAYOUT_B, 'REF-9')]));
    expect(parseCamt053(xml).entries.map((entry) => entry.entryKey)).toEqual(parseCamt053(xml.replace('<?xml version="1.0" encoding="UTF-8"?>', '')).entries.map((entry) => entry.entryKey));
  });
});

describe('parseCamt053 refuses what it cannot read, saying where', () => {
  const good = buildCamt053(statement([paidEntry(PAYOUT_A, 'REF-1')]));

  it('broken XML, with its line', () => {
    expect(() => parseCamt053('hello')).toThrow(XmlFileError);
    expect(() => parseCamt053(good.replace('</Ntry>', ''))).toThrow(/^camt\.053:\d+:\d+: unexpected close tag/);
    expect(() => parseCamt053(good.replace('<NtryRef>1</NtryRef>', '<NtryRef>&nbsp;</NtryRef>'))).toThrow(/undefined entity/);
    expect(() => parseCamt053('')).toThrow(XmlFileError);
  });

  it('any DOCTYPE: no entity is expanded and nothing outside the file is read', () => {
    const body = good.replace('<?xml version="1.0" encoding="UTF-8"?>', '');
    const laughs = `<!DOCTYPE Document [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;">]>${body.replace('<NtryRef>1</NtryRef>', '<NtryRef>&c;</NtryRef>')}`;
    const external = `<!DOCTYPE Document [<!ENTITY x SYSTEM "file:///etc/passwd">]>${body.replace('<NtryRef>1</NtryRef>', '<NtryRef>&x;</NtryRef>')}`;
    for (const xml of [laughs, external]) expect(() => parseCamt053(xml)).toThrow('camt.053:1: a DOCTYPE is not allowed in a bank file');
  });

  it('another message than camt.053.001.08', () => {
    expect(() => parseCamt053(good.replace('camt.053.001.08', 'camt.054.001.08'))).toThrow(StatementError);
    expect(() => parseCamt053(good.replace('camt.053.001.08', 'camt.054.001.08'))).toThrow('not a camt.053.001.08 statement: the root is Document in namespace "urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"');
    expect(() => parseCamt053('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><Other/></Document>')).toThrow('camt.053 line 1, Document: BkToCstmrStmt is missing');
  });

  it('amounts that are not amounts of their currency', () => {
    const amountAt = /Stmt\[1\]\/Ntry\[1\]\/Amt\[1\]/;
    expect(() => parseCamt053(good.replace('<Amt Ccy="EUR">1250.00</Amt>', '<Amt Ccy="EUR">1250.005</Amt>'))).toThrow(/"1250\.005" is not an amount in EUR \(a non-negative decimal with at most 2 decimals\)/);
    expect(() => parseCamt053(good.replace('<Amt Ccy="EUR">1250.00</Amt>', '<Amt Ccy="EUR">-1250.00</Amt>'))).toThrow(amountAt);
    expect(() => parseCamt053(good.replace('<Amt Ccy="EUR">1250.00</Amt>', '<Amt Ccy="XXY">1250.00</Amt>'))).toThrow('has no valid Ccy attribute, got "XXY"');
    expect(() => parseCamt053(good.replace('<Amt Ccy="EUR">1250.00</Amt>', '<Amt>1250.00</Amt>'))).toThrow(/camt\.053 line \d+, BkToCstmrStmt\[1\]\/Stmt\[1\]\/Ntry\[1\]\/Amt\[1\]: has no valid Ccy attribute/);
    expect(() => parseCamt053(good.replace('<Amt Ccy="EUR">1250.00</Amt>', '<Amt Ccy="EUR">99999999999999999.99</Amt>'))).toThrow('beyond the amounts this product counts');
  });

  it('missing or unknown direction, status, account and statements', () => {
    expect(() => parseCamt053(good.replace('<CdtDbtInd>DBIT</CdtDbtInd>', ''))).toThrow(/Ntry\[1\]: CdtDbtInd is missing/);
    expect(() => parseCamt053(good.replace('<CdtDbtInd>DBIT</CdtDbtInd>', '<CdtDbtInd>DEBIT</CdtDbtInd>'))).toThrow('must be CRDT or DBIT, got "DEBIT"');
    expect(() => parseCamt053(good.replace('<Cd>BOOK</Cd>', '<Cd>DONE</Cd>'))).toThrow('must be one of BOOK, PDNG, INFO, FUTR (Sts/Cd), got "DONE"');
    expect(() => parseCamt053(good.replace(/<IBAN>DE89370400440532013000<\/IBAN>/, '<Othr><Id>123</Id></Othr>'))).toThrow('Acct/Id/IBAN is missing: only IBAN accounts are read');
    expect(() => parseCamt053(good.replace(/<Stmt>[\s\S]*<\/Stmt>/, ''))).toThrow('BkToCstmrStmt[1]: has no Stmt');
    expect(() => parseCamt053(good.replace('<Dt>2026-11-30</Dt>\n        </BookgDt>', '<Dt>30.11.2026</Dt>\n        </BookgDt>'))).toThrow(/BookgDt\[1\]: has no date \(Dt or DtTm\), got "30\.11\.2026"/);
  });

  it('a batch entry whose transactions carry no amounts of their own', () => {
    const batch = good.replace(/<TxDtls>[\s\S]*<\/TxDtls>/, '<TxDtls><Refs><EndToEndId>x1</EndToEndId></Refs></TxDtls><TxDtls><Refs><EndToEndId>x2</EndToEndId></Refs></TxDtls>');
    expect(() => parseCamt053(batch)).toThrow(/NtryDtls\[1\]\/TxDtls\[1\]: has no Amt, and its entry carries several transactions/);
  });
});
