// Employee loans and salary advances (privileges loan and advance). Giving one posts, in the caller's
// transaction: debit the HR settings' loans (advances) account with party employee, credit the paying money
// account; the debit is the employee's open item. An early repayment posts the reverse into a money account
// and settles that item; payroll recoveries are posted by the payroll's approval (payroll-post.ts). A loan
// is Repaid once nothing is left; what is left is amount - the posted repayments.
import { sql } from 'drizzle-orm';
import {
  ADVANCE_SERIES,
  type AdvanceBody,
  LOAN_SERIES,
  type LoanDetail,
  type LoanKind,
  type LoanRow,
  type advanceBody,
  type loanBody,
  type loanListQuery,
  loanSchedule,
  type PayrollChoices,
  receivingSubtypes,
  type repaymentBody,
  translate,
  type z,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { dec, documentNumber, nextDocumentNumber, postJournal } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, type FieldError, notFound } from '../../plugins/errors.ts';
import { addOpenItems, allocate, openItemOfDocument } from '../open-items/index.ts';
import { fullName } from './employees.ts';
import { readHrSettings } from './hr-settings.ts';
import { loanPosting, repaymentPosting } from './payroll.posting.ts';

export const LOAN_SOURCE_TYPE = 'hr-loan';
export const REPAYMENT_SOURCE_TYPE = 'hr-loan-repayment';

const validation = (errors: FieldError[]) => new AppError(400, 'VALIDATION', 'common.validation', errors);

/** The month after a date's month, as YYYY-MM. */
export function nextPeriod(p: string): string {
  const [y, m] = p.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** An active cash, bank or mobile-money account of the organisation, or a field error. */
export async function checkPayingAccount(tx: Db, clientId: number, accountId: number, field: string, errors: FieldError[]) {
  const [a] = await queryRows<{ id: number; code: string; type: string; subtype: string; status: string }>(
    tx,
    sql`select id, code, type, subtype, status from accounts where client_id = ${clientId} and id = ${accountId}`,
  );
  if (!a) errors.push({ field, message: 'ledger.unknownAccount' });
  else if (a.type !== 'asset' || a.status !== 'Active' || !(receivingSubtypes as readonly string[]).includes(a.subtype))
    errors.push({ field, message: 'hr.notPayingAccount' });
  return a;
}

interface EmployeeRef {
  id: number;
  number: string;
  name: string;
  hireDate: string;
  status: string;
}
async function readEmployee(tx: Db, clientId: number, id: number): Promise<EmployeeRef | undefined> {
  const [e] = await queryRows<{
    id: number;
    number: string;
    first_name: string;
    middle_name: string | null;
    last_name: string;
    hire_date: string;
    status: string;
  }>(
    tx,
    sql`select id, number, first_name, middle_name, last_name, hire_date::text as hire_date, status from employees where client_id = ${clientId} and id = ${id}`,
  );
  return e ? { id: e.id, number: e.number, name: fullName(e.first_name, e.middle_name, e.last_name), hireDate: e.hire_date, status: e.status } : undefined;
}

/** Gives a loan or an advance: checked field by field, then posted, its open item written, its audit line. */
export async function giveLoan(opts: {
  tx: Db;
  actor: Actor;
  kind: LoanKind;
  input: z.output<typeof loanBody> | z.output<typeof advanceBody>;
}): Promise<LoanDetail> {
  const { tx, actor, kind, input } = opts;
  const { clientId, userId } = actor;
  const errors: FieldError[] = [];
  const employee = await readEmployee(tx, clientId, input.employeeId);
  if (!employee) errors.push({ field: 'employeeId', message: 'v.notFound' });
  else if (employee.status === 'Terminated') errors.push({ field: 'employeeId', message: 'hr.employeeNotActive' });
  else if (input.date < employee.hireDate) errors.push({ field: 'date', message: `hr.beforeHire|${employee.hireDate}` });
  await checkPayingAccount(tx, clientId, input.accountId, 'accountId', errors);
  if (errors.length > 0 || !employee) throw validation(errors);

  const settings = await readHrSettings(tx, clientId);
  const receivable = kind === 'loan' ? settings.loansAccountId : settings.advancesAccountId;
  const series = kind === 'loan' ? LOAN_SERIES : ADVANCE_SERIES;
  const number = documentNumber(series, await nextDocumentNumber(tx, clientId, series));
  const amount = dec(input.amount).toFixed(2);
  const loanInput = input as AdvanceBody & { instalment?: string; firstPeriod?: string | null };
  const instalment = kind === 'loan' ? dec(loanInput.instalment ?? amount).toFixed(2) : amount;
  const firstPeriod = kind === 'loan' ? (loanInput.firstPeriod ?? nextPeriod(input.date.slice(0, 7))) : input.date.slice(0, 7);
  const [{ id: rawId }] = await queryRows<{ id: string | number }>(tx, sql`select nextval(pg_get_serial_sequence('hr_loans', 'id')) as id`);
  const id = Number(rawId);
  const memo = input.memo ?? translate(kind === 'loan' ? 'hr.loanMemo' : 'hr.advanceMemo', actor.lang, { n: number, m: employee.name });
  const entry = await postJournal(tx, {
    clientId,
    date: input.date,
    reference: number,
    memo,
    sourceType: LOAN_SOURCE_TYPE,
    sourceId: id,
    branchId: actor.branchId ?? null,
    userId,
    lines: loanPosting({ receivableId: receivable, accountId: input.accountId, employeeId: employee.id, amount }),
    limitField: 'amount',
  });
  await tx.execute(sql`
    insert into hr_loans (id, client_id, kind, number, employee_id, date, amount, instalment, first_period, account_id, receivable_account_id,
                          journal_entry_id, memo, created_by)
    values (${id}, ${clientId}, ${kind}, ${number}, ${employee.id}, ${input.date}::date, ${amount}::numeric, ${instalment}::numeric, ${firstPeriod},
            ${input.accountId}, ${receivable}, ${entry.id}, ${input.memo ?? null}, ${userId})`);
  await addOpenItems(tx, clientId, [
    {
      partyType: 'employee',
      partyId: employee.id,
      accountId: receivable,
      side: 'debit',
      kind,
      sourceType: LOAN_SOURCE_TYPE,
      sourceId: id,
      number,
      date: input.date,
      amount,
      journalEntryId: entry.id,
    },
  ]);
  await writeAudit(tx, actor, {
    action: 'create',
    entity: `hr-${kind}`,
    entityId: id,
    after: { number, employee: employee.number, date: input.date, amount, instalment, firstPeriod, entry: entry.number },
  });
  return getLoan({ tx, actor, id, kind });
}

const rowColumns = sql`l.id, l.kind, l.number, l.employee_id as "employeeId", e.number as "employeeNumber",
  concat_ws(' ', e.first_name, e.middle_name, e.last_name) as "employeeName", l.date::text as date, l.amount::text as amount,
  l.instalment::text as instalment, l.first_period as "firstPeriod", l.status, l.memo,
  coalesce((select sum(r.amount) from hr_loan_repayments r where r.client_id = l.client_id and r.loan_id = l.id and r.status = 'Posted'), 0)::text as repaid`;

type RawRow = Omit<LoanRow, 'balance'>;
const toRow = (r: RawRow): LoanRow => ({
  ...r,
  amount: dec(r.amount).toFixed(2),
  instalment: dec(r.instalment).toFixed(2),
  repaid: dec(r.repaid).toFixed(2),
  balance: dec(r.amount).minus(r.repaid).toFixed(2),
});

export async function listLoans(opts: { tx: Db; kind: LoanKind; query: z.output<typeof loanListQuery> }) {
  const { tx, kind, query } = opts;
  const where = sql`l.kind = ${kind} ${query.employeeId ? sql`and l.employee_id = ${query.employeeId}` : sql``} ${query.status ? sql`and l.status = ${query.status}` : sql``}`;
  const rows = await queryRows<RawRow>(
    tx,
    sql`select ${rowColumns} from hr_loans l join employees e on e.id = l.employee_id where ${where}
        order by l.date desc, l.id desc limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const [t] = await queryRows<{ n: number; amount: string; repaid: string }>(
    tx,
    sql`select count(*)::int as n, coalesce(sum(l.amount), 0)::text as amount,
          coalesce(sum((select sum(r.amount) from hr_loan_repayments r where r.loan_id = l.id and r.status = 'Posted')), 0)::text as repaid
        from hr_loans l where ${where}`,
  );
  return {
    data: rows.map(toRow),
    total: t.n,
    page: query._page,
    limit: query._limit,
    totals: { amount: dec(t.amount).toFixed(2), repaid: dec(t.repaid).toFixed(2), balance: dec(t.amount).minus(t.repaid).toFixed(2) },
  };
}

export async function getLoan(opts: { tx: Db; actor: Actor; id: number; kind: LoanKind }): Promise<LoanDetail> {
  const { tx, actor, id, kind } = opts;
  const name = sql.raw(actor.lang === 'so' ? 'name_so' : 'name_en');
  const [r] = await queryRows<RawRow & { account: string; entryNumber: string | null }>(
    tx,
    sql`select ${rowColumns}, a.code || ' ' || a.${name} as account, j.series || '-' || lpad(j.entry_no::text, 6, '0') as "entryNumber"
        from hr_loans l join employees e on e.id = l.employee_id join accounts a on a.id = l.account_id
        left join journal_entries j on j.id = l.journal_entry_id
        where l.id = ${id} and l.kind = ${kind}`,
  );
  if (!r) throw notFound();
  const repayments = await queryRows<{
    id: number;
    kind: 'early' | 'payroll';
    date: string;
    amount: string;
    account: string | null;
    runNumber: string | null;
    status: 'Posted' | 'Cancelled';
    period: string | null;
  }>(
    tx,
    sql`select r.id, r.kind, r.date::text as date, r.amount::text as amount, a.code || ' ' || a.${name} as account, p.number as "runNumber", r.status, p.period
        from hr_loan_repayments r left join accounts a on a.id = r.account_id left join hr_payroll_runs p on p.id = r.run_id
        where r.loan_id = ${id} order by r.date, r.id`,
  );
  const row = toRow(r);
  const recovered = repayments
    .filter((p) => p.status === 'Posted' && p.kind === 'payroll')
    .map((p) => ({ period: p.period ?? p.date.slice(0, 7), amount: dec(p.amount).toFixed(2), balanceAfter: '', recovered: true }));
  const lastRecovered = recovered.reduce((m, p) => (p.period > m ? p.period : m), '');
  const from = lastRecovered && lastRecovered >= row.firstPeriod ? nextPeriod(lastRecovered) : row.firstPeriod;
  let left = dec(row.amount);
  for (const p of recovered) {
    left = left.minus(p.amount);
    p.balanceAfter = left.toFixed(2);
  }
  const planned = row.status === 'Open' ? loanSchedule(row.balance, row.instalment, from).map((s) => ({ ...s, recovered: false })) : [];
  return {
    ...row,
    account: r.account,
    entryNumber: r.entryNumber,
    repayments: repayments.map(({ period: _p, ...p }) => ({ ...p, amount: dec(p.amount).toFixed(2) })),
    schedule: [...recovered, ...planned],
  };
}

/** Marks loans with nothing left as Repaid (and back to Open when a reversal gave some back). */
export async function settleLoanStatus(tx: Db, loanIds: readonly number[]) {
  if (loanIds.length === 0) return;
  await tx.execute(sql`
    update hr_loans l set status = case when l.amount <= coalesce(r.paid, 0) then 'Repaid' else 'Open' end
    from (select l2.id, (select sum(amount) from hr_loan_repayments x where x.loan_id = l2.id and x.status = 'Posted') as paid
          from hr_loans l2 where l2.id = any(${`{${loanIds.join(',')}}`}::int[])) r
    where l.id = r.id and l.status <> 'Cancelled'`);
}

/** Early repayment into a money account: at most the balance; settles the loan's open item. */
export async function repayLoan(opts: { tx: Db; actor: Actor; id: number; kind: LoanKind; input: z.output<typeof repaymentBody> }): Promise<LoanDetail> {
  const { tx, actor, id, kind, input } = opts;
  const { clientId, userId } = actor;
  const [loan] = await queryRows<{ number: string; employee_id: number; receivable_account_id: number; status: string; amount: string; date: string }>(
    tx,
    sql`select number, employee_id, receivable_account_id, status, amount::text as amount, date::text as date from hr_loans
        where client_id = ${clientId} and id = ${id} and kind = ${kind} for update`,
  );
  if (!loan) throw notFound();
  if (loan.status !== 'Open') throw new AppError(409, 'LOAN_CLOSED', `hr.loanClosed|${translate(`hr.loanStatus.${loan.status}`, actor.lang)}`);
  const [{ paid }] = await queryRows<{ paid: string }>(
    tx,
    sql`select coalesce(sum(amount), 0)::text as paid from hr_loan_repayments where loan_id = ${id} and status = 'Posted'`,
  );
  // What a draft payroll plans to recover is not yet repaid; the payroll's approval checks it again.
  const balance = dec(loan.amount).minus(paid);
  const errors: FieldError[] = [];
  if (dec(input.amount).gt(balance)) errors.push({ field: 'amount', message: `hr.repayOverBalance|${balance.toFixed(2)}` });
  if (input.date < loan.date) errors.push({ field: 'date', message: 'hr.repayBeforeLoan' });
  await checkPayingAccount(tx, clientId, input.accountId, 'accountId', errors);
  if (errors.length > 0) throw validation(errors);
  const employee = (await readEmployee(tx, clientId, loan.employee_id))!;
  const amount = dec(input.amount).toFixed(2);
  const [{ id: rawId }] = await queryRows<{ id: string | number }>(tx, sql`select nextval(pg_get_serial_sequence('hr_loan_repayments', 'id')) as id`);
  const repaymentId = Number(rawId);
  const entry = await postJournal(tx, {
    clientId,
    date: input.date,
    reference: loan.number,
    memo: translate('hr.repaymentMemo', actor.lang, { n: loan.number, m: employee.name }),
    sourceType: REPAYMENT_SOURCE_TYPE,
    sourceId: repaymentId,
    branchId: actor.branchId ?? null,
    userId,
    lines: repaymentPosting({ receivableId: Number(loan.receivable_account_id), accountId: input.accountId, employeeId: Number(loan.employee_id), amount }),
    limitField: 'amount',
  });
  const loanItem = await openItemOfDocument(tx, clientId, LOAN_SOURCE_TYPE, id);
  const [itemId] = await addOpenItems(tx, clientId, [
    {
      partyType: 'employee',
      partyId: loan.employee_id,
      accountId: loan.receivable_account_id,
      side: 'credit',
      kind: 'repayment',
      sourceType: REPAYMENT_SOURCE_TYPE,
      sourceId: repaymentId,
      number: loan.number,
      date: input.date,
      amount,
      journalEntryId: entry.id,
    },
  ]);
  if (loanItem) await allocate(tx, clientId, itemId, [{ itemId: loanItem.id, amount }]);
  await tx.execute(sql`
    insert into hr_loan_repayments (id, client_id, loan_id, kind, date, amount, account_id, journal_entry_id, open_item_id, created_by)
    values (${repaymentId}, ${clientId}, ${id}, 'early', ${input.date}::date, ${amount}::numeric, ${input.accountId}, ${entry.id}, ${itemId}, ${userId})`);
  await settleLoanStatus(tx, [id]);
  await writeAudit(tx, actor, {
    action: 'repay',
    entity: `hr-${kind}`,
    entityId: id,
    after: { number: loan.number, date: input.date, amount, entry: entry.number },
  });
  return getLoan({ tx, actor, id, kind });
}

/** What the loan, advance, adjustment and payroll screens pick from. */
export async function payrollChoices(opts: { tx: Db; actor: Actor }): Promise<PayrollChoices> {
  const { tx, actor } = opts;
  const name = sql.raw(actor.lang === 'so' ? 'name_so' : 'name_en');
  const accounts = await queryRows<{ id: number; code: string; name: string }>(
    tx,
    sql`select id, code, ${name} as name from accounts where status = 'Active' and type = 'asset'
        and subtype in (${sql.join(
          receivingSubtypes.map((s) => sql`${s}`),
          sql`, `,
        )}) order by code`,
  );
  const list = (table: string) =>
    queryRows<{ id: number; name: string }>(tx, sql`select id, name from ${sql.identifier(table)} where status = 'Active' order by lower(name), id`);
  const employees = await queryRows<{ id: number; number: string; name: string; departmentId: number }>(
    tx,
    sql`select id, number, concat_ws(' ', first_name, middle_name, last_name) as name, department_id as "departmentId"
        from employees where status <> 'Terminated' order by number`,
  );
  return {
    payingAccounts: accounts,
    bonusTypes: await list('hr_bonus_types'),
    deductionTypes: await list('hr_deduction_types'),
    departments: await list('hr_departments'),
    employees,
  };
}
