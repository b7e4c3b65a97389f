import { describe, expect, it } from 'vitest';
import { counterText, describeSmsError, readPhoneList } from './sms.logic.ts';

const t = (key: string, values?: Record<string, unknown>) => `${key}${values ? ` ${JSON.stringify(values)}` : ''}`;

describe('sms logic', () => {
  it('reads a pasted phone list: numbers normalised once each, invalid entries kept as typed', () => {
    expect(readPhoneList('0615123456, +252615123456\n617000001;;12 34\n\n abc ')).toEqual({
      entries: ['0615123456', '+252615123456', '617000001', '12 34', 'abc'],
      numbers: ['+252615123456', '+252617000001'],
      invalid: ['12 34', 'abc'],
    });
  });

  it('counts characters and parts', () => {
    expect(counterText('a'.repeat(161), t)).toBe('sms.counter {"characters":161,"parts":2,"perPart":153}');
    expect(counterText('💧', t)).toBe('sms.counterUnicode {"characters":2,"parts":1,"perPart":70}');
  });

  it('puts the gateway error codes in words', () => {
    expect(describeSmsError('timeout', t)).toBe('sms.report.error.timeout');
    expect(describeSmsError('network: ECONNREFUSED', t)).toBe('sms.report.error.network {"detail":"ECONNREFUSED"}');
    expect(describeSmsError('http 500: upstream down', t)).toBe('sms.report.error.http {"status":"500","detail":"upstream down"}');
    expect(describeSmsError(null, t)).toBe('');
  });
});
