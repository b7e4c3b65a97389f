// The finance-reports screens' pure rules: periods from the URL, export paths, the budget grid's totals,
// body and error mapping, the reconciliation's live figures and the cash flow check.
import { describe, expect, it } from 'vitest';
import type { BudgetSheet, Reconciliation } from '@ubo/contracts';
import {
  budgetAccounts,
  budgetAmountOf,
  budgetBody,
  budgetCellErrors,
  cashCheck,
  cellKey,
  cellsFromSheet,
  changedCells,
  clearedIdsOf,
  gridTotals,
  isReconciliationDirty,
  monthFromParams,
  monthRange,
  monthWithin,
  periodFromParams,
  reconciliationFigures,
  sameAmount,
  signedAmountOf,
  yearChoices,
  yearFromParams,
} from './finance-reports.logic.ts';

const params = (q: string) => new URLSearchParams(q);

describe('periods in the URL', () => {
  it('reads a year, else this year', () => {
    expect(yearFromParams(params('year=2025'), '2026-05-05')).toBe(2025);
    expect(yearFromParams(params('year=1999'), '2026-05-05')).toBe(2026);
    expect(yearFromParams(params('year=20x5'), '2026-05-05')).toBe(2026);
    expect(yearFromParams(params(''), '2026-05-05')).toBe(2026);
  });

  it('reads a month, else the whole year', () => {
    expect(monthFromParams(params('month=3'))).toBe(3);
    expect(monthFromParams(params('month=12'))).toBe(12);
    expect(monthFromParams(params('month=13'))).toBeNull();
    expect(monthFromParams(params('month=0'))).toBeNull();
    expect(monthFromParams(params(''))).toBeNull();
  });

  it('reads a YYYY-MM period, else this month', () => {
    expect(periodFromParams(params('period=2026-02'), '2026-05-05')).toBe('2026-02');
    expect(periodFromParams(params('period=2026-13'), '2026-05-05')).toBe('2026-05');
    expect(periodFromParams(params('period=2026-2'), '2026-05-05')).toBe('2026-05');
  });

  it('knows the days of a month, leap years included, and clips a month to a report period', () => {
    expect(monthRange('2024-02')).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29' });
    expect(monthRange('2026-02')).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(monthRange('2026-12')).toEqual({ startDate: '2026-12-01', endDate: '2026-12-31' });
    expect(monthWithin('2026-03', { startDate: '2026-03-15', endDate: '2026-06-30' })).toEqual({ startDate: '2026-03-15', endDate: '2026-03-31' });
    expect(monthWithin('2026-06', { startDate: '2026-03-15', endDate: '2026-06-10' })).toEqual({ startDate: '2026-06-01', endDate: '2026-06-10' });
  });

  it('offers years around today and always the chosen one', () => {
    const years = yearChoices(2010, '2026-01-01');
    expect(years[0]).toBe(2010);
    expect(years.at(-1)).toBe(2031);
    expect(yearChoices(2050, '2026-01-01')).toContain(2050);
  });
});

describe('budget grid', () => {
  const sheet: Pick<BudgetSheet, 'rows'> = {
    rows: [
      {
        accountId: 7,
        code: '4010',
        name: 'Water sales',
        type: 'income',
        subtype: 'revenue',
        months: ['1000.00', '0.00', '1250.50', ...Array(9).fill('0.00')],
        total: '2250.50',
      },
    ],
  };

  it('reads amounts: empty is zero, negative or three decimals are refused', () => {
    expect(budgetAmountOf('')?.toFixed(2)).toBe('0.00');
    expect(budgetAmountOf(' 12.5 ')?.toFixed(2)).toBe('12.50');
    expect(budgetAmountOf('-1')).toBeNull();
    expect(budgetAmountOf('1.234')).toBeNull();
    expect(budgetAmountOf('1,000')).toBeNull();
    expect(sameAmount('', '0.00')).toBe(true);
    expect(sameAmount('12.5', '12.50')).toBe(true);
    expect(sameAmount('abc', '0')).toBe(false);
  });

  it('lists the active income and expense accounts, inactive ones only with a budget, and budgeted ones the chart lacks', () => {
    const chart = [
      { id: 7, code: '4010', name: 'Water sales', type: 'income', status: 'Active' },
      { id: 3, code: '1030', name: 'Bank', type: 'asset', status: 'Active' },
      { id: 9, code: '6100', name: 'Repairs', type: 'expense', status: 'Inactive' },
      { id: 10, code: '5020', name: 'Fuel', type: 'expense', status: 'Active' },
    ] as const;
    expect(budgetAccounts(chart, sheet).map((a) => a.code)).toEqual(['4010', '5020']);
    expect(budgetAccounts(chart, { rows: [...sheet.rows, { ...sheet.rows[0], accountId: 9, code: '6100', type: 'expense' }] }).map((a) => a.code)).toEqual([
      '4010',
      '5020',
      '6100',
    ]);
    expect(budgetAccounts(undefined, sheet)).toEqual([{ id: 7, code: '4010', name: 'Water sales', type: 'income' }]);
  });

  it('fills the cells from the sheet, zero left empty', () => {
    expect(cellsFromSheet(sheet)).toEqual({ '7:1': '1000.00', '7:3': '1250.50' });
  });

  it('totals rows and months in decimals, leaving invalid cells out', () => {
    const cells = { '7:1': '0.10', '7:2': '0.20', '8:1': '0.30', '8:2': 'x' };
    const totals = gridTotals(cells, [7, 8]);
    expect(totals.rows.get(7)?.toFixed(2)).toBe('0.30');
    expect(totals.rows.get(8)?.toFixed(2)).toBe('0.30');
    expect(totals.months[0].toFixed(2)).toBe('0.40');
    expect(totals.months[1].toFixed(2)).toBe('0.20');
    expect(totals.total.toFixed(2)).toBe('0.60');
    expect(totals.invalid).toEqual(['8:2']);
  });

  it('sends only the changed cells, a cleared one as 0.00, and maps line errors back to cells', () => {
    const saved = cellsFromSheet(sheet);
    const cells = { ...saved, '7:1': '1000', '7:3': '', [cellKey(9, 12)]: '75.5' };
    expect(changedCells(cells, saved)).toEqual(['7:3', '9:12']);
    const out = budgetBody(2026, cells, saved);
    expect(out?.body).toEqual({
      year: 2026,
      lines: [
        { accountId: 7, month: 3, amount: '0.00' },
        { accountId: 9, month: 12, amount: '75.50' },
      ],
    });
    expect(budgetBody(2026, { ...cells, '9:1': '-5' }, saved)).toBeNull();
    const errors = budgetCellErrors(
      [
        { field: 'lines.1.accountId', message: 'Not an income or expense account' },
        { field: 'year', message: 'Bad year' },
      ],
      out?.keys ?? [],
    );
    expect(errors).toEqual({ '9:12': 'Not an income or expense account', '': 'Bad year' });
  });
});

describe('monthly reconciliation', () => {
  const rec: Pick<Reconciliation, 'openingClearedBalance' | 'lines' | 'statementBalance'> = {
    openingClearedBalance: '100.00',
    statementBalance: null,
    lines: [
      {
        lineId: 1,
        entryId: 1,
        number: 'JV-1',
        date: '2026-03-02',
        reference: null,
        memo: null,
        debit: '5000.00',
        credit: '0.00',
        isCleared: false,
        isPriorPeriod: false,
      },
      {
        lineId: 2,
        entryId: 2,
        number: 'JV-2',
        date: '2026-03-09',
        reference: null,
        memo: null,
        debit: '0.00',
        credit: '300.25',
        isCleared: true,
        isPriorPeriod: false,
      },
      {
        lineId: 3,
        entryId: 3,
        number: 'JV-3',
        date: '2026-03-20',
        reference: null,
        memo: null,
        debit: '0.10',
        credit: '0.00',
        isCleared: false,
        isPriorPeriod: false,
      },
    ],
  };

  it('computes the cleared balance, the difference and what is outstanding', () => {
    const f = reconciliationFigures(rec, new Set([1, 2]), '4799.75');
    expect(f.cleared.toFixed(2)).toBe('4799.75');
    expect(f.difference?.toFixed(2)).toBe('0.00');
    expect(f.isReconciled).toBe(true);
    expect(f.outstanding.count).toBe(1);
    expect(f.outstanding.debit.toFixed(2)).toBe('0.10');
    const g = reconciliationFigures(rec, new Set([1]), '');
    expect(g.difference).toBeNull();
    expect(g.isReconciled).toBe(false);
    expect(reconciliationFigures(rec, new Set(), '-200.25').difference?.toFixed(2)).toBe('-300.25');
  });

  it('reads signed amounts and knows when the screen differs from the server', () => {
    expect(signedAmountOf('-40.25')?.toFixed(2)).toBe('-40.25');
    expect(signedAmountOf('1.234')).toBeNull();
    expect(clearedIdsOf(rec)).toEqual(new Set([2]));
    expect(isReconciliationDirty(rec, new Set([2]), '')).toBe(false);
    expect(isReconciliationDirty(rec, new Set([2]), '10')).toBe(true);
    expect(isReconciliationDirty({ ...rec, statementBalance: '10.00' }, new Set([2]), '10')).toBe(false);
    expect(isReconciliationDirty({ ...rec, statementBalance: '10.00' }, new Set([1, 2]), '10')).toBe(true);
  });
});

describe('cash flow check', () => {
  it('agrees when opening plus net equals closing', () => {
    expect(cashCheck('100.00', '-0.10', '99.90').isBalanced).toBe(true);
    const off = cashCheck('100.00', '50.00', '149.99');
    expect(off.isBalanced).toBe(false);
    expect(off.difference.toFixed(2)).toBe('-0.01');
    expect(off.expected.toFixed(2)).toBe('150.00');
  });
});
