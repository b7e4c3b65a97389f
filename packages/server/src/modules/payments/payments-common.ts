// What the payment services share: the source types their journal entries carry, the accounts money
// is received into (field-checked), row ids reserved before posting (so the entry names its document),
// the lock-order rule before taking a document number, and the credit rule of the migration.
import { sql } from 'drizzle-orm';
import { type Lang, type ReceivingSubtype, receivingSubtypes } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { systemAccountId } from '../../ledger/index.ts';
import { AppError, type FieldError } from '../../plugins/errors.ts';
import { applyPartyCredit } from '../open-items/index.ts';

export const PAYMENT_SOURCE_TYPE = 'payment';
export const CUSTOMER_TRANSFER_SOURCE_TYPE = 'customer-transfer';

export const validationError = (details: FieldError[], key = 'common.validation') => new AppError(400, 'VALIDATION', key, details);

export interface ReceivingAccountInfo {
  id: number;
  code: string;
  nameEn: string;
  nameSo: string;
  subtype: ReceivingSubtype;
  currency: string;
}

export const nameIn = (a: { nameEn: string; nameSo: string }, lang: Lang) => (lang === 'so' ? a.nameSo : a.nameEn);

/** The account a payment is received into, or the field error that says why it cannot be. */
export async function checkReceivingAccount(tx: Db, clientId: number, accountId: number): Promise<ReceivingAccountInfo | FieldError> {
  const [a] = await queryRows<{ id: number; code: string; name_en: string; name_so: string; type: string; subtype: string; status: string; currency: string }>(
    tx,
    sql`
    select id, code, name_en, name_so, type, subtype, status, currency from accounts where client_id = ${clientId} and id = ${accountId}`,
  );
  if (!a) return { field: 'accountId', message: 'ledger.unknownAccount' };
  if (a.type !== 'asset' || !(receivingSubtypes as readonly string[]).includes(a.subtype) || a.status !== 'Active') {
    return { field: 'accountId', message: 'payments.notReceivingAccount' };
  }
  return { id: Number(a.id), code: a.code, nameEn: a.name_en, nameSo: a.name_so, subtype: a.subtype as ReceivingSubtype, currency: a.currency };
}

export const isFieldError = (v: unknown): v is FieldError => typeof v === 'object' && v !== null && 'field' in v && 'message' in v;

/** The ledger's lock-date hold, taken before a document counter is locked (settings row, then counters). */
export { holdLockDate } from '../../ledger/index.ts';

/** Reserves the next id of a table (bigserial), so the journal entry can carry it as source id. */
export async function nextRowId(tx: Db, table: 'payments' | 'payment_batches' | 'customer_transfers'): Promise<number> {
  const [row] = await queryRows<{ id: string | number }>(tx, sql`select nextval(pg_get_serial_sequence(${table}, 'id')) as id`);
  return Number(row.id);
}

/**
 * Lets the customers' waiting credit (unallocated rests of payments) pay their open charges, oldest first,
 * as far as their ledger balance allows (the open items' credit rule, migrations/0036_open_items.sql).
 * Call it after a posting has changed a customer's balance or reopened a bill.
 */
export async function applyCustomerCredit(tx: Db, clientId: number, customerIds: readonly number[]): Promise<void> {
  if (customerIds.length === 0) return;
  const accountId = await systemAccountId(tx, clientId, 'receivable');
  await applyPartyCredit(
    tx,
    clientId,
    customerIds.map((partyId) => ({ partyType: 'customer', partyId, accountId })),
  );
}

/** A unique-index violation (a reference posted twice by two requests at once). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Optional text from a form: blank is "not given". */
export const textOrNull = (value: string | null | undefined): string | null => value?.trim() || null;
