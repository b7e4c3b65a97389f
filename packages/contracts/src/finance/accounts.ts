// Chart of accounts: /api/finance/accounts (list, view, create, edit, status, delete).
import { isoDate, listQuery, moneyTotal, optionalText, z, whenValid } from '../common/validation.ts';

/** An accounts.id (PostgreSQL integer). */
export const accountId = z.coerce.number().int().positive().max(2147483647);

export const accountTypeValues = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export const accountType = z.enum(accountTypeValues);
export type AccountType = (typeof accountTypeValues)[number];

/** Which account types each subtype may be used with ('other' fits every type). */
export const subtypeTypes = {
  cash: ['asset'],
  bank: ['asset'],
  mobile_money: ['asset'],
  receivable: ['asset'],
  inventory: ['asset'],
  prepayment: ['asset'],
  fixed_asset: ['asset'],
  accumulated_depreciation: ['asset'],
  payable: ['liability'],
  tax: ['liability', 'asset', 'expense'],
  customer_deposit: ['liability'],
  payroll_payable: ['liability'],
  loan: ['liability', 'asset'],
  capital: ['equity'],
  retained_earnings: ['equity'],
  opening_balance: ['equity'],
  drawings: ['equity'],
  revenue: ['income'],
  other_income: ['income'],
  sales_discount: ['income'],
  cost_of_sales: ['expense'],
  payroll_expense: ['expense'],
  depreciation: ['expense'],
  operating_expense: ['expense'],
  other: ['asset', 'liability', 'equity', 'income', 'expense'],
} as const satisfies Record<string, readonly AccountType[]>;

export type AccountSubtype = keyof typeof subtypeTypes;
export const accountSubtypeValues = Object.keys(subtypeTypes) as [AccountSubtype, ...AccountSubtype[]];
export const accountSubtype = z.enum(accountSubtypeValues);

export function subtypeFits(subtype: AccountSubtype, type: AccountType): boolean {
  return (subtypeTypes[subtype] as readonly AccountType[]).includes(type);
}

/** Debit-natured types show debit minus credit as a positive balance; the others credit minus debit. */
export function isDebitNatured(type: AccountType): boolean {
  return type === 'asset' || type === 'expense';
}

export const accountStatusValues = ['Active', 'Inactive'] as const;
export const accountStatus = z.enum(accountStatusValues);
export type AccountStatus = (typeof accountStatusValues)[number];

export const accountCode = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[A-Za-z0-9][A-Za-z0-9.-]*$/, 'v.pattern');

export const accountBody = z
  .object({
    code: accountCode,
    nameEn: z.string().trim().min(1).max(120),
    nameSo: z.string().trim().min(1).max(120),
    type: accountType,
    subtype: accountSubtype,
    parentId: accountId.nullable().optional(),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, 'v.currency')
      .optional(),
    description: optionalText(500),
  })
  .refine((v) => subtypeFits(v.subtype, v.type), { ...whenValid('subtype', 'type'), path: ['subtype'], message: 'finance.subtypeMismatch' });
export type AccountBody = z.infer<typeof accountBody>;
export type AccountBodyInput = z.input<typeof accountBody>;

export const accountStatusBody = z.object({ status: accountStatus });

export const accountListQuery = listQuery.extend({
  type: accountType.optional(),
  status: accountStatus.optional(),
  /** Balances as at the end of this day (default: all postings). */
  date: isoDate.optional(),
});
export type AccountListQuery = z.infer<typeof accountListQuery>;

export const account = z.object({
  id: z.number().int(),
  code: z.string(),
  /** In the caller's language. */
  name: z.string(),
  nameEn: z.string(),
  nameSo: z.string(),
  type: accountType,
  subtype: accountSubtype,
  parentId: z.number().int().nullable(),
  currency: z.string(),
  status: accountStatus,
  isSystem: z.boolean(),
  description: z.string().nullable(),
  /** Natural sign: debit minus credit for assets and expenses, credit minus debit otherwise. */
  balance: moneyTotal,
  /** Whether any line was ever posted to it (then it can only be made inactive, not deleted). */
  isUsed: z.boolean(),
});
export type Account = z.infer<typeof account>;

export const accountPage = z.object({
  data: z.array(account),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AccountPage = z.infer<typeof accountPage>;

export const accountIdParams = z.object({ id: accountId });
