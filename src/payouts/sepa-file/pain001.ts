import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { monotonicFactory } from 'ulidx';
import { create } from 'xmlbuilder2';
import { decimalFromMinor } from './amounts.js';
import { fitSepaText, sepaIdentifierProblem } from './charset.js';
import type { PayoutDebtor } from './config.js';

/**
 * One pain.001.001.09 file in the EPC's SEPA Credit Transfer variant (EPC132-08, 2023): the
 * customer-to-bank order to pay each payout from the operator's account.
 */

export const PAIN001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

/** One credit transfer: a payout to its account's IBAN. */
export interface CreditTransfer {
  /** The payout's id: the bank reports it back in the statement (32 hex characters fit SEPA's 35). */
  endToEndId: string;
  /** Positive integer minor units, at most 99 999 999 999 (999 999 999.99 EUR). */
  amountMinor: number;
  /** SEPA Credit Transfer is EUR only. */
  currency: string;
  /** The account owner's name; transliterated into the SEPA set and cut to 70 characters. */
  creditorName: string;
  creditorIban: string;
  creditorBic?: string | undefined;
  /** Unstructured remittance text; transliterated and cut to 140 characters (see `payoutRemittance`). */
  remittance: string;
}

export interface CreditTransferBatch {
  /** Unique per file, for ever: the bank refuses a message id it has seen (see `newMessageId`). Also the payment information id. */
  messageId: string;
  createdAt: Date;
  debtor: PayoutDebtor;
  /** YYYY-MM-DD: the day the bank is to execute the transfers. */
  requestedExecutionDate: string;
  payments: readonly CreditTransfer[];
}

/** The batch cannot be written; `problems` names each, prefixed by the EndToEndId it concerns. */
export class Pain001Error extends Error {
  constructor(readonly problems: string[]) {
    super(`pain.001 not written: ${problems.join('; ')}`);
    this.name = 'Pain001Error';
  }
}

const NAME_MAX = 70;
const REMITTANCE_MAX = 140;
const MAX_AMOUNT_MINOR = 99_999_999_999; // 999 999 999.99, the EPC's upper bound of one transfer
const EUR_DIGITS = 2;

const messageUlid = monotonicFactory();

/** A new message id: "PO" and a ULID, 28 characters, time-ordered and unique. */
export function newMessageId(): string {
  return `PO${messageUlid()}`;
}

/** The remittance text of a payout: its id in full, then the platform's name as far as 140 characters allow. */
export function payoutRemittance(payoutId: string, platformName: string): string {
  return fitSepaText(`Payout ${payoutId} ${platformName}`, REMITTANCE_MAX);
}

/** NbOfTxs and CtrlSum: the count, and the sum of the minor amounts in integers, written with exactly two decimals. */
export function controlSums(payments: readonly Pick<CreditTransfer, 'amountMinor'>[]): { numberOfTransactions: string; controlSum: string } {
  const total = payments.reduce((sum, payment) => sum + BigInt(payment.amountMinor), 0n);
  return { numberOfTransactions: String(payments.length), controlSum: decimalFromMinor(total, EUR_DIGITS) };
}

/** The XML of the batch (UTF-8, indented); throws Pain001Error listing every reason it cannot be written. */
export function writePain001(batch: CreditTransferBatch): string {
  const problems = batchProblems(batch);
  if (problems.length > 0) throw new Pain001Error(problems);
  const sums = controlSums(batch.payments);
  const debtorName = fitSepaText(batch.debtor.name, NAME_MAX);
  const document = {
    CstmrCdtTrfInitn: {
      GrpHdr: {
        MsgId: batch.messageId,
        CreDtTm: batch.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
        NbOfTxs: sums.numberOfTransactions,
        CtrlSum: sums.controlSum,
        InitgPty: { Nm: debtorName },
      },
      PmtInf: {
        PmtInfId: batch.messageId,
        PmtMtd: 'TRF',
        // One booking per payout, so the statement reports each payout's EndToEndId on its own entry.
        BtchBookg: 'false',
        NbOfTxs: sums.numberOfTransactions,
        CtrlSum: sums.controlSum,
        PmtTpInf: { SvcLvl: { Cd: 'SEPA' } },
        ReqdExctnDt: { Dt: batch.requestedExecutionDate },
        Dbtr: { Nm: debtorName },
        DbtrAcct: { Id: { IBAN: compactIban(batch.debtor.iban) } },
        DbtrAgt: { FinInstnId: agent(batch.debtor.bic) },
        ChrgBr: 'SLEV',
        CdtTrfTxInf: batch.payments.map(creditTransfer),
      },
    },
  };
  return create({ version: '1.0', encoding: 'UTF-8' }).ele(PAIN001_NAMESPACE, 'Document').ele(document).doc().end({ prettyPrint: true });
}

function creditTransfer(payment: CreditTransfer): object {
  return {
    PmtId: { EndToEndId: payment.endToEndId },
    Amt: { InstdAmt: { '@Ccy': payment.currency, '#': decimalFromMinor(BigInt(payment.amountMinor), EUR_DIGITS) } },
    CdtrAgt: payment.creditorBic ? { FinInstnId: { BICFI: payment.creditorBic.toUpperCase() } } : undefined,
    Cdtr: { Nm: fitSepaText(payment.creditorName, NAME_MAX) },
    CdtrAcct: { Id: { IBAN: compactIban(payment.creditorIban) } },
    RmtInf: { Ustrd: fitSepaText(payment.remittance, REMITTANCE_MAX) },
  };
}

/** The debtor's bank: its BIC, or NOTPROVIDED as the EPC guidelines ask when the debtor gives none. */
function agent(bic: string | undefined): object {
  return bic ? { BICFI: bic.toUpperCase() } : { Othr: { Id: 'NOTPROVIDED' } };
}

function compactIban(iban: string): string {
  return electronicFormatIBAN(iban) ?? iban;
}

function batchProblems(batch: CreditTransferBatch): string[] {
  const problems: string[] = [];
  const messageIdProblem = sepaIdentifierProblem(batch.messageId);
  if (messageIdProblem) problems.push(`messageId ${messageIdProblem}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(batch.requestedExecutionDate)) problems.push('requestedExecutionDate must be YYYY-MM-DD');
  if (Number.isNaN(batch.createdAt.getTime())) problems.push('createdAt is not a valid date');
  problems.push(...accountProblems('debtor', batch.debtor.name, batch.debtor.iban, batch.debtor.bic));
  if (batch.payments.length === 0) problems.push('a file needs at least one payment');
  const seen = new Set<string>();
  for (const payment of batch.payments) {
    if (seen.has(payment.endToEndId)) problems.push(`${payment.endToEndId}: EndToEndId appears twice`);
    seen.add(payment.endToEndId);
    problems.push(...paymentProblems(payment).map((problem) => `${payment.endToEndId}: ${problem}`));
  }
  return problems;
}

function paymentProblems(payment: CreditTransfer): string[] {
  const problems: string[] = [];
  const idProblem = sepaIdentifierProblem(payment.endToEndId);
  if (idProblem) problems.push(`EndToEndId ${idProblem}`);
  if (payment.currency !== 'EUR') problems.push(`currency must be EUR, got ${payment.currency}`);
  if (!Number.isSafeInteger(payment.amountMinor) || payment.amountMinor < 1 || payment.amountMinor > MAX_AMOUNT_MINOR) {
    problems.push(`amountMinor must be an integer from 1 to ${MAX_AMOUNT_MINOR}, got ${payment.amountMinor}`);
  }
  if (fitSepaText(payment.remittance, REMITTANCE_MAX) === '') problems.push('remittance is empty in the SEPA character set');
  problems.push(...accountProblems('creditor', payment.creditorName, payment.creditorIban, payment.creditorBic));
  return problems;
}

function accountProblems(party: 'debtor' | 'creditor', name: string, iban: string, bic: string | undefined): string[] {
  const problems: string[] = [];
  if (fitSepaText(name, NAME_MAX) === '') problems.push(`${party} name is empty in the SEPA character set`);
  if (!isValidIBAN(compactIban(iban))) problems.push(`${party} IBAN is not valid`);
  if (bic && !isValidBIC(bic.toUpperCase())) problems.push(`${party} BIC is not valid`);
  return problems;
}
