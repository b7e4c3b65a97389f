// What the treasury services need from the ledger before they post: the accounts a document names
// (type, subtype, status, currency) for field-level checks, the settings-row lock a posting takes
// (taken first, so document counters are locked after it as everywhere), and row ids reserved
// before posting so the journal entry can name its document.
import { sql } from 'drizzle-orm';
import type { AccountSubtype, AccountType, Lang } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError, type FieldError } from '../../plugins/errors.ts';

export interface AccountInfo {
  id: number;
  code: string;
  nameEn: string;
  nameSo: string;
  type: AccountType;
  subtype: AccountSubtype;
  status: string;
  currency: string;
}

export const nameIn = (a: { nameEn: string; nameSo: string }, lang: Lang) => (lang === 'so' ? a.nameSo : a.nameEn);

export const validationError = (details: FieldError[]) => new AppError(400, 'VALIDATION', 'common.validation', details);

/** The organisation's accounts among ids, by id (unknown ids are simply absent). */
export async function readAccounts(tx: Db, clientId: number, ids: number[]): Promise<Map<number, AccountInfo>> {
  const rows = await queryRows<{
    id: number;
    code: string;
    name_en: string;
    name_so: string;
    type: AccountType;
    subtype: AccountSubtype;
    status: string;
    currency: string;
  }>(
    tx,
    sql`select id, code, name_en, name_so, type, subtype, status, currency from accounts
        where client_id = ${clientId} and id in (select (jsonb_array_elements_text(${JSON.stringify([...new Set(ids)])}::jsonb))::int)`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      { id: Number(r.id), code: r.code, nameEn: r.name_en, nameSo: r.name_so, type: r.type, subtype: r.subtype, status: r.status, currency: r.currency },
    ]),
  );
}

/** Reserves the next id of a treasury table (serial), so the journal entry can carry it as source id. */
export async function nextRowId(tx: Db, table: 'transfers' | 'cheques' | 'period_closings'): Promise<number> {
  const [row] = await queryRows<{ id: string | number }>(tx, sql`select nextval(pg_get_serial_sequence(${table}, 'id')) as id`);
  return Number(row.id);
}

/** The database's today (the day the server compares dates with). */
export async function databaseToday(tx: Db): Promise<string> {
  const [row] = await queryRows<{ today: string }>(tx, sql`select to_char(current_date, 'YYYY-MM-DD') as today`);
  return row.today;
}

/** Optional number columns from the database. */
export const optionalNumber = (v: string | number | null) => (v === null ? null : Number(v));

/** Optional text from a form: blank is "not given". */
export const textOrNull = (value: string | null | undefined): string | null => value?.trim() || null;
