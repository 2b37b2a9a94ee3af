import { create } from 'xmlbuilder2';
import { decimalFromMinor } from '../../../src/payouts/sepa-file/amounts.js';
import { CAMT053_NAMESPACE } from '../../../src/payouts/sepa-file/camt053.js';

/**
 * camt.053.001.08 statements as the operator's bank would send them, valid against the schema,
 * for the sandbox and the tests: the debits that paid payouts, the returns that brought money
 * back, and whatever else the test puts on the account.
 */

export interface TestStatementEntry {
  amountMinor: number;
  creditDebit: 'CRDT' | 'DBIT';
  /** The payout's id as the transfer's EndToEndId; absent for movements that are not ours. */
  endToEndId?: string;
  /** The bank's reference of the entry (AcctSvcrRef); without it the entry has none. */
  reference?: string;
  status?: 'BOOK' | 'PDNG' | 'INFO';
  reversal?: boolean;
  /** Marks the entry as a return with this ISO reason code (AC04, AC01, …). */
  returnReason?: string;
  bookingDate?: string;
}

export interface TestStatement {
  messageId: string;
  statementId: string;
  createdAt: Date;
  accountIban: string;
  bookingDate: string;
  openingBalanceMinor?: number;
  entries: readonly TestStatementEntry[];
}

/** A payout as the API shows it. */
interface PayoutShown {
  id: string;
  amount_minor: number;
}

/** The booked debit of a payout sent by credit transfer. */
export function paidEntry(payout: PayoutShown, reference?: string): TestStatementEntry {
  return { amountMinor: payout.amount_minor, creditDebit: 'DBIT', endToEndId: payout.id, ...(reference ? { reference } : {}) };
}

/** The credit of a payout's return, with the creditor bank's reason. */
export function returnedEntry(payout: PayoutShown, reason: string, reference?: string): TestStatementEntry {
  return { amountMinor: payout.amount_minor, creditDebit: 'CRDT', endToEndId: payout.id, returnReason: reason, ...(reference ? { reference } : {}) };
}

const EUR_DIGITS = 2;

export function buildCamt053(statement: TestStatement): string {
  const opening = BigInt(statement.openingBalanceMinor ?? 1_000_000_00);
  const closing = statement.entries
    .filter((entry) => (entry.status ?? 'BOOK') === 'BOOK')
    .reduce((sum, entry) => sum + (entry.creditDebit === 'CRDT' ? 1n : -1n) * BigInt(entry.amountMinor), opening);
  const document = {
    BkToCstmrStmt: {
      GrpHdr: { MsgId: statement.messageId, CreDtTm: statement.createdAt.toISOString() },
      Stmt: {
        Id: statement.statementId,
        CreDtTm: statement.createdAt.toISOString(),
        Acct: { Id: { IBAN: statement.accountIban }, Ccy: 'EUR' },
        Bal: [balance('OPBD', opening, statement.bookingDate), balance('CLBD', closing, statement.bookingDate)],
        Ntry: statement.entries.map((entry, index) => reportEntry(entry, index, statement.bookingDate)),
      },
    },
  };
  return create({ version: '1.0', encoding: 'UTF-8' }).ele(CAMT053_NAMESPACE, 'Document').ele(document).doc().end({ prettyPrint: true });
}

function balance(code: 'OPBD' | 'CLBD', amountMinor: bigint, date: string): object {
  return {
    Tp: { CdOrPrtry: { Cd: code } },
    Amt: amount(amountMinor < 0n ? -amountMinor : amountMinor),
    CdtDbtInd: amountMinor < 0n ? 'DBIT' : 'CRDT',
    Dt: { Dt: date },
  };
}

function reportEntry(entry: TestStatementEntry, index: number, bookingDate: string): object {
  const date = entry.bookingDate ?? bookingDate;
  const status = entry.status ?? 'BOOK';
  return {
    NtryRef: String(index + 1),
    Amt: amount(BigInt(entry.amountMinor)),
    CdtDbtInd: entry.creditDebit,
    RvslInd: entry.reversal ? 'true' : undefined,
    Sts: { Cd: status },
    BookgDt: status === 'BOOK' ? { Dt: date } : undefined,
    ValDt: { Dt: date },
    AcctSvcrRef: entry.reference,
    BkTxCd: { Domn: { Cd: 'PMNT', Fmly: { Cd: 'ICDT', SubFmlyCd: entry.returnReason ? 'RRTN' : 'ESCT' } } },
    NtryDtls: entry.endToEndId
      ? {
          TxDtls: {
            Refs: { EndToEndId: entry.endToEndId },
            Amt: amount(BigInt(entry.amountMinor)),
            CdtDbtInd: entry.creditDebit,
            RtrInf: entry.returnReason ? { Rsn: { Cd: entry.returnReason }, AddtlInf: 'Returned by the beneficiary bank' } : undefined,
          },
        }
      : undefined,
  };
}

function amount(amountMinor: bigint): object {
  return { '@Ccy': 'EUR', '#': decimalFromMinor(amountMinor, EUR_DIGITS) };
}
