// The before/after comparison of a log-sheet entry: one row per key found in either side, marked
// changed when its value differs (deep, by JSON). A side that is not an object (a create has no
// before, a delete no after) counts as empty, so every key it lacks reads as changed.
export interface DiffRow {
  key: string;
  before: unknown;
  after: unknown;
  /** The key exists on that side (an absent key differs from a null value). */
  inBefore: boolean;
  inAfter: boolean;
  changed: boolean;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** A stable text of any JSON value: object keys sorted, so {a,b} equals {b,a}. */
export function stableJson(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}

export function diffValues(before: unknown, after: unknown): DiffRow[] {
  const b = asRecord(before);
  const a = asRecord(after);
  // A value that is not an object (a bare string or number) is compared as one row.
  if ((before !== null && before !== undefined && !b) || (after !== null && after !== undefined && !a)) {
    return [{ key: '', before, after, inBefore: before != null, inAfter: after != null, changed: stableJson(before) !== stableJson(after) }];
  }
  const keys: string[] = [];
  for (const k of Object.keys(b ?? {})) keys.push(k);
  for (const k of Object.keys(a ?? {})) if (!keys.includes(k)) keys.push(k);
  return keys.map((key) => {
    const inBefore = b !== null && key in b;
    const inAfter = a !== null && key in a;
    const bv = inBefore ? b?.[key] : undefined;
    const av = inAfter ? a?.[key] : undefined;
    const changed = inBefore !== inAfter || stableJson(bv) !== stableJson(av);
    return { key, before: bv, after: av, inBefore, inAfter, changed };
  });
}

/** Keys every record carries; their change says nothing about what the user changed. */
const BOOKKEEPING_KEYS = new Set(['id', 'createdAt', 'updatedAt']);

/** The keys whose values changed, for the table's summary column (bookkeeping keys left out). */
export function changedKeys(before: unknown, after: unknown): string[] {
  return diffValues(before, after)
    .filter((r) => r.changed && r.key && !BOOKKEEPING_KEYS.has(r.key))
    .map((r) => r.key);
}
