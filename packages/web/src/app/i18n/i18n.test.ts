// Every text must exist in both languages: walks the merged resources (shell + every module) and
// fails on a key present in one language and missing (or not a string) in the other.
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { messages } from '@ubo/contracts';
import { mergeResources, moduleTexts, resources } from './resources.ts';

function leaves(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

describe('translations', () => {
  const en = leaves(resources.en);
  const so = leaves(resources.so);

  it('has every English key in Somali', () => {
    const missing = [...en.keys()].filter((k) => !so.has(k));
    expect(missing).toEqual([]);
  });

  it('has every Somali key in English', () => {
    const missing = [...so.keys()].filter((k) => !en.has(k));
    expect(missing).toEqual([]);
  });

  it('has only non-empty strings', () => {
    const bad = [...en, ...so].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(bad).toEqual([]);
  });

  it('keeps the same {{placeholders}} in both languages', () => {
    const vars = (s: unknown) =>
      [...String(s).matchAll(/\{\{(\w+)\}\}/g)]
        .map((m) => m[1])
        .sort()
        .join(',');
    const differ = [...en.keys()].filter((k) => so.has(k) && vars(en.get(k)) !== vars(so.get(k)));
    expect(differ).toEqual([]);
  });

  it('words every count with i18next plural keys (_one and _other) in both languages', () => {
    const bad: string[] = [];
    for (const [lang, texts] of [
      ['en', en],
      ['so', so],
    ] as const) {
      for (const [key, value] of texts) {
        if (!String(value).includes('{{count}}')) continue;
        const base = key.replace(/_(one|other)$/, '');
        if (base === key || !texts.has(`${base}_one`) || !texts.has(`${base}_other`)) bad.push(`${lang}: ${key}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('says "1 open bill" and "2 open bills"', () => {
    const i18n = createInstance();
    void i18n.init({
      resources: { en: { translation: resources.en }, so: { translation: resources.so } },
      lng: 'en',
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    expect(i18n.t('payments.receive.openBillsCount', { count: 1, amount: '5.00' })).toBe('1 open charge, 5.00');
    expect(i18n.t('payments.receive.openBillsCount', { count: 2, amount: '5.00' })).toBe('2 open charges, 5.00');
    expect(i18n.t('dashboard.screensCount', { count: 1 })).toBe('1 screen');
    expect(i18n.t('payments.receive.openBillsCount', { lng: 'so', count: 1, amount: '5.00' })).toBe('1 deyn oo furan, 5.00');
    expect(i18n.t('dashboard.screensCount', { lng: 'so', count: 47 })).toBe('47 shaashadood');
  });

  it('registers module texts under their own name only', () => {
    for (const name of Object.keys(moduleTexts)) {
      expect(resources.en[name]).toBe(moduleTexts[name].en);
      expect(resources.so[name]).toBe(moduleTexts[name].so);
    }
    expect(() => mergeResources({ common: { en: {}, so: {} } })).toThrow();
  });

  it('has Somali for every server message key', () => {
    for (const [key, m] of Object.entries(messages)) {
      expect(m.so, key).toBeTruthy();
      expect(m.en, key).toBeTruthy();
    }
  });
});
