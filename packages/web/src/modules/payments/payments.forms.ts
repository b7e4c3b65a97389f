// Form helpers of the payments screens: their forms check with the contracts' body schemas (zodResolver),
// and a field left empty keeps the screen's own words ("Choose the customer who pays.") rather than the
// schema's general ones ("Field is required.", "Enter a valid amount.").
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { customerTransferBody, paymentBody, paymentCancelBody } from '@ubo/contracts';

/** Whether a form value counts as not filled in. */
const isEmpty = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

/**
 * `resolver` with the message of each field named in `whenEmpty` replaced while that field is empty, and
 * the fields named in `trimmed` read without surrounding spaces (an amount typed as ' 12' is 12).
 */
export function withEmptyMessages<TIn extends FieldValues, C, TOut>(
  resolver: Resolver<TIn, C, TOut>,
  whenEmpty: Partial<Record<keyof TIn & string, string>>,
  trimmed: readonly (keyof TIn & string)[] = [],
): Resolver<TIn, C, TOut> {
  return async (values, context, options) => {
    const input: Record<string, unknown> = { ...values };
    for (const name of trimmed) if (typeof input[name] === 'string') input[name] = input[name].trim();
    const result = await resolver(input as TIn, context, options);
    for (const [name, message] of Object.entries(whenEmpty)) {
      const error = (result.errors as Record<string, { message?: string } | undefined> | undefined)?.[name];
      if (error && message && isEmpty(values[name])) error.message = message;
    }
    return result;
  };
}

/** Receive payment: the contracts' paymentBody (the allocations are checked by the table, not the form). */
export const receivePaymentResolver = withEmptyMessages(
  zodResolver(paymentBody),
  { customerId: 'payments.receive.customerRequired', accountId: 'payments.receive.accountRequired', amount: 'v.required', date: 'v.required' },
  ['amount'],
);

/** Customer balance transfer: the contracts' customerTransferBody. */
export const customerTransferResolver = withEmptyMessages(
  zodResolver(customerTransferBody),
  { fromCustomerId: 'payments.c2c.fromRequired', toCustomerId: 'payments.c2c.toRequired', amount: 'v.required', date: 'v.required' },
  ['amount'],
);

/** Cancelling a payment or a transfer: the contracts' paymentCancelBody. */
export const cancelDocumentResolver = withEmptyMessages(zodResolver(paymentCancelBody), { reason: 'payments.cancel.reasonRequired' });
