// The tariff arithmetic, pure and shared by the server (calculator, bill runs) and the web (live
// preview): a consumption priced line by line so every bill can be explained. Block i covers the units
// above its `from` up to and including its `to`, so a boundary unit belongs to exactly one block; units
// above the last block's `to` are charged at the last block's rate, never dropped.
import { z } from '../common/validation.ts';
import { BillingDecimal, bdec, billMoney, plainDecimal } from './decimal.ts';

export interface PricingBlock {
  from: string;
  /** null: the block has no upper bound. */
  to: string | null;
  rate: string;
}

export interface PricingTariff {
  serviceCharge: string;
  minimumCharge: string;
  taxPercent: string;
  blocks: readonly PricingBlock[];
}

export const breakdownLineKindValues = ['service_charge', 'block', 'above_last_block', 'minimum_top_up', 'tax'] as const;
export const breakdownLineKind = z.enum(breakdownLineKindValues);
export type BreakdownLineKind = (typeof breakdownLineKindValues)[number];

export const breakdownLine = z.object({
  kind: breakdownLineKind,
  /** 1-based block number for 'block' lines, else null. */
  block: z.number().int().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  units: z.string().nullable(),
  rate: z.string().nullable(),
  amount: z.string(),
});
export type BreakdownLine = z.infer<typeof breakdownLine>;

export const priceBreakdown = z.object({
  consumption: z.string(),
  lines: z.array(breakdownLine),
  /** Service charge + consumption charges + minimum-charge top-up, before tax. */
  subtotal: z.string(),
  tax: z.string(),
  total: z.string(),
});
export type PriceBreakdown = z.infer<typeof priceBreakdown>;

const isDecimalText = (v: unknown) => typeof v === 'string' && /^\d+(\.\d+)?$/.test(v);

/** Why a block list is not a valid tariff, or null; `index` is the 0-based block at fault. */
export function blockProblem(blocks: readonly PricingBlock[]): { index: number; field: 'from' | 'to'; key: string } | null {
  if (blocks.length === 0) return { index: 0, field: 'from', key: 'tariff.noBlocks' };
  // Malformed numbers are their fields' own errors; the shape is judged only on numbers.
  if (blocks.some((b) => !isDecimalText(b.from) || (b.to !== null && !isDecimalText(b.to)))) return null;
  for (const [i, b] of blocks.entries()) {
    const from = bdec(b.from);
    if (i === 0 && !from.isZero()) return { index: 0, field: 'from', key: 'tariff.firstBlockFromZero' };
    if (i > 0) {
      const prevTo = blocks[i - 1].to;
      if (prevTo === null) return { index: i - 1, field: 'to', key: 'tariff.onlyLastOpen' };
      if (!from.eq(bdec(prevTo))) return { index: i, field: 'from', key: 'tariff.blocksContiguous' };
    }
    if (b.to !== null && !bdec(b.to).gt(from)) return { index: i, field: 'to', key: 'tariff.blockToAfterFrom' };
  }
  return null;
}

/**
 * Prices `consumption` units: the service charge, each block used (units x rate, rounded to cents per
 * line), units above the last block at its rate, a top-up to the minimum charge when the subtotal is below
 * it, then tax on the subtotal. The lines add up to the total exactly.
 */
export function priceConsumption(tariff: PricingTariff, consumption: string | BillingDecimal): PriceBreakdown {
  const used = bdec(consumption);
  if (!used.isFinite() || used.isNegative()) throw new RangeError('consumption must be a non-negative number');
  if (tariff.blocks.some((b) => !isDecimalText(b.from) || (b.to !== null && !isDecimalText(b.to)) || !isDecimalText(b.rate))) {
    throw new RangeError('invalid tariff blocks: a bound or rate is not a decimal');
  }
  const problem = blockProblem(tariff.blocks);
  if (problem) throw new RangeError(`invalid tariff blocks: ${problem.key} at block ${problem.index + 1}`);

  const lines: BreakdownLine[] = [];
  let subtotal = new BillingDecimal(0);
  const add = (line: Omit<BreakdownLine, 'amount'>, amount: BillingDecimal) => {
    const rounded = amount.toDecimalPlaces(2);
    lines.push({ ...line, amount: billMoney(rounded) });
    subtotal = subtotal.plus(rounded);
  };

  const service = bdec(tariff.serviceCharge);
  if (service.gt(0)) add({ kind: 'service_charge', block: null, from: null, to: null, units: null, rate: null }, service);

  for (const [i, b] of tariff.blocks.entries()) {
    const from = bdec(b.from);
    if (!used.gt(from)) break;
    const upper = b.to === null ? used : BillingDecimal.min(used, bdec(b.to));
    const inBlock = upper.minus(from);
    add(
      {
        kind: 'block',
        block: i + 1,
        from: plainDecimal(from),
        to: b.to === null ? null : plainDecimal(b.to),
        units: plainDecimal(inBlock),
        rate: plainDecimal(b.rate),
      },
      inBlock.times(bdec(b.rate)),
    );
  }
  const last = tariff.blocks[tariff.blocks.length - 1];
  if (last.to !== null && used.gt(bdec(last.to))) {
    const above = used.minus(bdec(last.to));
    add(
      { kind: 'above_last_block', block: null, from: plainDecimal(last.to), to: null, units: plainDecimal(above), rate: plainDecimal(last.rate) },
      above.times(bdec(last.rate)),
    );
  }

  const minimum = bdec(tariff.minimumCharge);
  if (subtotal.lt(minimum)) {
    add({ kind: 'minimum_top_up', block: null, from: null, to: null, units: null, rate: null }, minimum.minus(subtotal));
  }

  const taxPercent = bdec(tariff.taxPercent);
  let tax = new BillingDecimal(0);
  if (taxPercent.gt(0)) {
    tax = subtotal.times(taxPercent).dividedBy(100).toDecimalPlaces(2);
    lines.push({ kind: 'tax', block: null, from: null, to: null, units: null, rate: plainDecimal(taxPercent), amount: billMoney(tax) });
  }
  return {
    consumption: plainDecimal(used),
    lines,
    subtotal: billMoney(subtotal),
    tax: billMoney(tax),
    total: billMoney(subtotal.plus(tax)),
  };
}
