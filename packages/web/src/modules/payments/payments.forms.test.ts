import { describe, expect, it } from 'vitest';
import { cancelDocumentResolver, customerTransferResolver, receivePaymentResolver } from './payments.forms.ts';
import { emptyReceipt } from './payments.logic.ts';

const options = { fields: {}, shouldUseNativeValidation: false } as const;
const messagesOf = (errors: object) => Object.fromEntries(Object.entries(errors).map(([name, e]) => [name, (e as { message?: string }).message]));

describe('payments forms check with the contracts and keep the screens’ words', () => {
  it('Receive payment: an empty form names what is missing', async () => {
    const result = await receivePaymentResolver(emptyReceipt('2025-06-10'), undefined, options);
    expect(messagesOf(result.errors)).toEqual({
      customerId: 'payments.receive.customerRequired',
      accountId: 'payments.receive.accountRequired',
      amount: 'v.required',
    });
  });

  it('Receive payment: amounts, the reference unless cash, and the checked body', async () => {
    const base = { ...emptyReceipt('2025-06-10'), customerId: 7, accountId: 3 };
    expect(messagesOf((await receivePaymentResolver({ ...base, amount: '0' }, undefined, options)).errors)).toEqual({ amount: 'v.positive' });
    expect(messagesOf((await receivePaymentResolver({ ...base, amount: '1,5' }, undefined, options)).errors)).toEqual({ amount: 'v.money' });
    expect(messagesOf((await receivePaymentResolver({ ...base, amount: '5', method: 'bank' }, undefined, options)).errors)).toEqual({
      reference: 'payments.referenceRequired',
    });
    const ok = await receivePaymentResolver({ ...base, amount: ' 12.5 ', reference: ' EVC-1 ' }, undefined, options);
    expect(ok.errors).toEqual({});
    expect(ok.values).toMatchObject({ customerId: 7, accountId: 3, amount: '12.5', reference: 'EVC-1', memo: '' });
  });

  it('Customer transfer: both customers, and two different ones', async () => {
    const empty = { fromCustomerId: null, toCustomerId: null, amount: '', date: '2025-06-10', memo: '' };
    expect(messagesOf((await customerTransferResolver(empty, undefined, options)).errors)).toEqual({
      fromCustomerId: 'payments.c2c.fromRequired',
      toCustomerId: 'payments.c2c.toRequired',
      amount: 'v.required',
    });
    const same = await customerTransferResolver({ ...empty, fromCustomerId: 4, toCustomerId: 4, amount: '3' }, undefined, options);
    expect(messagesOf(same.errors)).toEqual({ toCustomerId: 'c2c.sameCustomer' });
  });

  it('Cancel: a reason is required; the date may stay empty', async () => {
    expect(messagesOf((await cancelDocumentResolver({ reason: '  ', date: '' }, undefined, options)).errors)).toEqual({
      reason: 'payments.cancel.reasonRequired',
    });
    expect((await cancelDocumentResolver({ reason: ' paid twice ', date: '' }, undefined, options)).values).toEqual({ reason: 'paid twice', date: undefined });
  });
});
