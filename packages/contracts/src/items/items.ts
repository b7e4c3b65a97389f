// Items (elc/items): what the organisation buys, keeps and sells. A stocked good is kept in stock per
// branch and valued at its moving average cost; a non-stocked good or a service never is. Quantities are
// exact decimal strings with up to three decimals, prices two.
import { id, moneyTotal, page, trimmed, z } from '../common/validation.ts';
import { amount, billingListQuery, choice, optionalId, percent, queryBoolean } from '../billing/fields.ts';
import { nullableText, referenceStatus } from '../settings/fields.ts';

export const itemKindValues = ['stock', 'non_stock', 'service'] as const;
export const itemKind = choice(itemKindValues);
export type ItemKind = (typeof itemKindValues)[number];

/** A quantity of an item: up to 12 whole digits and 3 decimals, never negative. */
export const quantity = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,3})?$/, 'v.units');
/** A quantity above zero. */
export const positiveQuantity = quantity.refine((v) => !/^[0.]+$/.test(v), 'items.quantityPositive');
/** A signed quantity (an adjustment adds or takes away), not zero. */
export const signedQuantity = z
  .string()
  .trim()
  .regex(/^-?\d{1,12}(\.\d{1,3})?$/, 'v.units')
  .refine((v) => !/^-?[0.]+$/.test(v), 'items.quantityNotZero');

const optionalAccount = id
  .nullable()
  .optional()
  .or(z.literal('').transform(() => null));

export const itemBody = z.object({
  code: trimmed(40),
  name: trimmed(160),
  kind: itemKind,
  categoryId: optionalAccount,
  unitId: optionalAccount,
  salePrice: amount.default('0'),
  purchasePrice: amount.default('0'),
  taxPercent: percent.default('0'),
  /** Empty: the organisation's default (goods sales, cost of goods sold, inventory). */
  incomeAccountId: optionalAccount,
  expenseAccountId: optionalAccount,
  inventoryAccountId: optionalAccount,
  reorderLevel: quantity.default('0'),
  barcode: nullableText(64),
  description: nullableText(1000),
});
export type ItemBody = z.input<typeof itemBody>;

const accountRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const item = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(itemKindValues),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  unitId: z.number().int().nullable(),
  unitName: z.string().nullable(),
  salePrice: z.string(),
  purchasePrice: z.string(),
  taxPercent: z.string(),
  incomeAccount: accountRef,
  expenseAccount: accountRef,
  inventoryAccount: accountRef.nullable(),
  reorderLevel: z.string(),
  barcode: z.string().nullable(),
  description: z.string().nullable(),
  status: referenceStatus,
  /** On hand in every branch (or the branch the list asked for), and its value at cost. */
  onHand: z.string(),
  stockValue: moneyTotal,
  averageCost: z.string(),
  /** A stocked good at or below its reorder level. */
  belowReorder: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Item = z.infer<typeof item>;

export const itemSortable = ['code', 'name', 'kind', 'status', 'salePrice', 'createdAt'] as const;
export const itemListQuery = billingListQuery(['Active', 'Inactive'] as const, itemSortable).extend({
  kind: z
    .union([z.enum(itemKindValues), z.literal('0'), z.literal('')])
    .optional()
    .transform((v) => (v === '0' || v === '' ? undefined : (v as ItemKind | undefined))),
  categoryId: optionalId,
  /** On hand at this branch only. */
  branchId: optionalId,
  belowReorder: queryBoolean,
});
export type ItemListQuery = z.input<typeof itemListQuery>;
export const itemPage = page(item);

/** GET /api/elc/items/:id/stock: the item's stock per branch. */
export const itemStock = z.object({
  branches: z.array(z.object({ branchId: z.number().int(), branchName: z.string(), quantity: z.string(), value: moneyTotal, averageCost: z.string() })),
  quantity: z.string(),
  value: moneyTotal,
});
export type ItemStock = z.infer<typeof itemStock>;

const choiceOption = z.object({ id: z.number().int(), name: z.string() });
const accountOption = z.object({ id: z.number().int(), code: z.string(), name: z.string(), subtype: z.string() });

/** GET /api/elc/items/choices: what the item form offers, and the default accounts. */
export const itemChoices = z.object({
  /** With the accounts each category gives its items (null: the organisation's default). */
  categories: z.array(
    choiceOption.extend({
      incomeAccountId: z.number().int().nullable(),
      expenseAccountId: z.number().int().nullable(),
      inventoryAccountId: z.number().int().nullable(),
    }),
  ),
  units: z.array(choiceOption),
  branches: z.array(choiceOption),
  incomeAccounts: z.array(accountOption),
  expenseAccounts: z.array(accountOption),
  inventoryAccounts: z.array(accountOption),
  defaults: z.object({ incomeAccountId: z.number().int(), expenseAccountId: z.number().int(), inventoryAccountId: z.number().int() }),
});
export type ItemChoices = z.infer<typeof itemChoices>;

/** PUT /api/elc/item-categories/:id/accounts: the accounts a category gives the items made in it (null: none). */
export const itemCategoryAccountsBody = z.object({
  incomeAccountId: optionalAccount,
  expenseAccountId: optionalAccount,
  inventoryAccountId: optionalAccount,
});
export type ItemCategoryAccountsBody = z.input<typeof itemCategoryAccountsBody>;
export const itemCategoryAccounts = z.object({
  categoryId: z.number().int(),
  incomeAccountId: z.number().int().nullable(),
  expenseAccountId: z.number().int().nullable(),
  inventoryAccountId: z.number().int().nullable(),
});
export type ItemCategoryAccounts = z.infer<typeof itemCategoryAccounts>;
