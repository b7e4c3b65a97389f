// The ledger impact of the payroll documents. Pure: no database.
// - A loan or an advance paid out: the employee's receivable (loans or advances account, naming the
//   employee) up, money out of the paying account. An early repayment is the reverse into a money account.
// - An approved payroll: salaries and allowances (bonuses with them) as expense; tax payable, net pay
//   payable and each employee's loan and advance recoveries credited; other deductions (fines) reduce the
//   salary expense. Zero lines are left out.
// - A paid payroll: net pay payable down, money out of the paying account.
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
}

export function payrollPosting(
  accounts: PayrollAccounts,
  totals: { basic: string; allowances: string; tax: string; deductions: string; net: string },
  recoveries: readonly { accountId: number; employeeId: number; amount: string }[],
): PostingLine[] {
  const all: PostingLine[] = [
    { accountId: accounts.salaryExpenseAccountId, debit: totals.basic },
    { accountId: accounts.allowanceExpenseAccountId, debit: totals.allowances },
    { accountId: accounts.taxPayableAccountId, credit: totals.tax },
    { accountId: accounts.salaryExpenseAccountId, credit: totals.deductions },
    { accountId: accounts.netPayPayableAccountId, credit: totals.net },
    ...recoveries.map((r) => ({ accountId: r.accountId, credit: r.amount, partyType: 'employee' as const, partyId: r.employeeId })),
  ];
  return all.filter((l) => new Decimal((l.debit ?? l.credit) as string).gt(0));
}

export function payrollPayPosting(p: { netPayPayableId: number; accountId: number; net: string }): PostingLine[] {
  return [
    { accountId: p.netPayPayableId, debit: p.net },
    { accountId: p.accountId, credit: p.net },
  ];
}
