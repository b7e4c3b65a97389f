// Fixed assets (/assets): categories, the register, purchases of assets, depreciation runs, disposals,
// transfers and the reports. Money is a decimal string; months are YYYY-MM; a category's four accounts
// are where its assets' cost, accumulated depreciation, depreciation expense and disposal result post.
import { id, isoDate, MONTH_PATTERN, moneyTotal, page, whenValid, z } from '../common/validation.ts';
import { amount, billingListQuery } from '../billing/fields.ts';
import { accountRef } from '../treasury/fields.ts';
import { calendarDate, nullableText, referenceStatus } from '../settings/fields.ts';

export const depreciationMethodValues = ['straight-line', 'declining-balance'] as const;
export const depreciationMethod = z.enum(depreciationMethodValues, { error: 'v.invalid' });
export type DepreciationMethod = (typeof depreciationMethodValues)[number];

export const firstMonthValues = ['full', 'none', 'pro-rata'] as const;
export const entryPerValues = ['category', 'asset'] as const;

/** A yearly rate in percent (declining balance): above 0, at most 100, four decimals. */
const rate = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, 'v.invalid')
  .refine((v) => Number(v) > 0 && Number(v) <= 100, 'assets.rateRange');
const percent = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'v.invalid')
  .refine((v) => Number(v) <= 100, 'assets.percentRange');
const lifeMonths = z.coerce.number({ error: 'v.invalid' }).int('v.invalid').min(1, 'v.invalid').max(1200, 'v.invalid');
const nullableRate = z
  .union([rate, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : null));
export const month = z.string().trim().regex(MONTH_PATTERN, 'v.period');

/** The declining-balance method needs its rate; the straight line takes none. */
function methodNeedsRate(v: { method: DepreciationMethod; rate: string | null }, ctx: z.RefinementCtx) {
  if (v.method === 'declining-balance' && !v.rate) ctx.addIssue({ code: 'custom', path: ['rate'], message: 'assets.rateRequired' });
}

export const assetCategoryBody = z
  .object({
    nameEn: z.string().trim().min(1).max(120),
    nameSo: nullableText(120),
    usefulLifeMonths: lifeMonths,
    method: depreciationMethod,
    rate: nullableRate,
    salvagePercent: percent.default('0'),
    costAccountId: id,
    accumulatedAccountId: id,
    expenseAccountId: id,
    disposalAccountId: id,
  })
  .superRefine(methodNeedsRate, whenValid('method', 'rate'));
export type AssetCategoryBody = z.input<typeof assetCategoryBody>;

export const assetCategory = z.object({
  id: z.number().int(),
  nameEn: z.string(),
  nameSo: z.string().nullable(),
  usefulLifeMonths: z.number().int(),
  method: depreciationMethod,
  rate: z.string().nullable(),
  salvagePercent: z.string(),
  costAccount: accountRef,
  accumulatedAccount: accountRef,
  expenseAccount: accountRef,
  disposalAccount: accountRef,
  status: referenceStatus,
  assetCount: z.number().int(),
});
export type AssetCategory = z.infer<typeof assetCategory>;
export const assetCategoryList = z.object({ data: z.array(assetCategory) });
export const assetCategoryStatusBody = z.object({ status: referenceStatus });

/** What an asset is, whether registered or bought. */
const assetFields = {
  tag: z.string().trim().min(1).max(40),
  name: z.string().trim().min(1).max(160),
  categoryId: id,
  branchId: id,
  custodian: nullableText(120),
  location: nullableText(160),
  serialNo: nullableText(80),
  acquisitionDate: calendarDate,
  cost: amount.refine((v) => Number(v) > 0, 'v.positive'),
  /** Blank: the category's salvage percentage of the cost. */
  salvageValue: z
    .union([amount, z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  /** Blank: the category's. */
  usefulLifeMonths: z
    .union([lifeMonths, z.literal(''), z.null()])
    .optional()
    .transform((v) => (v === '' || v === null || v === undefined ? null : v)),
  method: z
    .union([depreciationMethod, z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  rate: nullableRate,
  /** Blank: the acquisition date. */
  depreciationStart: calendarDate.optional().or(z.literal('').transform(() => undefined)),
  notes: nullableText(1000),
};

function salvageWithinCost(v: { cost: string; salvageValue: string | null }, ctx: z.RefinementCtx) {
  if (v.salvageValue !== null && Number(v.salvageValue) > Number(v.cost))
    ctx.addIssue({ code: 'custom', path: ['salvageValue'], message: 'assets.salvageAboveCost' });
}

/** Add: an asset brought in from an older system, posted against opening equity on `recordedOn`. */
export const assetRegisterBody = z
  .object({
    ...assetFields,
    /** Depreciation already taken before this system (posted against opening equity). */
    openingAccumulated: amount.default('0'),
    /** The day it enters the books. */
    recordedOn: calendarDate,
  })
  .superRefine(salvageWithinCost, whenValid('cost', 'salvageValue'))
  .superRefine(
    (v, ctx) => {
      if (Number(v.openingAccumulated) + Number(v.salvageValue ?? 0) > Number(v.cost))
        ctx.addIssue({ code: 'custom', path: ['openingAccumulated'], message: 'assets.openingTooLarge' });
    },
    whenValid('cost', 'salvageValue', 'openingAccumulated'),
  );
export type AssetRegisterBody = z.input<typeof assetRegisterBody>;
export type AssetRegisterInput = z.output<typeof assetRegisterBody>;

const purchaseAsset = z.object(assetFields).superRefine(salvageWithinCost, whenValid('cost', 'salvageValue'));
export type AssetPurchaseLine = z.output<typeof purchaseAsset>;

/** Buy: several assets on one purchase, on credit from a vendor or for cash from an account. */
export const assetPurchaseBody = z
  .object({
    kind: z.enum(['credit', 'cash'], { error: 'v.invalid' }),
    vendorId: id.nullish(),
    accountId: id.nullish(),
    date: calendarDate,
    reference: nullableText(60),
    assets: z.array(purchaseAsset).min(1, 'assets.noAssets').max(200),
  })
  .superRefine(
    (v, ctx) => {
      if (v.kind === 'credit' && !v.vendorId) ctx.addIssue({ code: 'custom', path: ['vendorId'], message: 'v.required' });
      if (v.kind === 'cash' && !v.accountId) ctx.addIssue({ code: 'custom', path: ['accountId'], message: 'v.required' });
      const seen = new Set<string>();
      v.assets.forEach((a, i) => {
        const tag = a.tag.toLowerCase();
        if (seen.has(tag)) ctx.addIssue({ code: 'custom', path: ['assets', i, 'tag'], message: 'assets.tagTaken' });
        seen.add(tag);
      });
    },
    whenValid('kind', 'vendorId', 'accountId', 'assets'),
  );
export type AssetPurchaseBody = z.input<typeof assetPurchaseBody>;
export type AssetPurchaseInput = z.output<typeof assetPurchaseBody>;

export const assetStatusValues = ['Active', 'Disposed'] as const;

export const asset = z.object({
  id: z.number().int(),
  tag: z.string(),
  name: z.string(),
  category: z.object({ id: z.number().int(), name: z.string() }),
  branch: z.object({ id: z.number().int(), name: z.string() }),
  custodian: z.string().nullable(),
  location: z.string().nullable(),
  serialNo: z.string().nullable(),
  acquisitionDate: isoDate,
  cost: moneyTotal,
  salvageValue: moneyTotal,
  usefulLifeMonths: z.number().int(),
  method: depreciationMethod,
  rate: z.string().nullable(),
  depreciationStart: isoDate,
  openingAccumulated: moneyTotal,
  /** Opening plus every posted run. */
  accumulated: moneyTotal,
  netBookValue: moneyTotal,
  source: z.enum(['register', 'purchase']),
  purchaseNumber: z.string().nullable(),
  recordedOn: isoDate,
  status: z.enum(assetStatusValues),
  disposedOn: isoDate.nullable(),
  notes: z.string().nullable(),
});
export type Asset = z.infer<typeof asset>;
export const assetPage = page(asset);

export const assetSortable = ['tag', 'name', 'cost', 'acquisitionDate'] as const;
export const assetListQuery = billingListQuery(assetStatusValues, assetSortable).extend({
  categoryId: id.optional().or(z.literal('').transform(() => undefined)),
  branchId: id.optional().or(z.literal('').transform(() => undefined)),
});

export const assetPurchase = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(['credit', 'cash']),
  vendor: z.object({ id: z.number().int(), number: z.string(), name: z.string() }).nullable(),
  account: accountRef.nullable(),
  date: isoDate,
  dueDate: isoDate,
  reference: z.string().nullable(),
  total: moneyTotal,
  entryNumber: z.string(),
  assets: z.array(z.object({ id: z.number().int(), tag: z.string(), name: z.string(), cost: moneyTotal })),
});
export type AssetPurchase = z.infer<typeof assetPurchase>;

export const assetSettings = z.object({
  entryPer: z.enum(entryPerValues, { error: 'v.invalid' }),
  firstMonth: z.enum(firstMonthValues, { error: 'v.invalid' }),
});
export type AssetSettings = z.infer<typeof assetSettings>;

/** A month's depreciation, before it is posted. */
export const depreciationQuery = z.object({ month });
export const depreciationPreview = z.object({
  month: z.string(),
  /** The entries' date: the month's last day. */
  date: isoDate,
  /** The month that may be posted next (null: any, nothing posted yet). */
  nextMonth: z.string().nullable(),
  /** Why this month cannot be posted now (a message in the caller's language), or null. */
  blocked: z.string().nullable(),
  lines: z.array(
    z.object({
      assetId: z.number().int(),
      tag: z.string(),
      name: z.string(),
      categoryId: z.number().int(),
      category: z.string(),
      cost: moneyTotal,
      accumulatedBefore: moneyTotal,
      amount: moneyTotal,
      netBookValueAfter: moneyTotal,
    }),
  ),
  byCategory: z.array(z.object({ categoryId: z.number().int(), category: z.string(), assets: z.number().int(), amount: moneyTotal })),
  total: moneyTotal,
});
export type DepreciationPreview = z.infer<typeof depreciationPreview>;

export const depreciationPostBody = z.object({ month });
export const jobAccepted = z.object({ jobId: z.number().int() });

export const depreciationRun = z.object({
  id: z.number().int(),
  month: z.string(),
  status: z.enum(['posted', 'reversed']),
  total: moneyTotal,
  assetCount: z.number().int(),
  entryCount: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  reversedAt: z.string().nullable(),
  /** The latest posted run: the one that may be reversed. */
  isLatest: z.boolean(),
  /** Posted, the latest, and nothing disposed of after its month: the only run the server lets be reversed. */
  reversible: z.boolean(),
});
export type DepreciationRun = z.infer<typeof depreciationRun>;
export const depreciationRunList = z.object({ data: z.array(depreciationRun) });

export const depreciationJob = z.object({
  id: z.number().int(),
  month: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  runId: z.number().int().nullable(),
  total: moneyTotal.nullable(),
  error: z.string().nullable(),
});
export type DepreciationJob = z.infer<typeof depreciationJob>;

export const assetDisposalBody = z
  .object({
    date: calendarDate,
    kind: z.enum(['sale', 'write-off'], { error: 'v.invalid' }),
    proceeds: amount.default('0'),
    accountId: id.nullish(),
    reason: nullableText(500),
  })
  .superRefine(
    (v, ctx) => {
      if (v.kind === 'sale' && !v.accountId) ctx.addIssue({ code: 'custom', path: ['accountId'], message: 'v.required' });
      if (v.kind === 'write-off' && Number(v.proceeds) !== 0) ctx.addIssue({ code: 'custom', path: ['proceeds'], message: 'assets.writeOffProceeds' });
    },
    whenValid('kind', 'accountId', 'proceeds'),
  );
export type AssetDisposalBody = z.input<typeof assetDisposalBody>;

export const assetTransferBody = z.object({
  date: calendarDate,
  branchId: id,
  custodian: nullableText(120),
  location: nullableText(160),
  note: nullableText(500),
});
export type AssetTransferBody = z.input<typeof assetTransferBody>;

/** Editing an asset's descriptive fields after registration; cost, salvage, life and method stay fixed. */
export const assetEditBody = z.object({
  name: assetFields.name,
  custodian: assetFields.custodian,
  location: assetFields.location,
  serialNo: assetFields.serialNo,
  notes: assetFields.notes,
});
export type AssetEditBody = z.input<typeof assetEditBody>;

export const assetHistory = z.object({
  disposal: z
    .object({
      date: isoDate,
      kind: z.enum(['sale', 'write-off']),
      proceeds: moneyTotal,
      account: accountRef.nullable(),
      cost: moneyTotal,
      accumulated: moneyTotal,
      gainLoss: moneyTotal,
      reason: z.string().nullable(),
    })
    .nullable(),
  transfers: z.array(
    z.object({
      id: z.number().int(),
      date: isoDate,
      fromBranch: z.string(),
      toBranch: z.string(),
      fromCustodian: z.string().nullable(),
      toCustodian: z.string().nullable(),
      fromLocation: z.string().nullable(),
      toLocation: z.string().nullable(),
      note: z.string().nullable(),
      by: z.string().nullable(),
    }),
  ),
});
export type AssetHistory = z.infer<typeof assetHistory>;

/** Past (posted) and projected months of an asset's depreciation. */
export const assetSchedule = z.object({
  asset: asset,
  rows: z.array(
    z.object({
      month: z.string(),
      kind: z.enum(['opening', 'posted', 'projected']),
      amount: moneyTotal,
      accumulated: moneyTotal,
      netBookValue: moneyTotal,
    }),
  ),
});
export type AssetSchedule = z.infer<typeof assetSchedule>;

export const registerReportQuery = z.object({
  date: calendarDate,
  categoryId: id.optional().or(z.literal('').transform(() => undefined)),
  branchId: id.optional().or(z.literal('').transform(() => undefined)),
});
const figures = { cost: moneyTotal, accumulated: moneyTotal, netBookValue: moneyTotal };
export const registerReport = z.object({
  date: isoDate,
  rows: z.array(
    z.object({
      assetId: z.number().int(),
      tag: z.string(),
      name: z.string(),
      category: z.string(),
      branch: z.string(),
      ...figures,
    }),
  ),
  byCategory: z.array(z.object({ name: z.string(), assets: z.number().int(), ...figures })),
  byBranch: z.array(z.object({ name: z.string(), assets: z.number().int(), ...figures })),
  totals: z.object(figures),
});
export type RegisterReport = z.infer<typeof registerReport>;

export const movementsQuery = z.object({ startDate: calendarDate, endDate: calendarDate }).superRefine(
  (v, ctx) => {
    if (v.startDate > v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'v.dateRange' });
  },
  whenValid('startDate', 'endDate'),
);
export const movementsReport = z.object({
  startDate: isoDate,
  endDate: isoDate,
  additions: z.array(
    z.object({ assetId: z.number().int(), tag: z.string(), name: z.string(), category: z.string(), date: isoDate, source: z.string(), cost: moneyTotal }),
  ),
  disposals: z.array(
    z.object({
      assetId: z.number().int(),
      tag: z.string(),
      name: z.string(),
      category: z.string(),
      date: isoDate,
      kind: z.string(),
      cost: moneyTotal,
      accumulated: moneyTotal,
      proceeds: moneyTotal,
      gainLoss: moneyTotal,
    }),
  ),
  totals: z.object({ additions: moneyTotal, disposalsCost: moneyTotal, proceeds: moneyTotal, gainLoss: moneyTotal }),
});
export type MovementsReport = z.infer<typeof movementsReport>;

export const assetChoices = z.object({
  categories: z.array(assetCategory),
  branches: z.array(z.object({ id: z.number().int(), name: z.string() })),
  moneyAccounts: z.array(accountRef),
  vendors: z.array(z.object({ id: z.number().int(), number: z.string(), name: z.string() })),
  accounts: z.array(accountRef.extend({ type: z.string(), subtype: z.string() })),
  settings: assetSettings,
});
export type AssetChoices = z.infer<typeof assetChoices>;
