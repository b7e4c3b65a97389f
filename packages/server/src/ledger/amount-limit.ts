// The organisation's per-document maximum (ledger_settings.max_document_amount, migration 0034). The
// ledger enforces it in every posting's own statement (post-journal.ts, post-journal-batch.ts); this file
// reads it for documents that are not postings (budgets) and for the settings screen, sets it, and
// works out the "unusually large" threshold the web asks a confirmation above.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { CLOSING_SOURCE_TYPE } from './source-types.ts';
import { Decimal, money } from './money.ts';

export const DEFAULT_MAX_DOCUMENT_AMOUNT = '1000000000.00';

/** The organisation's maximum per document (the default when it has no settings row yet). */
export async function readMaxDocumentAmount(tx: Db, clientId: number): Promise<string> {
  const [row] = await queryRows<{ max: string }>(tx, sql`
    select max_document_amount::text as max from ledger_settings where client_id = ${clientId}`);
  return row ? money(row.max) : DEFAULT_MAX_DOCUMENT_AMOUNT;
}

/** Sets the maximum; answers the one before. A plain update: postings (FOR KEY SHARE) are not blocked. */
export async function setMaxDocumentAmount(tx: Db, clientId: number, amount: string): Promise<string> {
  await tx.execute(sql`insert into ledger_settings (client_id) values (${clientId}) on conflict do nothing`);
  const [row] = await queryRows<{ before: string }>(tx, sql`
    update ledger_settings s set max_document_amount = ${amount}::numeric, updated_at = now()
    from (select max_document_amount as before from ledger_settings where client_id = ${clientId} for no key update) b
    where s.client_id = ${clientId}
    returning b.before::text as before`);
  return money(row.before);
}

/** How many recent documents make "usual", and how many times the usual amount asks for a confirmation. */
const RECENT_DOCUMENTS = 200;
const UNUSUAL_FACTOR = 10;

/**
 * The amount above which the web asks "are you sure?" before saving a money document: ten times the
 * median total of the organisation's 200 latest journal entries by date (reversals and year-end closings left
 * out), never above the maximum. The median, not the mean, so one large document does not raise the
 * bar; with no history yet a tenth of the maximum. Answers the typical (median) amount as well.
 */
export async function readConfirmThreshold(tx: Db, clientId: number, maxAmount: string): Promise<{ typicalAmount: string | null; confirmAbove: string }> {
  const [row] = await queryRows<{ median: string | null }>(tx, sql`
    select percentile_disc(0.5) within group (order by total)::text as median
    from (
      select total from journal_entries
      where client_id = ${clientId} and reverses_id is null and source_type <> ${CLOSING_SOURCE_TYPE}
      order by date desc, id desc limit ${RECENT_DOCUMENTS}
    ) recent`);
  const max = new Decimal(maxAmount);
  if (row?.median === null || row?.median === undefined) return { typicalAmount: null, confirmAbove: money(max.div(UNUSUAL_FACTOR).toDecimalPlaces(2)) };
  const threshold = Decimal.min(new Decimal(row.median).times(UNUSUAL_FACTOR), max);
  return { typicalAmount: money(row.median), confirmAbove: money(threshold) };
}
