// The finance screens' pure rules: the account tree, the journal's live totals and body, the mapping
// of server line errors to form rows, report periods from the URL and CSV text.
import { describe, expect, it } from 'vitest';
import type { Account } from '@ubo/contracts';
import {
  accountMatchesText,
  amountOf,
  buildAccountTree,
  emptyLine,
  filterTree,
  formFieldOf,
  journalTotals,
  partyText,
  statementLink,
  subtreeIds,
  toJournalBody,
  typeTotals,
  visibleRows,
} from './finance.logic.ts';
import { csvFileName, csvText } from '../../lib/csv.ts';
import { isNonZero } from '../../lib/format.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { rangeFromParams, thisYear } from '../../lib/reportPeriods.ts';

function account(id: number, code: string, parentId: number | null, balance = '0.00', type: Account['type'] = 'asset'): Account {
  return {
    id,
    code,
    name: `Account ${code}`,
    nameEn: `Account ${code}`,
    nameSo: `Xisaab ${code}`,
    type,
    subtype: 'other',
    parentId,
    currency: 'USD',
    status: 'Active',
    isSystem: false,
    description: null,
    balance,
    isUsed: false,
  };
}

describe('account tree', () => {
  const accounts = [
    account(5, '4010', null, '300.00', 'income'),
    account(2, '1410', 1, '100.10'),
    account(1, '1400', null, '0.00'),
    account(3, '1420', 1, '50.20'),
    account(4, '1421', 3, '0.05'),
    account(6, '2010', null, '75.00', 'liability'),
    account(7, '9999', 42, '1.00'), // its parent is not in the list: shown at the top level
  ];
  const tree = buildAccountTree(accounts);

  it('nests sub-accounts, orders roots by type then code and children by code', () => {
    expect(tree.map((n) => n.account.code)).toEqual(['1400', '9999', '2010', '4010']);
    expect(tree[0].children.map((n) => n.account.code)).toEqual(['1410', '1420']);
    expect(tree[0].children[1].children[0].depth).toBe(2);
  });

  it('totals a parent with its sub-accounts in decimals', () => {
    expect(tree[0].total.toFixed(2)).toBe('150.35');
    expect(typeTotals(tree).get('asset')?.toFixed(2)).toBe('151.35');
  });

  it('shows children unless collapsed', () => {
    expect(visibleRows(tree, new Set()).map((n) => n.account.code)).toEqual(['1400', '1410', '1420', '1421', '9999', '2010', '4010']);
    expect(visibleRows(tree, new Set([1])).map((n) => n.account.code)).toEqual(['1400', '9999', '2010', '4010']);
    expect(visibleRows(tree, new Set([1]), true)).toHaveLength(7);
  });

  it('keeps the ancestors of a match', () => {
    const found = filterTree(tree, (a) => accountMatchesText(a, 'xisaab 1421'));
    expect(visibleRows(found, new Set(), true).map((n) => n.account.code)).toEqual(['1400', '1420', '1421']);
  });

  it('lists an account and everything below it (never a parent of itself)', () => {
    expect([...subtreeIds(tree, 1)].sort()).toEqual([1, 2, 3, 4]);
    expect([...subtreeIds(tree, 4)]).toEqual([4]);
  });
});

describe('journal totals', () => {
  const line = (debit: string, credit: string) => ({ ...emptyLine(), accountId: 1, debit, credit });

  it('sums in decimals without floating-point drift', () => {
    const totals = journalTotals([line('0.10', ''), line('0.20', ''), line('', '0.30')]);
    expect(totals.debit.toFixed(2)).toBe('0.30');
    expect(totals.isBalanced).toBe(true);
    expect(totals.canSave).toBe(true);
  });

  it('refuses to save an empty, unbalanced or malformed entry', () => {
    expect(journalTotals([emptyLine(), emptyLine()]).canSave).toBe(false);
    const unbalanced = journalTotals([line('100', ''), line('', '99.99')]);
    expect(unbalanced.canSave).toBe(false);
    expect(unbalanced.difference.toFixed(2)).toBe('0.01');
    expect(journalTotals([line('1.234', ''), line('', '1.234')]).hasInvalidAmount).toBe(true);
    expect(journalTotals([line('-5', ''), line('', '-5')]).canSave).toBe(false);
  });

  it('reads amounts as the ledger does', () => {
    expect(amountOf('')?.isZero()).toBe(true);
    expect(amountOf('12345678901234.99')?.toFixed(2)).toBe('12345678901234.99');
    expect(amountOf('1e3')).toBeNull();
    expect(amountOf('1,000')).toBeNull();
  });
});

describe('journal body and server errors', () => {
  const values = {
    date: '2026-03-01',
    reference: ' CAP-1 ',
    memo: '',
    lines: [
      { ...emptyLine(), accountId: 10, debit: '500', partyType: 'customer' as const, partyId: '7' },
      emptyLine(),
      { ...emptyLine(), accountId: 11, credit: '500', memo: ' capital ' },
    ],
  };

  it('leaves blank rows out and remembers which row each line came from', () => {
    const { body, rowOf } = toJournalBody(values);
    expect(rowOf).toEqual([0, 2]);
    expect(body).toEqual({
      date: '2026-03-01',
      reference: 'CAP-1',
      memo: undefined,
      lines: [
        { accountId: 10, debit: '500', credit: '', partyType: 'customer', partyId: 7, memo: undefined },
        { accountId: 11, debit: '', credit: '500', partyType: null, partyId: null, memo: 'capital' },
      ],
    });
  });

  it('puts lines.N errors on the form row of body line N', () => {
    const { rowOf } = toJournalBody(values);
    expect(formFieldOf('lines.1.accountId', rowOf)).toBe('lines.2.accountId');
    expect(formFieldOf('lines.0.credit', rowOf)).toBe('lines.0.credit');
    expect(formFieldOf('date', rowOf)).toBe('date');
    expect(formFieldOf('lines', rowOf)).toBe('lines');
  });

  it('makes a fresh UUID per form', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});

describe('report periods and links', () => {
  it('defaults to the calendar year and ignores bad or reversed ranges', () => {
    expect(thisYear('2026-05-17')).toEqual({ startDate: '2026-01-01', endDate: '2026-12-31' });
    expect(rangeFromParams(new URLSearchParams('startDate=2026-02-01&endDate=2026-02-28'), '2026-05-17')).toEqual({
      startDate: '2026-02-01',
      endDate: '2026-02-28',
    });
    expect(rangeFromParams(new URLSearchParams('startDate=2026-02-30&endDate=2026-03-01'), '2026-05-17').startDate).toBe('2026-01-01');
    expect(rangeFromParams(new URLSearchParams('startDate=2026-04-01&endDate=2026-03-01'), '2026-05-17').startDate).toBe('2026-01-01');
  });

  it('links an account statement with its period', () => {
    expect(statementLink(12, { startDate: '2026-01-01', endDate: '2026-12-31' })).toBe(
      '/reports/account-transaction?accountId=12&startDate=2026-01-01&endDate=2026-12-31',
    );
  });

  it('tells zero amounts from others', () => {
    expect(isNonZero('0.00')).toBe(false);
    expect(isNonZero('-0.00')).toBe(false);
    expect(isNonZero('0.01')).toBe(true);
    expect(isNonZero('')).toBe(false);
  });
});

describe('CSV', () => {
  it('quotes every cell and defuses formulas', () => {
    expect(
      csvText([
        ['Code', 'Name'],
        ['1010', '=SUM(A1)'],
        ['-5.00', null],
      ]),
    ).toBe('"Code","Name"\r\n"1010","\'=SUM(A1)"\r\n"-5.00",""');
  });

  it('names files from the title and period', () => {
    expect(csvFileName('Trial balance', '2026-01-01', '2026-12-31')).toBe('trial-balance_2026-01-01_2026-12-31');
    expect(csvFileName('Isu-dheellitirka tijaabada', '', '2026-12-31')).toBe('isu-dheellitirka-tijaabada_2026-12-31');
  });
});

describe('partyText', () => {
  const t = (key: string, o?: Record<string, unknown>) => (o ? `${key}(${Object.values(o).join(',')})` : key);
  it('shows the party by its name, never by its id, and only numbers parties without a register', () => {
    expect(partyText({ partyType: 'customer', partyId: 1, partyName: 'Faadumo Cali' }, t)).toBe('Faadumo Cali');
    expect(partyText({ partyType: 'vendor', partyId: 7, partyName: null }, t)).toBe('finance.journal.partyNumbered(finance.party.vendor,7)');
    expect(partyText({ partyType: null, partyId: null, partyName: null }, t)).toBe('');
  });
});
