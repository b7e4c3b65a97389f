// The bill-run and bills screens' rules: tariff lines in words, exceptions grouped by reason, a job's
// progress, and sums of amounts.
import { describe, expect, it } from 'vitest';
import type { BreakdownLine } from '@ubo/contracts';
import { chargeLines, exceptionGroups, isJobActive, jobPercent, lineLabel, sumAmounts } from './billing-runs.logic.ts';

const t = (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key);
const line = (l: Partial<BreakdownLine>): BreakdownLine => ({
  kind: 'block',
  block: null,
  from: null,
  to: null,
  units: null,
  rate: null,
  amount: '0.00',
  ...l,
});

describe('explain this bill', () => {
  it('words every kind of tariff line', () => {
    expect(lineLabel(line({ kind: 'service_charge', amount: '2.00' }), t)).toBe('billingRuns.line.serviceCharge');
    expect(lineLabel(line({ kind: 'block', block: 1, from: '0', to: '10' }), t)).toBe('billingRuns.line.block {"n":1,"from":"0","to":"10"}');
    expect(lineLabel(line({ kind: 'block', block: 2, from: '10', to: null }), t)).toBe('billingRuns.line.blockOpen {"n":2,"from":"10"}');
    expect(lineLabel(line({ kind: 'above_last_block', from: '50' }), t)).toBe('billingRuns.line.aboveLast {"from":"50"}');
    expect(lineLabel(line({ kind: 'minimum_top_up' }), t)).toBe('billingRuns.line.minimumTopUp');
    expect(lineLabel(line({ kind: 'tax', rate: '5' }), t)).toBe('billingRuns.line.tax {"rate":"5"}');
  });

  it('keeps the tax line out of the charges', () => {
    const lines = [line({ kind: 'service_charge' }), line({ kind: 'block', block: 1 }), line({ kind: 'tax', rate: '5' })];
    expect(chargeLines(lines).map((l) => l.kind)).toEqual(['service_charge', 'block']);
  });
});

describe('exceptions', () => {
  it('groups the houses left out by reason, missing readings first', () => {
    const groups = exceptionGroups([
      { houseId: 1, customerId: 1, meterNumber: 'A', reason: 'disconnected' },
      { houseId: 2, customerId: 2, meterNumber: 'B', reason: 'no_reading' },
      { houseId: 3, customerId: 3, meterNumber: 'C', reason: 'no_reading' },
      { houseId: 4, customerId: 4, meterNumber: null, reason: 'flagged_unconfirmed' },
    ]);
    expect(groups.map((g) => [g.reason, g.items.map((i) => i.houseId)])).toEqual([
      ['no_reading', [2, 3]],
      ['flagged_unconfirmed', [4]],
      ['disconnected', [1]],
    ]);
  });
});

describe('job progress', () => {
  it('is a whole percent of the bills written, unknown before the houses are priced', () => {
    expect(jobPercent({ status: 'queued', processed: 0, total: 0 })).toBeNull();
    expect(jobPercent({ status: 'running', processed: 0, total: 0 })).toBeNull();
    expect(jobPercent({ status: 'running', processed: 1, total: 3 })).toBe(33);
    expect(jobPercent({ status: 'running', processed: 3, total: 3 })).toBe(100);
    expect(jobPercent({ status: 'done', processed: 0, total: 0 })).toBe(100);
    expect(jobPercent({ status: 'failed', processed: 2, total: 4 })).toBe(50);
  });

  it('is active while queued or running', () => {
    expect(['queued', 'running', 'done', 'failed'].map((s) => isJobActive(s as 'queued'))).toEqual([true, true, false, false]);
  });
});

describe('amounts', () => {
  it('adds decimal strings exactly', () => {
    expect(sumAmounts(['0.10', '0.20', '1234.005'])).toBe('1234.31');
    expect(sumAmounts([])).toBe('0.00');
  });
});
