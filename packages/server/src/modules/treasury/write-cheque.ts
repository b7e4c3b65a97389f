// POST /api/finance/writecheck: a cheque written on one of the organisation's bank accounts. Checks
// the bank account and every line's account (field errors naming them), gives the cheque its number
// (the one asked for, unique per bank account, or the next of the account's series), posts the entry
// (debit the lines, credit the bank), stores the cheque with its amount in English and Somali words and
// its lines, and audits it, all in the caller's transaction.
import { sql } from 'drizzle-orm';
import { amountInWords, type Cheque, type ChequeBody, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { queryRows } from '../../db/rows.ts';
import { claimDocumentNumber, endDocumentSeries, holdLockDate, nextDocumentNumber, postJournal } from '../../ledger/index.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { type FieldError, fieldError } from '../../plugins/errors.ts';
import { CHEQUE_NO_MAX, chequeNoAfterEnd, formatChequeNo, getCheque } from './list-cheques.ts';
import { chequeLines, cheques } from './treasury.tables.ts';
import { CHEQUE_SOURCE_TYPE, chequePosting, chequeSeries } from './treasury.posting.ts';
import { nextRowId, readAccounts, textOrNull, validationError } from './treasury-accounts.ts';
import { refuseStockAccounts } from '../finance/index.ts';

async function isChequeNoTaken(tx: Db, clientId: number, bankAccountId: number, chequeNo: number): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`
    select 1 from cheques where client_id = ${clientId} and bank_account_id = ${bankAccountId} and cheque_no = ${chequeNo}`,
  );
  return rows.length > 0;
}

/**
 * The cheque's number. An automatic one is the next of the bank account's series, skipping numbers
 * already written by hand. A number written by hand moves the series past it (a new cheque book
 * starting at 1001 continues with 1002), unless it fills an earlier unused leaf.
 */
async function takeChequeNo(tx: Db, clientId: number, bankAccountId: number, asked: number | undefined): Promise<number> {
  const series = chequeSeries(bankAccountId);
  if (asked === undefined) {
    let no = await nextDocumentNumber(tx, clientId, series);
    while (no <= CHEQUE_NO_MAX && (await isChequeNoTaken(tx, clientId, bankAccountId, no))) no = await nextDocumentNumber(tx, clientId, series);
    if (no <= CHEQUE_NO_MAX) return no;
    // Past the column's ceiling: continue the book in use, and keep the counter at the ceiling so it
    // does not grow with every cheque.
    await endDocumentSeries(tx, clientId, series, CHEQUE_NO_MAX);
    no = await chequeNoAfterEnd(tx, clientId, bankAccountId);
    if (await isChequeNoTaken(tx, clientId, bankAccountId, no)) throw fieldError('chequeNo', `treasury.chequeNoTaken|${formatChequeNo(no)}`);
    return no;
  }
  // The counter row is locked first, so a concurrent automatic cheque waits and then sees the move.
  await claimDocumentNumber(tx, clientId, series, asked);
  if (await isChequeNoTaken(tx, clientId, bankAccountId, asked)) throw fieldError('chequeNo', `treasury.chequeNoTaken|${formatChequeNo(asked)}`);
  return asked;
}

export async function writeCheque(opts: { tx: Db; actor: Actor; input: ChequeBody }): Promise<Cheque> {
  const { tx, actor, input } = opts;
  const { clientId, userId, branchId = null } = actor;
  const accounts = await readAccounts(tx, clientId, [input.bankAccountId, ...input.lines.map((l) => l.accountId)]);
  const errors: FieldError[] = [];
  const bank = accounts.get(input.bankAccountId);
  if (!bank) errors.push({ field: 'bankAccountId', message: 'ledger.unknownAccount' });
  else if (bank.subtype !== 'bank') errors.push({ field: 'bankAccountId', message: 'treasury.notBankAccount' });
  else if (bank.status !== 'Active') errors.push({ field: 'bankAccountId', message: 'ledger.inactiveAccount' });
  input.lines.forEach((line, i) => {
    const account = accounts.get(line.accountId);
    const field = `lines.${i}.accountId`;
    if (!account) errors.push({ field, message: 'ledger.unknownAccount' });
    else if (account.id === input.bankAccountId) errors.push({ field, message: 'treasury.lineIsBank' });
    else if (account.status !== 'Active') errors.push({ field, message: 'ledger.inactiveAccount' });
  });
  if (errors.length > 0 || !bank) throw validationError(errors);
  await refuseStockAccounts(tx, input.lines);

  await holdLockDate(tx, clientId);
  const chequeNo = await takeChequeNo(tx, clientId, bank.id, input.chequeNo);
  const chequeNumber = formatChequeNo(chequeNo);
  const id = await nextRowId(tx, 'cheques');
  const knownPayee = input.payeeType !== 'other' && input.payeeId !== undefined;
  const memo = textOrNull(input.memo);
  const lines = input.lines.map((l) => ({ ...l, memo: textOrNull(l.memo) }));
  const posted = await postJournal(tx, {
    clientId,
    date: input.date,
    reference: `CHQ-${chequeNumber}`,
    memo: memo ?? translate('treasury.chequeMemo', actor.lang, { n: chequeNumber, payee: input.payeeName }),
    sourceType: CHEQUE_SOURCE_TYPE,
    sourceId: id,
    branchId,
    userId,
    lines: chequePosting({
      bankAccountId: bank.id,
      amount: input.amount,
      memo,
      partyType: knownPayee && input.payeeType !== 'other' ? input.payeeType : null,
      partyId: knownPayee ? (input.payeeId ?? null) : null,
      lines,
    }),
    limitField: 'amount',
  });
  await tx.insert(cheques).values({
    id,
    clientId,
    bankAccountId: bank.id,
    chequeNo,
    date: input.date,
    payeeType: input.payeeType,
    payeeId: input.payeeId ?? null,
    payeeName: input.payeeName,
    amount: posted.total,
    currency: bank.currency,
    amountWordsEn: amountInWords(posted.total, 'en', bank.currency),
    amountWordsSo: amountInWords(posted.total, 'so', bank.currency),
    memo,
    entryId: posted.id,
    branchId,
    createdBy: userId,
  });
  await tx.insert(chequeLines).values(lines.map((l, i) => ({ clientId, chequeId: id, lineNo: i + 1, accountId: l.accountId, amount: l.amount, memo: l.memo })));
  await writeAudit(tx, actor, {
    action: 'create',
    entity: 'cheque',
    entityId: id,
    after: {
      bank: bank.code,
      chequeNo: chequeNumber,
      date: input.date,
      payeeType: input.payeeType,
      payeeId: input.payeeId ?? null,
      payeeName: input.payeeName,
      amount: posted.total,
      memo,
      lines,
      entry: posted.number,
    },
  });
  return getCheque({ tx, clientId, lang: actor.lang, id });
}
