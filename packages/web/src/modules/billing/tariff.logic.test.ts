import { describe, expect, it } from 'vitest';
import type { Tariff } from '@ubo/contracts';
import {
  blockStarts,
  checkTariffForm,
  emptyTariff,
  previewOf,
  previewRows,
  type TariffFormValues,
  tariffFormField,
  tariffPhase,
  tariffToForm,
  toPricingBlocks,
  toTariffBody,
} from './tariff.logic.ts';

const form = (over: Partial<TariffFormValues> = {}): TariffFormValues => ({
  ...emptyTariff('2026-01-01'),
  name: 'Residential 2026',
  customerClass: 'residential',
  serviceCharge: '2',
  minimumCharge: '0',
  taxPercent: '5',
  blocks: [
    { to: '10', rate: '0.30' },
    { to: '30', rate: '0.45' },
    { to: '', rate: '0.60' },
  ],
  ...over,
});

describe('block editor', () => {
  it('starts each block where the previous one ends and leaves the last one open when its limit is empty', () => {
    const rows = form().blocks;
    expect(blockStarts(rows)).toEqual(['0', '10', '30']);
    expect(toPricingBlocks(rows)).toEqual([
      { from: '0', to: '10', rate: '0.30' },
      { from: '10', to: '30', rate: '0.45' },
      { from: '30', to: null, rate: '0.60' },
    ]);
    // A limit on the last row is kept: units above it are charged at its rate.
    expect(toPricingBlocks([{ to: '50', rate: '1' }])).toEqual([{ from: '0', to: '50', rate: '1' }]);
  });

  it('builds the body: empty charges are 0, no zone is the class-wide tariff, no end date is open-ended', () => {
    const body = toTariffBody(form({ serviceCharge: '', minimumCharge: ' ', taxPercent: '', zoneId: '', effectiveTo: '', description: '' }));
    expect(body).toMatchObject({ serviceCharge: '0', minimumCharge: '0', taxPercent: '0', zoneId: null, effectiveTo: null, description: null });
    expect(toTariffBody(form({ zoneId: '7', effectiveTo: '2026-12-31' }))).toMatchObject({ zoneId: 7, effectiveTo: '2026-12-31' });
  });

  it("puts the contract's errors on the fields the user typed", () => {
    expect(checkTariffForm(form()).ok).toBe(true);
    // The second limit is below the second start (10): the error sits on that limit.
    const low = checkTariffForm(
      form({
        blocks: [
          { to: '10', rate: '1' },
          { to: '5', rate: '1' },
          { to: '', rate: '1' },
        ],
      }),
    );
    expect(low).toEqual({ ok: false, issues: [{ field: 'blocks.1.to', message: 'tariff.blockToAfterFrom' }] });
    // A middle row without a limit: its empty limit is the start of the next block, which is not a number.
    const open = checkTariffForm(
      form({
        blocks: [
          { to: '', rate: '1' },
          { to: '', rate: '1' },
        ],
      }),
    );
    expect(open).toEqual({ ok: false, issues: [{ field: 'blocks.0.to', message: 'tariff.onlyLastOpen' }] });
    const bad = checkTariffForm(form({ name: '', customerClass: '', blocks: [{ to: '', rate: 'x' }], effectiveFrom: '2026-02-01', effectiveTo: '2026-01-01' }));
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.issues.map((i) => i.field).sort()).toEqual(['blocks.0.rate', 'customerClass', 'effectiveTo', 'name']);
      expect(bad.issues.find((i) => i.field === 'customerClass')?.message).toBe('v.required');
      expect(bad.issues.find((i) => i.field === 'effectiveTo')?.message).toBe('v.dateRange');
    }
  });

  it('maps server field paths to form fields', () => {
    expect(tariffFormField('blocks.2.from')).toBe('blocks.1.to');
    expect(tariffFormField('blocks.0.from')).toBe('blocks.root');
    expect(tariffFormField('blocks')).toBe('blocks.root');
    expect(tariffFormField('blocks.1.rate')).toBe('blocks.1.rate');
    expect(tariffFormField('effectiveFrom')).toBe('effectiveFrom');
  });

  it('loads a stored tariff, or its prices for a new version without dates', () => {
    const t: Tariff = {
      id: 3,
      name: 'Commercial',
      customerClass: 'commercial',
      zoneId: 4,
      zoneName: 'Hodan',
      effectiveFrom: '2025-01-01',
      effectiveTo: '2025-12-31',
      serviceCharge: '5.00',
      minimumCharge: '10.00',
      taxPercent: '5',
      description: null,
      blocks: [
        { from: '0', to: '100', rate: '0.5' },
        { from: '100', to: null, rate: '0.7' },
      ],
      createdAt: '',
      updatedAt: '',
    };
    expect(tariffToForm(t)).toMatchObject({
      zoneId: '4',
      effectiveFrom: '2025-01-01',
      effectiveTo: '2025-12-31',
      description: '',
      blocks: [
        { to: '100', rate: '0.5' },
        { to: '', rate: '0.7' },
      ],
    });
    expect(tariffToForm(t, true)).toMatchObject({ effectiveFrom: '', effectiveTo: '', serviceCharge: '5.00' });
  });
});

describe('effective dating', () => {
  it('tells a version in force from one that starts later or has ended (its end date is its last day)', () => {
    expect(tariffPhase({ effectiveFrom: '2026-01-01', effectiveTo: null }, '2026-03-01')).toBe('inForce');
    expect(tariffPhase({ effectiveFrom: '2026-01-01', effectiveTo: '2026-03-01' }, '2026-03-01')).toBe('inForce');
    expect(tariffPhase({ effectiveFrom: '2026-01-01', effectiveTo: '2026-02-28' }, '2026-03-01')).toBe('ended');
    expect(tariffPhase({ effectiveFrom: '2026-03-02', effectiveTo: null }, '2026-03-01')).toBe('scheduled');
  });
});

describe('live preview', () => {
  it('prices a consumption line by line: service charge, each block used, tax on the subtotal', () => {
    const p = previewOf(form(), '42.5');
    expect(p.state).toBe('ok');
    if (p.state !== 'ok') return;
    // 2 + 10 x 0.30 + 20 x 0.45 + 12.5 x 0.60 = 2 + 3 + 9 + 7.5 = 21.50; tax 5% = 1.08 (1.075 rounded half up).
    expect(p.breakdown).toMatchObject({ subtotal: '21.50', tax: '1.08', total: '22.58' });
    const { charges, tax } = previewRows(p.breakdown, p.tariff);
    expect(charges.map((r) => [r.label.key, r.label.values, r.working, r.amount])).toEqual([
      ['billing.preview.serviceCharge', {}, null, '2.00'],
      ['billing.preview.block', { n: 1, from: '0', to: '10' }, { units: '10', rate: '0.3' }, '3.00'],
      ['billing.preview.block', { n: 2, from: '10', to: '30' }, { units: '20', rate: '0.45' }, '9.00'],
      ['billing.preview.blockOpen', { n: 3, from: '30' }, { units: '12.5', rate: '0.6' }, '7.50'],
    ]);
    expect(tax).toMatchObject({ label: { key: 'billing.preview.tax', values: { percent: '5', subtotal: '21.50' } }, amount: '1.08' });
  });

  it('shows units above a closed last block and the top-up to the minimum charge', () => {
    const above = previewOf(
      form({
        taxPercent: '0',
        serviceCharge: '0',
        blocks: [
          { to: '10', rate: '1' },
          { to: '20', rate: '2' },
        ],
      }),
      '25',
    );
    expect(above.state).toBe('ok');
    if (above.state !== 'ok') return;
    const rows = previewRows(above.breakdown, above.tariff);
    expect(rows.charges.at(-1)).toMatchObject({
      label: { key: 'billing.preview.aboveLast', values: { from: '20' } },
      working: { units: '5', rate: '2' },
      amount: '10.00',
    });
    expect(rows.tax).toBeNull();
    expect(above.breakdown.total).toBe('40.00');

    const small = previewOf(form({ minimumCharge: '5', taxPercent: '0' }), '0');
    expect(small.state).toBe('ok');
    if (small.state !== 'ok') return;
    expect(previewRows(small.breakdown, small.tariff).charges.map((r) => [r.label.key, r.amount])).toEqual([
      ['billing.preview.serviceCharge', '2.00'],
      ['billing.preview.minimumTopUp', '3.00'],
    ]);
    expect(small.breakdown.total).toBe('5.00');
  });

  it('waits for a usable consumption and a complete tariff', () => {
    expect(previewOf(form(), '')).toEqual({ state: 'empty' });
    expect(previewOf(form(), '-3')).toEqual({ state: 'badConsumption' });
    expect(previewOf(form(), '1.2345')).toEqual({ state: 'badConsumption' });
    expect(previewOf(form({ blocks: [{ to: '10', rate: '' }] }), '5')).toEqual({ state: 'incomplete' });
    expect(
      previewOf(
        form({
          blocks: [
            { to: '10', rate: '1' },
            { to: '5', rate: '1' },
          ],
        }),
        '5',
      ),
    ).toEqual({ state: 'incomplete' });
    expect(previewOf(form({ taxPercent: '101' }), '5')).toEqual({ state: 'incomplete' });
  });
});
