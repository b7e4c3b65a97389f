import { describe, expect, it } from 'vitest';
import type { Account } from '@ubo/contracts';
import {
  ATTACHMENT_ACCEPT,
  amountRule,
  bankAccounts,
  checkAttachment,
  chequeAllocation,
  chequeLineAccounts,
  closableDate,
  dayBefore,
  defaultPeriodEnd,
  emptyCheque,
  equityAccounts,
  isChequeNo,
  isPayeeId,
  shortfall,
  toChequeBody,
  toTransferBody,
  transferAccounts,
} from './treasury.logic.ts';

const account = (id: number, code: string, type: Account['type'], subtype: Account['subtype']): Account => ({
  id,
  code,
  name: code,
  nameEn: code,
  nameSo: code,
  type,
  subtype,
  parentId: null,
  currency: 'USD',
  status: 'Active',
  isSystem: false,
  description: null,
  balance: '0.00',
  isUsed: false,
});

const chart = [
  account(1, '1010', 'asset', 'cash'),
  account(2, '1030', 'asset', 'bank'),
  account(3, '1040', 'asset', 'mobile_money'),
  account(4, '1100', 'asset', 'receivable'),
  account(5, '3100', 'equity', 'retained_earnings'),
  account(6, '3010', 'equity', 'capital'),
  account(7, '6100', 'expense', 'operating_expense'),
  account(8, '1035', 'asset', 'bank'),
];

describe('accounts a document may name', () => {
  it('transfers move money between cash, bank and mobile money accounts only', () => {
    expect(transferAccounts(chart).map((a) => a.code)).toEqual(['1010', '1030', '1040', '1035']);
  });
  it('cheques are drawn on bank accounts and pay any other account', () => {
    expect(bankAccounts(chart).map((a) => a.code)).toEqual(['1030', '1035']);
    expect(chequeLineAccounts(chart, 2).map((a) => a.code)).not.toContain('1030');
    expect(chequeLineAccounts(chart, 2)).toHaveLength(chart.length - 1);
  });
  it('a closing moves the result to an equity account', () => {
    expect(equityAccounts(chart).map((a) => a.code)).toEqual(['3100', '3010']);
  });
});

describe('amount rule', () => {
  it('takes positive amounts with at most two decimals', () => {
    expect(amountRule('1250.50')).toBe(true);
    expect(amountRule(' 7 ')).toBe(true);
  });
  it('names what is wrong', () => {
    expect(amountRule('')).toBe('v.required');
    expect(amountRule('0')).toBe('v.positive');
    expect(amountRule('-5')).toBe('ledger.negative');
    expect(amountRule('1.234')).toBe('v.money');
    expect(amountRule('abc')).toBe('v.money');
  });
});

describe('shortfall', () => {
  it('is the part of the amount the balance does not cover', () => {
    expect(shortfall('100.00', '150.10')?.toFixed(2)).toBe('50.10');
    expect(shortfall('-20.00', '5')?.toFixed(2)).toBe('25.00');
  });
  it('is null when the balance covers it or the amount is not valid yet', () => {
    expect(shortfall('100.00', '100')).toBeNull();
    expect(shortfall('100.00', '')).toBeNull();
    expect(shortfall('100.00', '1.234')).toBeNull();
    expect(shortfall(undefined, '5')).toBeNull();
  });
});

describe('transfer body', () => {
  it('trims texts and leaves empty optional ones out', () => {
    expect(toTransferBody({ date: '2026-05-01', fromAccountId: 2, toAccountId: 1, amount: ' 250.50 ', reference: ' ', memo: ' Float ' })).toEqual({
      date: '2026-05-01',
      fromAccountId: 2,
      toAccountId: 1,
      amount: '250.50',
      reference: undefined,
      memo: 'Float',
    });
  });
});

describe('cheque allocation', () => {
  const line = (accountId: number | null, amount: string, memo = '') => ({ accountId, amount, memo });

  it('sums the lines exactly (0.1 + 0.2 is 0.3) and can be saved when nothing remains', () => {
    const a = chequeAllocation('0.30', [line(7, '0.1'), line(4, '0.2')]);
    expect(a.allocated.toFixed(2)).toBe('0.30');
    expect(a.remaining.isZero()).toBe(true);
    expect(a.canSave).toBe(true);
  });
  it('shows what remains to allocate, or the excess as a negative remainder', () => {
    expect(chequeAllocation('1250.50', [line(7, '1000')]).remaining.toFixed(2)).toBe('250.50');
    const over = chequeAllocation('100', [line(7, '60'), line(4, '60')]);
    expect(over.remaining.toFixed(2)).toBe('-20.00');
    expect(over.canSave).toBe(false);
  });
  it('cannot be saved without an amount, without lines, or with an incomplete or invalid line', () => {
    expect(chequeAllocation('', [line(7, '10')]).canSave).toBe(false);
    expect(chequeAllocation('10', [line(null, '', '')]).canSave).toBe(false);
    expect(chequeAllocation('10', [line(null, '10')]).hasIncompleteLine).toBe(true);
    expect(chequeAllocation('10', [line(7, '10'), line(4, '0')]).canSave).toBe(false);
    const invalid = chequeAllocation('10', [line(7, '10.001')]);
    expect(invalid.hasInvalidLine).toBe(true);
    expect(invalid.canSave).toBe(false);
    expect(chequeAllocation('-10', [line(7, '-10')]).canSave).toBe(false);
  });
  it('ignores blank rows', () => {
    const a = chequeAllocation('10', [line(7, '10'), line(null, '')]);
    expect(a.lineCount).toBe(1);
    expect(a.canSave).toBe(true);
  });
});

describe('cheque body', () => {
  it('leaves blank rows out and maps body lines back to form rows', () => {
    const values = {
      ...emptyCheque('2026-05-02', 2),
      payeeName: ' Hodan Supplies ',
      payeeId: '12',
      amount: '300',
      lines: [
        { accountId: null, amount: '', memo: '' },
        { accountId: 7, amount: '200', memo: ' Fuel ' },
        { accountId: 4, amount: '100', memo: '' },
      ],
    };
    const { body, rowOf } = toChequeBody(values);
    expect(rowOf).toEqual([1, 2]);
    expect(body).toEqual({
      bankAccountId: 2,
      chequeNo: undefined,
      date: '2026-05-02',
      payeeType: 'vendor',
      payeeId: '12',
      payeeName: 'Hodan Supplies',
      amount: '300',
      memo: undefined,
      lines: [
        { accountId: 7, amount: '200', memo: 'Fuel' },
        { accountId: 4, amount: '100', memo: undefined },
      ],
    });
  });
  it('sends no payee record for "other" and the cheque number when one is typed', () => {
    const { body } = toChequeBody({ ...emptyCheque('2026-05-02', 2), payeeType: 'other', payeeId: '5', chequeNo: '001001' });
    expect(body.payeeId).toBeUndefined();
    expect(body.chequeNo).toBe('001001');
  });
  it('checks cheque numbers and payee numbers', () => {
    expect(isChequeNo('000123')).toBe(true);
    expect(isChequeNo('9999999999')).toBe(true);
    expect(isChequeNo('10000000000')).toBe(false);
    expect(isChequeNo('0')).toBe(false);
    expect(isChequeNo('12a')).toBe(false);
    expect(isPayeeId('2147483647')).toBe(true);
    expect(isPayeeId('2147483648')).toBe(false);
    expect(isPayeeId('012')).toBe(false);
  });
});

describe('attachments', () => {
  it('takes PDF, images, CSV and XLSX up to 2 MiB', () => {
    expect(checkAttachment({ name: 'receipt.PDF', type: 'application/pdf', size: 1000 })).toBeNull();
    expect(checkAttachment({ name: 'slip.jpg', type: 'image/jpeg', size: 2 * 1024 * 1024 })).toBeNull();
    expect(checkAttachment({ name: 'bank.csv', type: 'application/vnd.ms-excel', size: 10 })).toBeNull();
    expect(checkAttachment({ name: 'bank.csv', type: '', size: 10 })).toBeNull();
    expect(checkAttachment({ name: 'sheet.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', size: 10 })).toBeNull();
  });
  it('refuses other types, a type that does not match the name, empty and too large files', () => {
    expect(checkAttachment({ name: 'notes.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: 10 })).toBe(
      'wrongType',
    );
    expect(checkAttachment({ name: 'tool.exe', type: '', size: 10 })).toBe('wrongType');
    expect(checkAttachment({ name: 'receipt.pdf', type: 'application/x-msdownload', size: 10 })).toBe('wrongType');
    expect(checkAttachment({ name: 'README', type: 'text/plain', size: 10 })).toBe('wrongType');
    expect(checkAttachment({ name: 'empty.pdf', type: 'application/pdf', size: 0 })).toBe('empty');
    expect(checkAttachment({ name: 'big.png', type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe('tooLarge');
  });
  it('offers the same types in the file picker', () => {
    expect(ATTACHMENT_ACCEPT).toContain('.xlsx');
    expect(ATTACHMENT_ACCEPT).toContain('application/pdf');
  });
});

describe('closing dates', () => {
  it('proposes the end of last year while it is open, else yesterday', () => {
    expect(defaultPeriodEnd('2026-11-21', null)).toBe('2025-12-31');
    expect(defaultPeriodEnd('2026-11-21', '2024-12-31')).toBe('2025-12-31');
    expect(defaultPeriodEnd('2026-11-21', '2025-12-31')).toBe('2026-11-20');
    expect(defaultPeriodEnd('2026-01-01', '2025-12-31')).toBe('2026-01-01');
  });
  it('knows the day before, across months and leap years', () => {
    expect(dayBefore('2028-03-01')).toBe('2028-02-29');
    expect(dayBefore('2026-01-01')).toBe('2025-12-31');
  });
  it('closes only after the lock date and not after today', () => {
    expect(closableDate('2025-12-31', '2026-11-21', null)).toBeNull();
    expect(closableDate('2025-12-31', '2026-11-21', '2025-12-31')).toBe('locked');
    expect(closableDate('2026-12-31', '2026-11-21', null)).toBe('future');
    expect(closableDate('2026-02-30', '2026-11-21', null)).toBe('date');
  });
});
