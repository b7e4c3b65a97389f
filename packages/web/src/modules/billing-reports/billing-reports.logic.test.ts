import { describe, expect, it } from 'vitest';
import { agingLink, amountParam, choiceParam, idParam, linkTo, monthBounds, pagingFromParams, statementLink } from './billing-reports.logic.ts';

const params = (q: string) => new URLSearchParams(q);

describe('filters in the URL', () => {
  it('reads ids, paging, choices and amounts, falling back on anything else', () => {
    expect(idParam(params('zoneId=12'), 'zoneId')).toBe(12);
    for (const bad of ['', '0', '-3', '1.5', 'abc', '99999999999']) expect(idParam(params(`zoneId=${bad}`), 'zoneId')).toBeNull();
    expect(pagingFromParams(params('_page=3&_limit=250'))).toEqual({ page: 3, limit: 250 });
    expect(pagingFromParams(params('_page=0&_limit=7'))).toEqual({ page: 1, limit: 100 });
    expect(choiceParam(params('_sort=total'), '_sort', ['name', 'total'] as const, 'name')).toBe('total');
    expect(choiceParam(params('_sort=drop'), '_sort', ['name', 'total'] as const, 'name')).toBe('name');
    expect(amountParam(params('minAmount=25.5'), 'minAmount')).toBe('25.5');
    expect(amountParam(params('minAmount=-1'), 'minAmount')).toBeNull();
    expect(amountParam(params('minAmount=1.234'), 'minAmount')).toBeNull();
  });

  it('builds the drill-down links without empty values', () => {
    expect(statementLink(7, { startDate: '2025-01-01', endDate: '2025-03-31' })).toBe(
      '/Sales-reports/customer-transaction?customerId=7&startDate=2025-01-01&endDate=2025-03-31',
    );
    expect(statementLink(7)).toBe('/Sales-reports/customer-transaction?customerId=7');
    expect(agingLink(3, '2025-03-31')).toBe('/Sales-reports/customer-aging?zoneId=3&date=2025-03-31');
    expect(agingLink(null)).toBe('/Sales-reports/customer-aging');
    expect(linkTo('/x', { a: '', b: null, c: 0 })).toBe('/x?c=0');
    expect(monthBounds('2024-02')).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29' });
  });
});
