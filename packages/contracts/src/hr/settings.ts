// HRM settings (/hr-settings/setting): pay period, pay day, working days, rounding, the payroll accounts, which
// allowance types are taxable, and the income tax rule as effective-dated progressive brackets. The tax of a
// month's taxable pay is `progressiveTax` (pure, shared with the web's preview and, later, the payroll run).
import Decimal from 'decimal.js';
import { id, int, isoDate, money, whenValid, z } from '../common/validation.ts';
import { nullableText } from '../settings/fields.ts';

export const roundingValues = ['0.01', '0.05', '0.10', '0.50', '1.00', '5.00', '10.00'] as const;

export const hrSettingsBody = z.object({
  payPeriod: z.enum(['monthly'], 'v.required'),
  payDay: int(1, 31),
  /** ISO weekdays, 1 Monday .. 7 Sunday. */
  workingDays: z.array(int(1, 7)).min(1, 'hr.workingDaysRequired').max(7),
  rounding: z.enum(roundingValues, 'v.required'),
  salaryExpenseAccountId: id,
  allowanceExpenseAccountId: id,
  taxPayableAccountId: id,
  netPayPayableAccountId: id,
  loansAccountId: id,
  advancesAccountId: id,
  /** Where other deductions (fines, dues) are credited: a liability or an income account. */
  otherDeductionsAccountId: id,
  /** Where the difference rounding makes to net pay goes (an expense account). */
  roundingAccountId: id,
  /** Allowance types whose amounts are taxed; the others are not. */
  taxableAllowanceTypeIds: z.array(id).max(500),
});
export type HrSettingsBody = z.input<typeof hrSettingsBody>;

const account = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export const hrSettings = z.object({
  payPeriod: z.literal('monthly'),
  payDay: z.number().int(),
  workingDays: z.array(z.number().int()),
  rounding: z.enum(roundingValues),
  salaryExpenseAccountId: z.number().int(),
  allowanceExpenseAccountId: z.number().int(),
  taxPayableAccountId: z.number().int(),
  netPayPayableAccountId: z.number().int(),
  loansAccountId: z.number().int(),
  advancesAccountId: z.number().int(),
  otherDeductionsAccountId: z.number().int(),
  roundingAccountId: z.number().int(),
  accounts: z.array(account.extend({ key: z.string() })),
  /** The active accounts each setting may choose from (expense, liability or asset, by the setting). */
  accountChoices: z.array(account.extend({ type: z.string() })),
  allowanceTypes: z.array(z.object({ id: z.number().int(), name: z.string(), isTaxable: z.boolean(), status: z.string() })),
  updatedAt: z.string(),
});
export type HrSettings = z.infer<typeof hrSettings>;

export const taxBracketInput = z.object({ lowerBound: money, rate: z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, 'hr.rateFormat') });
export const taxRuleBody = z
  .object({ effectiveFrom: isoDate, note: nullableText(500), brackets: z.array(taxBracketInput).min(1, 'hr.bracketsRequired').max(30) })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.brackets.forEach((b, i) => {
      const bound = new Decimal(b.lowerBound);
      if (bound.isNeg()) ctx.addIssue({ code: 'custom', message: 'hr.boundNegative', path: ['brackets', i, 'lowerBound'] });
      if (new Decimal(b.rate).gt(100)) ctx.addIssue({ code: 'custom', message: 'hr.rateFormat', path: ['brackets', i, 'rate'] });
      const key = bound.toFixed(2);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: 'hr.boundRepeated', path: ['brackets', i, 'lowerBound'] });
      seen.add(key);
    });
    if (!v.brackets.some((b) => new Decimal(b.lowerBound).isZero()))
      ctx.addIssue({ code: 'custom', message: 'hr.firstBracketZero', path: ['brackets', 0, 'lowerBound'] });
  }, whenValid('brackets'));
export type TaxRuleBody = z.input<typeof taxRuleBody>;

export const taxBracket = z.object({ lowerBound: money, rate: z.string() });
export type TaxBracket = z.infer<typeof taxBracket>;
export const taxRule = z.object({
  id: z.number().int(),
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable(),
  note: z.string().nullable(),
  brackets: z.array(taxBracket),
});
export type TaxRule = z.infer<typeof taxRule>;
export const taxRuleList = z.object({ data: z.array(taxRule) });

/**
 * Progressive tax of a month's taxable pay: each bracket's rate taxes the part of the pay above its lower
 * bound up to the next bracket's lower bound; the result is rounded to the cent (half up).
 */
export function progressiveTax(brackets: readonly { lowerBound: string; rate: string }[], taxable: string): string {
  const pay = new Decimal(taxable);
  const sorted = [...brackets].sort((a, b) => new Decimal(a.lowerBound).cmp(b.lowerBound));
  let tax = new Decimal(0);
  sorted.forEach((b, i) => {
    const from = new Decimal(b.lowerBound);
    if (pay.lte(from)) return;
    const next = sorted[i + 1];
    const to = next ? Decimal.min(pay, next.lowerBound) : pay;
    tax = tax.plus(to.minus(from).times(b.rate).div(100));
  });
  return tax.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** Example brackets the demo uses (not any country's law: the organisation enters its own). */
export const exampleTaxBrackets: readonly { lowerBound: string; rate: string }[] = [
  { lowerBound: '0.00', rate: '0' },
  { lowerBound: '200.00', rate: '6' },
  { lowerBound: '800.00', rate: '12' },
  { lowerBound: '2000.00', rate: '18' },
];
