// The settings screens' pure logic: the log sheet's before/after comparison and the image check.
import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { fieldLabel, humanise, labelKey, logActions, logEntities, recordLabel, userLabel } from './logLabels.ts';
import { en, so } from './settings.i18n.ts';
import { MAX_IMAGE_BYTES } from '@ubo/contracts';
import { checkImageFile, formatFileSize } from './imageFile.ts';
import { changedKeys, diffValues, stableJson } from './logDiff.ts';

describe('diffValues', () => {
  it('marks only the keys whose values differ', () => {
    const rows = diffValues({ name: 'Hargeisa', region: null, status: 'Active' }, { name: 'Hargeysa', region: null, status: 'Active' });
    expect(rows.map((r) => [r.key, r.changed])).toEqual([
      ['name', true],
      ['region', false],
      ['status', false],
    ]);
  });

  it('treats a create (no before) and a delete (no after) as every key changed', () => {
    expect(diffValues(null, { name: 'Kg', abbreviation: 'kg' }).every((r) => r.changed && !r.inBefore && r.inAfter)).toBe(true);
    expect(diffValues({ name: 'Kg' }, null)).toEqual([{ key: 'name', before: 'Kg', after: undefined, inBefore: true, inAfter: false, changed: true }]);
  });

  it('tells an absent key from a null one and keeps the order of first appearance', () => {
    const rows = diffValues({ fileId: null }, { fileId: 'f1', filename: 'logo.png' });
    expect(rows.map((r) => r.key)).toEqual(['fileId', 'filename']);
    expect(rows[1]).toMatchObject({ inBefore: false, inAfter: true, changed: true });
  });

  it('compares nested values deeply, whatever the key order', () => {
    expect(diffValues({ p: { a: 1, b: [1, 2] } }, { p: { b: [1, 2], a: 1 } })[0].changed).toBe(false);
    expect(diffValues({ p: ['x', 'y'] }, { p: ['y', 'x'] })[0].changed).toBe(true);
    expect(stableJson({ b: 1, a: { d: 2, c: 3 } })).toBe('{"a":{"c":3,"d":2},"b":1}');
  });

  it('compares bare values as one row and ignores entries with nothing recorded', () => {
    expect(diffValues('a', 'b')).toEqual([{ key: '', before: 'a', after: 'b', inBefore: true, inAfter: true, changed: true }]);
    expect(diffValues(null, null)).toEqual([]);
    expect(changedKeys({ status: 'Active' }, { status: 'Inactive' })).toEqual(['status']);
    expect(changedKeys({ id: 1, name: 'a', updatedAt: 'x' }, { id: 1, name: 'b', updatedAt: 'y' })).toEqual(['name']);
    expect(changedKeys(null, { id: 2, name: 'Kg', createdAt: 'x' })).toEqual(['name']);
  });
});

describe('checkImageFile', () => {
  it('accepts PNG, JPEG and WEBP up to 2 MiB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      expect(checkImageFile({ name: 'a', type, size: MAX_IMAGE_BYTES })).toBeNull();
    }
  });

  it('refuses other types and larger files, naming the file and its size', () => {
    expect(checkImageFile({ name: 'logo.gif', type: 'image/gif', size: 10 })?.key).toBe('settings.images.wrongType');
    expect(checkImageFile({ name: 'logo.svg', type: 'image/svg+xml', size: 10 })?.key).toBe('settings.images.wrongType');
    const big = checkImageFile({ name: 'big.png', type: 'image/png', size: MAX_IMAGE_BYTES + 1 });
    expect(big).toEqual({ key: 'settings.images.tooLarge', values: { name: 'big.png', size: '2.1 MB' } });
    expect(formatFileSize(3 * 1024 * 1024 + 300 * 1024, 'en-GB')).toBe('3.3 MB');
    expect(formatFileSize(2048, 'en-GB')).toBe('2 KB');
  });
});

describe('log sheet labels', () => {
  it('names the record by what the server resolved, a number id as it is, never a long technical id', () => {
    expect(recordLabel({ entityId: '12', recordName: 'JV-000012' })).toBe('JV-000012');
    expect(recordLabel({ entityId: '987654', recordName: null })).toBe('#987654');
    expect(recordLabel({ entityId: '8d3f2a1c-0000-4000-8000-000000000000', recordName: null })).toBe('');
    expect(userLabel({ userName: 'Cali Nuur', username: 'cali' })).toBe('Cali Nuur');
    expect(userLabel({ userName: null, username: 'cali' })).toBe('cali');
    expect(userLabel({ userName: null, username: null })).toBeNull();
  });

  it('humanises a field no label map knows, instead of showing it raw', () => {
    expect(humanise('meterDigits')).toBe('Meter digits');
    expect(humanise('bill-run_job')).toBe('Bill run job');
    const t = ((_key: string, o: { defaultValue: string }) => o.defaultValue) as unknown as TFunction;
    expect(fieldLabel(t, 'authSecretHint')).toBe('Auth secret hint');
  });

  it('has an English and a Somali label for every action and entity the filter offers', () => {
    for (const texts of [en, so]) {
      for (const a of logActions) expect(texts.logSheet.actions, a).toHaveProperty([a]);
      for (const e of logEntities) expect(texts.logSheet.entities, e).toHaveProperty([labelKey(e)]);
    }
    expect(so.logSheet.entities.customer).not.toBe(en.logSheet.entities.customer);
  });
});
