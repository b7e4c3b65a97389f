// priceConsumption and blockProblem on input they must refuse or leave to the fields' own checks
// (found by `npm run mutation -- bills`): malformed numbers, the refusal messages, a zero service charge.
import { describe, expect, it } from 'vitest';
import { blockProblem, type PricingTariff, priceConsumption } from '@ubo/contracts';

const tariff = (overrides: Partial<PricingTariff> = {}): PricingTariff => ({
  serviceCharge: '0',
  minimumCharge: '0',
  taxPercent: '0',
  blocks: [
    { from: '0', to: '10', rate: '0.5' },
    { from: '10', to: null, rate: '1' },
  ],
  ...overrides,
});

describe('blockProblem on malformed numbers', () => {
  it('leaves a bound that is not a plain decimal to its field (no shape verdict, no exception)', () => {
    for (const bad of ['x', 'a10', '10a', '1e2', '-5', ' 10']) {
      expect(blockProblem([{ from: '0', to: bad, rate: '1' }])).toBeNull();
      expect(blockProblem([{ from: bad, to: '10', rate: '1' }])).toBeNull();
    }
    expect(blockProblem([{ from: 5 as never, to: null, rate: '1' }])).toBeNull();
    // One malformed block among good ones is enough.
    expect(
      blockProblem([
        { from: '0', to: '10', rate: '1' },
        { from: '10', to: 'x', rate: '1' },
      ]),
    ).toBeNull();
  });
});

describe('priceConsumption refusals', () => {
  it('refuses a negative or non-numeric consumption', () => {
    expect(() => priceConsumption(tariff(), '-1')).toThrow(new RangeError('consumption must be a non-negative number'));
    expect(() => priceConsumption(tariff(), 'Infinity')).toThrow(new RangeError('consumption must be a non-negative number'));
  });

  it('refuses a tariff whose bound or rate is not a decimal, and names the block of a shape problem', () => {
    const notDecimal = new RangeError('invalid tariff blocks: a bound or rate is not a decimal');
    expect(() => priceConsumption(tariff({ blocks: [{ from: '0', to: null, rate: 'abc' }] }), '5')).toThrow(notDecimal);
    expect(() => priceConsumption(tariff({ blocks: [{ from: 'x', to: null, rate: '1' }] }), '5')).toThrow(notDecimal);
    expect(() => priceConsumption(tariff({ blocks: [{ from: '0', to: '1e2', rate: '1' }] }), '5')).toThrow(notDecimal);
    expect(() =>
      priceConsumption(
        tariff({
          blocks: [
            { from: '0', to: '10', rate: '1' },
            { from: '10', to: null, rate: 'abc' },
          ],
        }),
        '5',
      ),
    ).toThrow(notDecimal);
    expect(() =>
      priceConsumption(
        tariff({
          blocks: [
            { from: '0', to: '10', rate: '1' },
            { from: '12', to: null, rate: '1' },
          ],
        }),
        '5',
      ),
    ).toThrow(new RangeError('invalid tariff blocks: tariff.blocksContiguous at block 2'));
  });
});

describe('priceConsumption lines', () => {
  it('prints no service-charge line when there is none', () => {
    expect(priceConsumption(tariff(), '4').lines.map((l) => l.kind)).toEqual(['block']);
    expect(priceConsumption(tariff({ serviceCharge: '1.5' }), '4').lines.map((l) => [l.kind, l.amount])).toEqual([
      ['service_charge', '1.50'],
      ['block', '2.00'],
    ]);
  });
});
