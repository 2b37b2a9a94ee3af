import { minorUnits, isCurrency } from '../../core/formats.js';
import { minorFromDecimal } from './amounts.js';
import { childOf, childrenOf, descend, readXmlTree, type XmlElement } from './xml-tree.js';

/** What a camt.053.001.08 statement (the bank's end-of-day account statement) says, in the product's terms. */

export const CAMT053_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08';

export type EntryStatus = 'BOOK' | 'PDNG' | 'INFO' | 'FUTR';
const STATUSES: readonly EntryStatus[] = ['BOOK', 'PDNG', 'INFO', 'FUTR'];

/**
 * One transaction of the statement: an entry (Ntry), or one of its transaction details (TxDtls)
 * when a batch entry carries several.
 */
export interface StatementEntry {
  /**
   * The same for this transaction in every import of the statement, whatever the file's name:
   * the account's IBAN, then the bank's reference of the entry (AcctSvcrRef) when it gives one,
   * else the statement's id and the entry's NtryRef (or its position); then the transaction's
   * position when the entry has several.
   */
  entryKey: string;
  statementId: string;
  accountIban: string;
  /** NtryRef. */
  entryReference: string | undefined;
  /** The transaction's AcctSvcrRef, else the entry's. */
  accountServicerReference: string | undefined;
  /** YYYY-MM-DD (the date part when the bank gives a date and time). */
  bookingDate: string | undefined;
  valueDate: string | undefined;
  /** Exact, from the decimal text; positive (the direction is `creditDebit`). */
  amountMinor: number;
  currency: string;
  creditDebit: 'CRDT' | 'DBIT';
  /** RvslInd: the entry reverses an earlier one of the opposite direction (a reversed DBIT gives the money back). */
  reversal: boolean;
  status: EntryStatus;
  /** The EndToEndId of the transfer; undefined when absent or NOTPROVIDED. */
  endToEndId: string | undefined;
  /** RtrInf is present: the transaction returns an earlier one. */
  isReturn: boolean;
  /** The ISO 20022 return reason (RtrInf/Rsn/Cd, e.g. AC04 closed account, AC01 wrong IBAN), or the bank's own (Prtry). */
  returnReason: string | undefined;
}

export interface BankStatement {
  /** GrpHdr/MsgId. */
  messageId: string;
  entries: StatementEntry[];
}

/** The file is not a camt.053.001.08 statement this reader can use; the message says where and why. */
export class StatementError extends Error {
  override name = 'StatementError';
}

/** The statement in `xml`; throws StatementError (or XmlFileError for broken XML) naming the element and line at fault. */
export function parseCamt053(xml: string): BankStatement {
  const document = readXmlTree(xml, 'camt.053');
  if (document.name !== 'Document' || document.namespace !== CAMT053_NAMESPACE) {
    throw new StatementError(`not a camt.053.001.08 statement: the root is ${document.name} in namespace "${document.namespace}", not Document in ${CAMT053_NAMESPACE}`);
  }
  const report = required(document, 'BkToCstmrStmt');
  const messageId = requiredText(required(report, 'GrpHdr'), 'MsgId');
  const statements = childrenOf(report, 'Stmt');
  if (statements.length === 0) throw fault(report, 'has no Stmt');
  return { messageId, entries: statements.flatMap(statementEntries) };
}

function statementEntries(statement: XmlElement): StatementEntry[] {
  const statementId = requiredText(statement, 'Id');
  const iban = descend(statement, 'Acct', 'Id', 'IBAN');
  if (!iban?.text) throw fault(statement, 'Acct/Id/IBAN is missing: only IBAN accounts are read');
  return childrenOf(statement, 'Ntry').flatMap((entry, index) => entryTransactions(entry, { statementId, accountIban: iban.text, position: index + 1 }));
}

interface StatementContext {
  statementId: string;
  accountIban: string;
  position: number;
}

function entryTransactions(entry: XmlElement, context: StatementContext): StatementEntry[] {
  const entryReference = optionalText(entry, 'NtryRef');
  const servicerReference = optionalText(entry, 'AcctSvcrRef');
  const whole: StatementEntry = {
    entryKey: `${context.accountIban}/${servicerReference ?? `${context.statementId}/${entryReference ?? `#${context.position}`}`}`,
    statementId: context.statementId,
    accountIban: context.accountIban,
    entryReference,
    accountServicerReference: servicerReference,
    bookingDate: dateOf(childOf(entry, 'BookgDt')),
    valueDate: dateOf(childOf(entry, 'ValDt')),
    ...amountOf(required(entry, 'Amt')),
    creditDebit: creditDebitOf(required(entry, 'CdtDbtInd')),
    reversal: optionalText(entry, 'RvslInd') === 'true',
    status: statusOf(required(entry, 'Sts')),
    endToEndId: undefined,
    isReturn: false,
    returnReason: undefined,
  };
  const transactions = childrenOf(entry, 'NtryDtls').flatMap((details) => childrenOf(details, 'TxDtls'));
  if (transactions.length <= 1) return [transactions[0] ? asTransaction(whole, transactions[0], whole.entryKey) : whole];
  const withoutAmount = transactions.find((transaction) => !childOf(transaction, 'Amt'));
  if (withoutAmount) throw fault(withoutAmount, 'has no Amt, and its entry carries several transactions');
  return transactions.map((transaction, index) => asTransaction(whole, transaction, `${whole.entryKey}/${index + 1}`));
}

/** The entry as one of its transactions tells it: the transaction's own reference, amount and direction where it gives them. */
function asTransaction(entry: StatementEntry, transaction: XmlElement, entryKey: string): StatementEntry {
  const ownAmount = childOf(transaction, 'Amt');
  const ownDirection = childOf(transaction, 'CdtDbtInd');
  const returnInformation = childOf(transaction, 'RtrInf');
  return {
    ...entry,
    entryKey,
    accountServicerReference: optionalText(childOf(transaction, 'Refs'), 'AcctSvcrRef') ?? entry.accountServicerReference,
    ...(ownAmount ? amountOf(ownAmount) : {}),
    ...(ownDirection ? { creditDebit: creditDebitOf(ownDirection) } : {}),
    endToEndId: endToEndIdOf(transaction),
    isReturn: returnInformation !== undefined,
    returnReason: returnInformation ? returnReasonOf(returnInformation) : undefined,
  };
}

function amountOf(element: XmlElement): { amountMinor: number; currency: string } {
  const currency = element.attributes.Ccy ?? '';
  if (!isCurrency(currency)) throw fault(element, `has no valid Ccy attribute, got "${currency}"`);
  const minor = minorFromDecimal(element.text, minorUnits(currency));
  if (minor === undefined) throw fault(element, `"${element.text}" is not an amount in ${currency} (a non-negative decimal with at most ${minorUnits(currency)} decimals)`);
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw fault(element, `"${element.text}" is beyond the amounts this product counts`);
  return { amountMinor: Number(minor), currency };
}

function creditDebitOf(element: XmlElement): 'CRDT' | 'DBIT' {
  if (element.text === 'CRDT' || element.text === 'DBIT') return element.text;
  throw fault(element, `must be CRDT or DBIT, got "${element.text}"`);
}

function statusOf(element: XmlElement): EntryStatus {
  const code = childOf(element, 'Cd')?.text ?? element.text;
  if ((STATUSES as readonly string[]).includes(code)) return code as EntryStatus;
  throw fault(element, `must be one of ${STATUSES.join(', ')} (Sts/Cd), got "${code}"`);
}

function dateOf(element: XmlElement | undefined): string | undefined {
  if (!element) return undefined;
  const value = childOf(element, 'Dt')?.text ?? childOf(element, 'DtTm')?.text ?? '';
  const date = value.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw fault(element, `has no date (Dt or DtTm), got "${value}"`);
  return date;
}

function endToEndIdOf(transaction: XmlElement): string | undefined {
  const value = optionalText(childOf(transaction, 'Refs'), 'EndToEndId');
  return value === 'NOTPROVIDED' ? undefined : value;
}

function returnReasonOf(returnInformation: XmlElement): string | undefined {
  const reason = childOf(returnInformation, 'Rsn');
  return reason ? optionalText(reason, 'Cd') ?? optionalText(reason, 'Prtry') : undefined;
}

function required(parent: XmlElement, name: string): XmlElement {
  const element = childOf(parent, name);
  if (!element) throw fault(parent, `${name} is missing`);
  return element;
}

function requiredText(parent: XmlElement, name: string): string {
  const text = required(parent, name).text;
  if (!text) throw fault(parent, `${name} is empty`);
  return text;
}

function optionalText(parent: XmlElement | undefined, name: string): string | undefined {
  const text = parent ? childOf(parent, name)?.text : undefined;
  return text ? text : undefined;
}

function fault(element: XmlElement, problem: string): StatementError {
  return new StatementError(`camt.053 line ${element.line}, ${element.path || element.name}: ${problem}`);
}
