import { describe, expect, it } from 'vitest';
import type { SmsSettings } from '@ubo/contracts';
import { gatewayBodyOf, gatewayFormSchema, toForm } from './gatewayForm.ts';

const stored: SmsSettings = {
  provider: 'outbox',
  url: null,
  method: 'POST',
  authHeaderName: null,
  hasAuthSecret: true,
  authSecretMasked: '••••••c9f2',
  contentType: 'application/json',
  bodyTemplate: null,
  senderId: null,
  maxAttempts: 3,
  defaultLanguage: 'en',
  updatedAt: null,
};

function issues(values: Partial<ReturnType<typeof toForm>>) {
  const parsed = gatewayFormSchema.safeParse({ ...toForm(stored), ...values });
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the gateway settings form', () => {
  it("checks the values with the contracts' smsSettingsBody, each issue on its field", () => {
    expect(issues({})).toEqual({});
    expect(issues({ provider: 'http' })).toEqual({ url: 'sms.urlRequired' });
    expect(issues({ provider: 'http', url: 'https://sms.example/v1', authHeaderName: 'X Api' })).toEqual({ authHeaderName: 'sms.headerName' });
  });

  it('keeps, removes or replaces the stored secret', () => {
    expect(gatewayBodyOf(toForm(stored)).authSecret).toBeUndefined();
    expect(gatewayBodyOf({ ...toForm(stored), removeSecret: true }).authSecret).toBeNull();
    expect(gatewayBodyOf({ ...toForm(stored), authSecret: 'k' })).toMatchObject({ authSecret: 'k', maxAttempts: 3 });
  });
});
