// Every text must exist in both languages: walks the merged resources (shell + every module) and
// fails on a key present in one language and missing (or not a string) in the other.
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
    const vars = (s: unknown) => [...String(s).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort().join(',');
    const differ = [...en.keys()].filter((k) => so.has(k) && vars(en.get(k)) !== vars(so.get(k)));
    expect(differ).toEqual([]);
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
