// The pure pricing function of contracts/billing/pricing.ts: a table of worked bills, then properties
// that must hold for any valid tariff and consumption (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BillingDecimal, blockProblem, type PricingTariff, priceConsumption } from '@ubo/contracts';

const residential: PricingTariff = {
  serviceCharge: '2.00',
  minimumCharge: '0',
  taxPercent: '0',
  blocks: [
    { from: '0', to: '10', rate: '0.30' },
    { from: '10', to: '50', rate: '0.45' },
    { from: '50', to: null, rate: '0.60' },
  ],
};

const lineSummary = (t: PricingTariff, c: string) => priceConsumption(t, c).lines.map((l) => [l.kind, l.units, l.rate, l.amount]);

describe('priceConsumption', () => {
  it('charges each block for the units inside it and explains every line', () => {
    const bill = priceConsumption(residential, '75');
    expect(bill.lines).toEqual([
      { kind: 'service_charge', block: null, from: null, to: null, units: null, rate: null, amount: '2.00' },
      { kind: 'block', block: 1, from: '0', to: '10', units: '10', rate: '0.3', amount: '3.00' },
      { kind: 'block', block: 2, from: '10', to: '50', units: '40', rate: '0.45', amount: '18.00' },
      { kind: 'block', block: 3, from: '50', to: null, units: '25', rate: '0.6', amount: '15.00' },
    ]);
    expect(bill).toMatchObject({ consumption: '75', subtotal: '38.00', tax: '0.00', total: '38.00' });
  });

  it('puts a boundary unit in exactly one block: 10 units are all block 1, 10.001 starts block 2', () => {
    expect(lineSummary(residential, '10')).toEqual([
      ['service_charge', null, null, '2.00'],
      ['block', '10', '0.3', '3.00'],
    ]);
    expect(lineSummary(residential, '10.001')).toEqual([
      ['service_charge', null, null, '2.00'],
      ['block', '10', '0.3', '3.00'],
      ['block', '0.001', '0.45', '0.00'],
    ]);
    expect(lineSummary(residential, '50')).toEqual([
      ['service_charge', null, null, '2.00'],
      ['block', '10', '0.3', '3.00'],
      ['block', '40', '0.45', '18.00'],
    ]);
  });

  it('charges units above a closed last block at the last block rate, never dropping them', () => {
    const closed: PricingTariff = {
      ...residential,
      blocks: [
        { from: '0', to: '10', rate: '1' },
        { from: '10', to: '20', rate: '2' },
      ],
    };
    const bill = priceConsumption(closed, '35');
    expect(bill.lines.slice(1)).toEqual([
      { kind: 'block', block: 1, from: '0', to: '10', units: '10', rate: '1', amount: '10.00' },
      { kind: 'block', block: 2, from: '10', to: '20', units: '10', rate: '2', amount: '20.00' },
      { kind: 'above_last_block', block: null, from: '20', to: null, units: '15', rate: '2', amount: '30.00' },
    ]);
    expect(bill.total).toBe('62.00');
  });

  it('tops a small bill up to the minimum charge, before tax', () => {
    const t: PricingTariff = { ...residential, minimumCharge: '10.00', taxPercent: '5' };
    const bill = priceConsumption(t, '3');
    expect(bill.lines).toEqual([
      { kind: 'service_charge', block: null, from: null, to: null, units: null, rate: null, amount: '2.00' },
      { kind: 'block', block: 1, from: '0', to: '10', units: '3', rate: '0.3', amount: '0.90' },
      { kind: 'minimum_top_up', block: null, from: null, to: null, units: null, rate: null, amount: '7.10' },
      { kind: 'tax', block: null, from: null, to: null, units: null, rate: '5', amount: '0.50' },
    ]);
    expect(bill).toMatchObject({ subtotal: '10.00', tax: '0.50', total: '10.50' });
    // At or above the minimum there is no top-up.
    expect(priceConsumption(t, '40').lines.map((l) => l.kind)).not.toContain('minimum_top_up');
  });

  it('rounds each line half up to cents and adds tax on the subtotal', () => {
    const t: PricingTariff = { serviceCharge: '0', minimumCharge: '0', taxPercent: '16.5', blocks: [{ from: '0', to: null, rate: '0.125' }] };
    // 7 x 0.125 = 0.875 -> 0.88; tax 16.5% of 0.88 = 0.1452 -> 0.15
    expect(priceConsumption(t, '7')).toMatchObject({ subtotal: '0.88', tax: '0.15', total: '1.03' });
    // 0.1 + 0.2 style sums stay exact.
    const exact: PricingTariff = { serviceCharge: '0.10', minimumCharge: '0', taxPercent: '0', blocks: [{ from: '0', to: null, rate: '0.2' }] };
    expect(priceConsumption(exact, '1').total).toBe('0.30');
  });

  it('prices zero consumption as the service charge (and minimum), and refuses a negative one', () => {
    expect(priceConsumption(residential, '0')).toMatchObject({ total: '2.00', lines: [{ kind: 'service_charge' }] });
    expect(priceConsumption({ ...residential, minimumCharge: '5' }, '0').total).toBe('5.00');
    expect(() => priceConsumption(residential, '-1')).toThrow(RangeError);
  });

  it('refuses block lists that are not contiguous from zero', () => {
    expect(blockProblem([{ from: '1', to: null, rate: '1' }])).toEqual({ index: 0, field: 'from', key: 'tariff.firstBlockFromZero' });
    expect(
      blockProblem([
        { from: '0', to: '10', rate: '1' },
        { from: '11', to: null, rate: '1' },
      ]),
    ).toEqual({ index: 1, field: 'from', key: 'tariff.blocksContiguous' });
    expect(
      blockProblem([
        { from: '0', to: null, rate: '1' },
        { from: '10', to: null, rate: '1' },
      ]),
    ).toEqual({ index: 0, field: 'to', key: 'tariff.onlyLastOpen' });
    expect(blockProblem([{ from: '0', to: '0', rate: '1' }])).toEqual({ index: 0, field: 'to', key: 'tariff.blockToAfterFrom' });
    expect(blockProblem([])).toEqual({ index: 0, field: 'from', key: 'tariff.noBlocks' });
    expect(() => priceConsumption({ ...residential, blocks: [{ from: '5', to: null, rate: '1' }] }, '1')).toThrow(RangeError);
  });
});

// Decimal strings built from integers, so the generators never go through binary fractions.
const decimalText = (maxUnits: number, scale: number) =>
  fc.integer({ min: 0, max: maxUnits * 10 ** scale }).map((n) => new BillingDecimal(n).dividedBy(10 ** scale).toFixed());

const tariffArb: fc.Arbitrary<PricingTariff> = fc
  .record({
    widths: fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 6 }),
    rates: fc.array(decimalText(50, 4), { minLength: 6, maxLength: 6 }),
    lastOpen: fc.boolean(),
    serviceCharge: decimalText(100, 2),
    minimumCharge: decimalText(200, 2),
    taxPercent: decimalText(30, 2),
  })
  .map(({ widths, rates, lastOpen, serviceCharge, minimumCharge, taxPercent }) => {
    let from = new BillingDecimal(0);
    const blocks = widths.map((w, i) => {
      const to = from.plus(new BillingDecimal(w).dividedBy(1000));
      const block = { from: from.toFixed(), to: i === widths.length - 1 && lastOpen ? null : to.toFixed(), rate: rates[i] };
      from = to;
      return block;
    });
    return { serviceCharge, minimumCharge, taxPercent, blocks };
  });

describe('priceConsumption properties', () => {
  const consumptionArb = decimalText(1_000, 3);

  it('bills every unit exactly once, and the lines add up to the total', () => {
    fc.assert(
      fc.property(tariffArb, consumptionArb, (tariff, consumption) => {
        const bill = priceConsumption(tariff, consumption);
        const units = bill.lines.filter((l) => l.kind === 'block' || l.kind === 'above_last_block').reduce((s, l) => s.plus(l.units!), new BillingDecimal(0));
        expect(units.eq(consumption)).toBe(true);
        const sum = bill.lines.reduce((s, l) => s.plus(l.amount), new BillingDecimal(0));
        expect(sum.toFixed(2)).toBe(bill.total);
        expect(new BillingDecimal(bill.subtotal).plus(bill.tax).toFixed(2)).toBe(bill.total);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps each block line inside its block, and a block is used only when the ones before it are full', () => {
    fc.assert(
      fc.property(tariffArb, consumptionArb, (tariff, consumption) => {
        const blockLines = priceConsumption(tariff, consumption).lines.filter((l) => l.kind === 'block');
        blockLines.forEach((line, i) => {
          const block = tariff.blocks[line.block! - 1];
          expect(line.block).toBe(i + 1);
          expect(new BillingDecimal(line.units!).gt(0)).toBe(true);
          if (block.to !== null) expect(new BillingDecimal(line.units!).lte(new BillingDecimal(block.to).minus(block.from))).toBe(true);
          if (i < blockLines.length - 1) expect(new BillingDecimal(line.units!).eq(new BillingDecimal(block.to!).minus(block.from))).toBe(true);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('never charges less than the minimum, and more consumption never costs less', () => {
    fc.assert(
      fc.property(tariffArb, consumptionArb, consumptionArb, (tariff, a, b) => {
        const [low, high] = new BillingDecimal(a).lte(b) ? [a, b] : [b, a];
        const lowBill = priceConsumption(tariff, low);
        const highBill = priceConsumption(tariff, high);
        expect(new BillingDecimal(lowBill.subtotal).gte(new BillingDecimal(tariff.minimumCharge))).toBe(true);
        expect(new BillingDecimal(highBill.total).gte(lowBill.total)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
