// The ledger impact of the payroll documents. Pure: no database.
// - A loan or an advance paid out: the employee's receivable (loans or advances account, naming the
//   employee) up, money out of the paying account. An early repayment is the reverse into a money account.
// - An approved payroll: salaries and allowances (bonuses with them) as expense; tax payable, the other
//   deductions account (fines, dues), each employee's net pay on net pay payable and each employee's loan
//   and advance recoveries credited (naming the employee); the rounding of net pay debited to the rounding
//   account (credited when net pay was rounded down). Zero lines are left out.
// - A paid payroll: each employee's net pay payable down (naming the employee), money out of the paying
//   account. A run approved before net pay was per employee (migration 0096) pays its one line.
import type { PostingLine } from '../../ledger/index.ts';
import { Decimal } from '../../ledger/index.ts';

export function loanPosting(p: { receivableId: number; accountId: number; employeeId: number; amount: string }): PostingLine[] {
  return [
    { accountId: p.receivableId, debit: p.amount, partyType: 'employee', partyId: p.employeeId },
    { accountId: p.accountId, credit: p.amount },
  ];
}

export function repaymentPosting(p: { receivableId: number; accountId: number; employeeId: number; amount: string }): PostingLine[] {
  return [
    { accountId: p.accountId, debit: p.amount },
    { accountId: p.receivableId, credit: p.amount, partyType: 'employee', partyId: p.employeeId },
  ];
}

export interface PayrollAccounts {
  salaryExpenseAccountId: number;
  allowanceExpenseAccountId: number;
  taxPayableAccountId: number;
  netPayPayableAccountId: number;
  otherDeductionsAccountId: number;
  roundingAccountId: number;
}

/** One employee's share of a run: net pay owed, or a loan's recovery on its control account. */
export interface EmployeeAmount {
  employeeId: number;
  amount: string;
}

export function payrollPosting(
  accounts: PayrollAccounts,
  totals: { basic: string; allowances: string; tax: string; deductions: string; rounding: string },
  nets: readonly EmployeeAmount[],
  recoveries: readonly (EmployeeAmount & { accountId: number })[],
): PostingLine[] {
  const rounding = new Decimal(totals.rounding);
  const all: PostingLine[] = [
    { accountId: accounts.salaryExpenseAccountId, debit: totals.basic },
    { accountId: accounts.allowanceExpenseAccountId, debit: totals.allowances },
    rounding.gte(0)
      ? { accountId: accounts.roundingAccountId, debit: rounding.toFixed(2) }
      : { accountId: accounts.roundingAccountId, credit: rounding.negated().toFixed(2) },
    { accountId: accounts.taxPayableAccountId, credit: totals.tax },
    { accountId: accounts.otherDeductionsAccountId, credit: totals.deductions },
    ...nets.map((n) => ({ accountId: accounts.netPayPayableAccountId, credit: n.amount, partyType: 'employee' as const, partyId: n.employeeId })),
    ...recoveries.map((r) => ({ accountId: r.accountId, credit: r.amount, partyType: 'employee' as const, partyId: r.employeeId })),
  ];
  return all.filter((l) => new Decimal((l.debit ?? l.credit) as string).gt(0));
}

/** Paying a run: each employee's net pay payable down, the total out of the money account. */
export function payrollPayPosting(p: { netPayPayableId: number; accountId: number; nets: readonly EmployeeAmount[] }): PostingLine[] {
  const total = p.nets.reduce((s, n) => s.plus(n.amount), new Decimal(0));
  const lines: PostingLine[] = [
    ...p.nets.map((n) => ({ accountId: p.netPayPayableId, debit: n.amount, partyType: 'employee' as const, partyId: n.employeeId })),
    { accountId: p.accountId, credit: total.toFixed(2) },
  ];
  return lines.filter((l) => new Decimal((l.debit ?? l.credit) as string).gt(0));
}

/** Paying a run approved before net pay was per employee: its one net pay payable line. */
export function payrollPayPostingOneLine(p: { netPayPayableId: number; accountId: number; net: string }): PostingLine[] {
  return [
    { accountId: p.netPayPayableId, debit: p.net },
    { accountId: p.accountId, credit: p.net },
  ];
}
