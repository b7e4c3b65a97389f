// The tariff form's arithmetic, kept out of the components so it can be tested: the block editor's rows
// (each block starts where the previous one ends, so only the upper limits and rates are typed), the
// body sent to POST/PUT /api/elc/prices, where a field error of the contract lands on the form, and the
// live price preview, computed with the contracts' priceConsumption (the same code the server bills
// with, so the preview equals the bill).
import {
  amount,
  blockProblem,
  type BreakdownLine,
  type CustomerClass,
  type PriceBreakdown,
  type PricingBlock,
  type PricingTariff,
  percent,
  priceConsumption,
  rate,
  type Tariff,
  type TariffBody,
  type TariffInput,
  tariffBody,
  units,
} from '@ubo/contracts';
import { addIssue, checkWith, type FormCheck } from './form.logic.ts';

export interface BlockRow {
  /** Upper limit (inclusive); '' on the last row: no upper limit. */
  to: string;
  rate: string;
}

export interface TariffFormValues {
  name: string;
  customerClass: CustomerClass | '';
  /** '' : every zone (the class-wide tariff). */
  zoneId: string;
  effectiveFrom: string;
  effectiveTo: string;
  serviceCharge: string;
  minimumCharge: string;
  taxPercent: string;
  description: string;
  blocks: BlockRow[];
}

export const MAX_BLOCKS = 20;

export const emptyBlock = (): BlockRow => ({ to: '', rate: '' });

export function emptyTariff(effectiveFrom: string): TariffFormValues {
  return {
    name: '',
    customerClass: '',
    zoneId: '',
    effectiveFrom,
    effectiveTo: '',
    serviceCharge: '0',
    minimumCharge: '0',
    taxPercent: '0',
    description: '',
    blocks: [emptyBlock()],
  };
}

/** A stored tariff as form values; `asNewVersion` keeps the prices and clears the dates (the next version). */
export function tariffToForm(t: Tariff, asNewVersion = false): TariffFormValues {
  return {
    name: t.name,
    customerClass: t.customerClass,
    zoneId: t.zoneId === null ? '' : String(t.zoneId),
    effectiveFrom: asNewVersion ? '' : t.effectiveFrom,
    effectiveTo: asNewVersion ? '' : (t.effectiveTo ?? ''),
    serviceCharge: t.serviceCharge,
    minimumCharge: t.minimumCharge,
    taxPercent: t.taxPercent,
    description: t.description ?? '',
    blocks: t.blocks.map((b) => ({ to: b.to ?? '', rate: b.rate })),
  };
}

/** Where each row starts: 0, then the previous row's upper limit (as typed). */
export function blockStarts(rows: readonly BlockRow[]): string[] {
  return rows.map((_, i) => (i === 0 ? '0' : rows[i - 1].to.trim()));
}

/** The rows as the contract's blocks: contiguous by construction, the last one open when its limit is empty. */
export function toPricingBlocks(rows: readonly BlockRow[]): PricingBlock[] {
  const starts = blockStarts(rows);
  return rows.map((r, i) => ({
    from: starts[i],
    to: i === rows.length - 1 && r.to.trim() === '' ? null : r.to.trim(),
    rate: r.rate.trim(),
  }));
}

const orZero = (v: string) => (v.trim() === '' ? '0' : v.trim());

export function toTariffBody(v: TariffFormValues): TariffBody {
  return {
    name: v.name,
    // An unchosen class is missing ('required'), not a wrong choice.
    customerClass: (v.customerClass || undefined) as CustomerClass,
    zoneId: v.zoneId ? Number(v.zoneId) : null,
    effectiveFrom: v.effectiveFrom,
    effectiveTo: v.effectiveTo || null,
    serviceCharge: orZero(v.serviceCharge),
    minimumCharge: orZero(v.minimumCharge),
    taxPercent: orZero(v.taxPercent),
    description: v.description || null,
    blocks: toPricingBlocks(v.blocks),
  };
}

/**
 * The form field a contract (or server) error belongs to. A block's start is the previous block's
 * upper limit, so an error on `blocks.N.from` is shown on `blocks.N-1.to`.
 */
export function tariffFormField(path: string): string {
  const m = /^blocks\.(\d+)\.from$/.exec(path);
  if (m) return Number(m[1]) === 0 ? 'blocks.root' : `blocks.${Number(m[1]) - 1}.to`;
  if (path === 'blocks') return 'blocks.root';
  return path;
}

/** The contract's verdict on the form: the body to send, or the issues by form field (first per field). */
export function checkTariffForm(v: TariffFormValues): FormCheck<TariffInput> {
  const body = toTariffBody(v);
  const result = checkWith(tariffBody, body, tariffFormField);
  if (result.ok) return result;
  // A middle block without an upper limit: say so on that limit (the contract sees the next block's start missing).
  const openRows = v.blocks.flatMap((b, i) => (i < v.blocks.length - 1 && b.to.trim() === '' ? [i] : []));
  if (openRows.length > 0) {
    const issues = result.issues;
    result.issues = [];
    for (const i of openRows) addIssue(result.issues, `blocks.${i}.to`, 'tariff.onlyLastOpen');
    for (const issue of issues) addIssue(result.issues, issue.field, issue.message);
  }
  // zod skips the body's cross-field rules while any field fails; the user should see them at once.
  if (body.effectiveTo && /^\d{4}-\d{2}-\d{2}$/.test(body.effectiveFrom) && body.effectiveTo < body.effectiveFrom) {
    addIssue(result.issues, 'effectiveTo', 'v.dateRange');
  }
  const problem = blockProblem(body.blocks as PricingBlock[]);
  if (problem) addIssue(result.issues, tariffFormField(`blocks.${problem.index}.${problem.field}`), problem.key);
  return result;
}

// ---- Live preview -------------------------------------------------------------------------------

export type Preview =
  | { state: 'empty' }
  | { state: 'badConsumption' }
  | { state: 'incomplete' }
  | { state: 'ok'; breakdown: PriceBreakdown; tariff: PricingTariff };

const fits = (schema: { safeParse: (v: unknown) => { success: boolean } }, v: string) => schema.safeParse(v).success;

/** The tariff the form describes, or null while a price, rate or limit is missing or malformed. */
export function pricingTariffOf(v: Pick<TariffFormValues, 'serviceCharge' | 'minimumCharge' | 'taxPercent' | 'blocks'>): PricingTariff | null {
  const serviceCharge = orZero(v.serviceCharge);
  const minimumCharge = orZero(v.minimumCharge);
  const taxPercent = orZero(v.taxPercent);
  if (!fits(amount, serviceCharge) || !fits(amount, minimumCharge) || !fits(percent, taxPercent)) return null;
  if (v.blocks.length === 0) return null;
  const blocks = toPricingBlocks(v.blocks);
  if (blocks.some((b) => !fits(units, b.from) || (b.to !== null && !fits(units, b.to)) || !fits(rate, b.rate))) return null;
  if (blockProblem(blocks)) return null;
  return { serviceCharge, minimumCharge, taxPercent, blocks };
}

/** What the preview shows for the typed consumption. */
export function previewOf(v: Pick<TariffFormValues, 'serviceCharge' | 'minimumCharge' | 'taxPercent' | 'blocks'>, consumption: string): Preview {
  const typed = consumption.trim();
  if (typed === '') return { state: 'empty' };
  if (!fits(units, typed)) return { state: 'badConsumption' };
  const tariff = pricingTariffOf(v);
  if (!tariff) return { state: 'incomplete' };
  return { state: 'ok', breakdown: priceConsumption(tariff, typed), tariff };
}

/** One line of the preview: an i18n key with its values, the working (units x rate) and the amount. */
export interface PreviewRow {
  key: string;
  label: { key: string; values: Record<string, string | number> };
  working: { units: string; rate: string } | null;
  amount: string;
}

function rowOf(line: BreakdownLine, i: number, tariff: PricingTariff, subtotal: string): PreviewRow {
  const key = `${line.kind}-${line.block ?? i}`;
  const working = line.units !== null && line.rate !== null ? { units: line.units, rate: line.rate } : null;
  switch (line.kind) {
    case 'service_charge':
      return { key, label: { key: 'billing.preview.serviceCharge', values: {} }, working: null, amount: line.amount };
    case 'block':
      return {
        key,
        label:
          line.to === null
            ? { key: 'billing.preview.blockOpen', values: { n: line.block ?? 0, from: line.from ?? '0' } }
            : { key: 'billing.preview.block', values: { n: line.block ?? 0, from: line.from ?? '0', to: line.to } },
        working,
        amount: line.amount,
      };
    case 'above_last_block':
      return { key, label: { key: 'billing.preview.aboveLast', values: { from: line.from ?? '' } }, working, amount: line.amount };
    case 'minimum_top_up':
      return { key, label: { key: 'billing.preview.minimumTopUp', values: { minimum: tariff.minimumCharge } }, working: null, amount: line.amount };
    case 'tax':
      return { key, label: { key: 'billing.preview.tax', values: { percent: line.rate ?? '0', subtotal } }, working: null, amount: line.amount };
  }
}

/** The breakdown as the preview's rows, in bill order (tax after the subtotal). */
export function previewRows(breakdown: PriceBreakdown, tariff: PricingTariff): { charges: PreviewRow[]; tax: PreviewRow | null } {
  const rows = breakdown.lines.map((line, i) => rowOf(line, i, tariff, breakdown.subtotal));
  return { charges: rows.filter((r) => !r.key.startsWith('tax')), tax: rows.find((r) => r.key.startsWith('tax')) ?? null };
}

export type TariffPhase = 'inForce' | 'scheduled' | 'ended';

/** Where a version stands on `today` (YYYY-MM-DD): in force, starting later, or ended (its last day passed). */
export function tariffPhase(t: Pick<Tariff, 'effectiveFrom' | 'effectiveTo'>, today: string): TariffPhase {
  if (t.effectiveFrom > today) return 'scheduled';
  if (t.effectiveTo !== null && t.effectiveTo < today) return 'ended';
  return 'inForce';
}
