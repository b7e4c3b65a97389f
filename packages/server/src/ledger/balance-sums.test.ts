// How a date range is split into whole months (monthly rows) and edge days (daily rows).
import { describe, expect, it } from 'vitest';
import { dayBefore, planRange } from './balance-sums.ts';

describe('planRange', () => {
  it('reads whole months from the monthly rows and the days at either edge from the daily rows', () => {
    expect(planRange({ from: '2025-01-01', to: '2025-12-31' })).toEqual({ months: { fromMonth: '2025-01-01', toMonth: '2026-01-01' }, days: [] });
    expect(planRange({ from: '2025-01-15', to: '2025-03-10' })).toEqual({
      months: { fromMonth: '2025-02-01', toMonth: '2025-03-01' },
      days: [
        { from: '2025-01-15', to: '2025-01-31' },
        { from: '2025-03-01', to: '2025-03-10' },
      ],
    });
    expect(planRange({ from: '2024-02-10', to: '2024-02-29' })).toEqual({ months: null, days: [{ from: '2024-02-10', to: '2024-02-29' }] });
    expect(planRange({ from: '2024-02-01', to: '2024-02-29' })).toEqual({ months: { fromMonth: '2024-02-01', toMonth: '2024-03-01' }, days: [] });
    expect(planRange({ from: '2025-11-30', to: '2026-01-01' })).toEqual({
      months: { fromMonth: '2025-12-01', toMonth: '2026-01-01' },
      days: [
        { from: '2025-11-30', to: '2025-11-30' },
        { from: '2026-01-01', to: '2026-01-01' },
      ],
    });
  });

  it('leaves open ends open and reads nothing for a reversed range', () => {
    expect(planRange({})).toEqual({ months: { fromMonth: null, toMonth: null }, days: [] });
    expect(planRange({ to: '2025-06-14' })).toEqual({ months: { fromMonth: null, toMonth: '2025-06-01' }, days: [{ from: '2025-06-01', to: '2025-06-14' }] });
    expect(planRange({ from: '2025-06-14' })).toEqual({ months: { fromMonth: '2025-07-01', toMonth: null }, days: [{ from: '2025-06-14', to: '2025-06-30' }] });
    expect(planRange({ from: '2025-06-14', to: '2025-06-13' })).toEqual({ months: null, days: [] });
    expect(dayBefore('2025-03-01')).toBe('2025-02-28');
    expect(dayBefore('2024-01-01')).toBe('2023-12-31');
  });
});
