// Names of the records a page of the log sheet is about, so the screen says "Faadumo Cali" or
// "JV-000012" instead of an id: ONE statement per page, whatever the number of lines. Each (entity, id)
// is looked up in its own table by id under the caller's organisation (row-level security holds as
// well); a record deleted since keeps the name its audit line recorded (before/after `name`, ...).
// Entities without a nameable record (sessions, settings) get null.
import { sql } from 'drizzle-orm';
import { CUSTOMER_TRANSFER_SERIES, type Lang, RECEIPT_SERIES } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { TRANSFER_SERIES } from '../treasury/index.ts';

/** A document number as printed (documentNumber in the ledger): series, dash, six digits. */
const numbered = (series: string, column: string) => `'${series}-' || lpad(${column}::text, 6, '0')`;

/**
 * entity -> SQL expression of the record's name over table alias `t`, and the table. Only constant SQL
 * (no user value) is spliced; the ids and the organisation are bound.
 */
const lookups = (lang: Lang): Record<string, { table: string; name: string }> => ({
  user: { table: 'users', name: 't.fullname' },
  profile: { table: 'users', name: 't.fullname' },
  role: { table: 'roles', name: 't.name' },
  branch: { table: 'branches', name: 't.name' },
  city: { table: 'cities', name: 't.name' },
  category: { table: 'categories', name: 't.name' },
  unit: { table: 'units', name: 't.name' },
  zone: { table: 'zones', name: 't.name' },
  tariff: { table: 'tariffs', name: 't.name' },
  note: { table: 'notes', name: 't.title' },
  account: { table: 'accounts', name: `t.code || ' · ' || t.${lang === 'so' ? 'name_so' : 'name_en'}` },
  'journal-entry': { table: 'journal_entries', name: `t.series || '-' || lpad(t.entry_no::text, 6, '0')` },
  customer: { table: 'customers', name: `t.customer_no || ' · ' || t.name` },
  house: { table: 'houses', name: `coalesce(t.house_no || ' · ', '') || (select c.name from customers c where c.id = t.customer_id)` },
  meter: { table: 'meters', name: 't.meter_no' },
  reading: { table: 'meter_readings', name: `(select m.meter_no from meters m where m.id = t.meter_id) || ' · ' || t.period` },
  payment: { table: 'payments', name: numbered(RECEIPT_SERIES, 't.receipt_no') },
  'customer-transfer': { table: 'customer_transfers', name: numbered(CUSTOMER_TRANSFER_SERIES, 't.transfer_no') },
  transfer: { table: 'transfers', name: numbered(TRANSFER_SERIES, 't.transfer_no') },
  cheque: { table: 'cheques', name: `t.cheque_no::text || ' · ' || t.payee_name` },
  'bill-run': { table: 'bill_runs', name: 't.period' },
});

/** Keys a recorded value names its record by, in order of preference. */
const RECORDED_NAME_KEYS = ['name', 'fullname', 'title', 'number', 'customerNo', 'meterNo', 'period'];

function recordedName(...values: unknown[]): string | null {
  for (const value of values) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
    const record = value as Record<string, unknown>;
    for (const key of RECORDED_NAME_KEYS) {
      const v = record[key];
      if ((typeof v === 'string' && v.trim() !== '') || typeof v === 'number') return String(v);
    }
  }
  return null;
}

const ID = /^[1-9]\d{0,17}$/;

export interface NameableLine {
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

/** The name of each line's record, by line index (null where none can be told). */
export async function recordNames(opts: { tx: Db; clientId: number; lang: Lang; lines: NameableLine[] }): Promise<(string | null)[]> {
  const { tx, clientId, lang, lines } = opts;
  const table = lookups(lang);
  const wanted = new Map<string, Set<string>>();
  for (const l of lines) {
    if (!l.entityId || !ID.test(l.entityId) || !table[l.entity]) continue;
    const ids = wanted.get(l.entity) ?? new Set<string>();
    ids.add(l.entityId);
    wanted.set(l.entity, ids);
  }
  const found = new Map<string, string>();
  if (wanted.size > 0) {
    const parts = [...wanted].map(([entity, ids]) => {
      const { table: name, name: label } = table[entity];
      return sql`select ${entity}::text as entity, t.id::text as id, (${sql.raw(label)})::text as name
        from ${sql.raw(name)} t
        where t.client_id = ${clientId} and t.id in (select (jsonb_array_elements_text(${JSON.stringify([...ids])}::jsonb))::bigint)`;
    });
    const rows = await queryRows<{ entity: string; id: string; name: string | null }>(tx, sql.join(parts, sql` union all `));
    for (const r of rows) if (r.name) found.set(`${r.entity}:${r.id}`, r.name);
  }
  return lines.map((l) => (l.entityId && found.get(`${l.entity}:${l.entityId}`)) || recordedName(l.after, l.before));
}
