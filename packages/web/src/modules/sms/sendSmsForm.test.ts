import { describe, expect, it } from 'vitest';
import { translate } from '@ubo/contracts';
import { emptySendSmsForm, sendSmsFieldOf, sendSmsFormSchema } from './sendSmsForm.ts';

const t = (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key);
const schema = sendSmsFormSchema(t, 'so');

function issues(values: Partial<typeof emptySendSmsForm>) {
  const parsed = schema.safeParse({ ...emptySendSmsForm, ...values });
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the send screen form', () => {
  it('asks for the recipients of the chosen target and for a message', () => {
    expect(issues({})).toEqual({ customers: 'sms.send.customersRequired', message: translate('v.required', 'en') });
    expect(issues({ target: 'zone', message: 'Hi' })).toEqual({ zoneId: 'sms.send.zoneRequired' });
    expect(issues({ target: 'phones', message: 'Hi' })).toEqual({ phonesText: 'sms.send.phonesRequired' });
    expect(issues({ target: 'phones', phonesText: '0615444001\n12345', message: 'Hi' })).toEqual({
      phonesText: 'sms.send.phonesInvalid {"list":"12345"}',
    });
  });

  it("checks the message with the contracts' schema and makes the body, in the organisation's language by default", () => {
    expect(issues({ target: 'zone', zoneId: 3, message: 'Hi {nope}' }).message).toBeTruthy();
    const parsed = schema.parse({ ...emptySendSmsForm, target: 'phones', phonesText: '0615444001, 0615444002', message: 'Hi {name}' });
    expect(parsed).toEqual({ target: { type: 'phones', phones: ['0615444001', '0615444002'] }, message: 'Hi {name}', language: 'so' });
    expect(schema.parse({ ...emptySendSmsForm, customers: [{ id: 7 } as never], message: 'Hi', language: 'en' })).toEqual({
      target: { type: 'customers', customerIds: [7] },
      message: 'Hi',
      language: 'en',
    });
  });

  it("puts a server field error on its field, a phone's with the entry it concerns", () => {
    expect(sendSmsFieldOf(['target', 'phones', '1'], ['a', 'b'])).toEqual({ field: 'phonesText', prefix: 'b' });
    expect(sendSmsFieldOf(['target', 'customerIds'], [])).toEqual({ field: 'customers' });
    expect(sendSmsFieldOf(['target', 'zoneId'], [])).toEqual({ field: 'zoneId' });
    expect(sendSmsFieldOf(['message'], [])).toEqual({ field: 'message' });
    expect(sendSmsFieldOf(['language'], [])).toBeUndefined();
  });
});
