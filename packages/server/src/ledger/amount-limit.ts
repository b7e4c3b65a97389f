// The organisation's per-document maximum (ledger_settings.max_document_amount, migration 0034). The
// ledger enforces it in every posting's own statement (post-journal.ts, post-journal-batch.ts); this file
// reads it for documents that are not postings (budgets) and for the settings screen, sets it, and
// works out the "unusually large" threshold the web asks a confirmation above.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { Decimal, money } from './money.ts';

export const DEFAULT_MAX_DOCUMENT_AMOUNT = '1000000000.00';

/** The organisation's maximum per document (the default when it has no settings row yet). */
export async function readMaxDocumentAmount(tx: Db, clientId: number): Promise<string> {
  const [row] = await queryRows<{ max: string }>(
    tx,
    sql`
    select max_document_amount::text as max from ledger_settings where client_id = ${clientId}`,
  );
  return row ? money(row.max) : DEFAULT_MAX_DOCUMENT_AMOUNT;
}

/** Sets the maximum; answers the one before. A plain update: postings (FOR KEY SHARE) are not blocked. */
export async function setMaxDocumentAmount(tx: Db, clientId: number, amount: string): Promise<string> {
  await tx.execute(sql`insert into ledger_settings (client_id) values (${clientId}) on conflict do nothing`);
  const [row] = await queryRows<{ before: string }>(
    tx,
    sql`
    update ledger_settings s set max_document_amount = ${amount}::numeric, updated_at = now()
    from (select max_document_amount as before from ledger_settings where client_id = ${clientId} for no key update) b
    where s.client_id = ${clientId}
    returning b.before::text as before`,
  );
  return money(row.before);
}

/** How many recent documents make "usual", and how many times the usual amount asks for a confirmation. */
const RECENT_DOCUMENTS = 200;
const UNUSUAL_FACTOR = 10;

/**
 * Per kind of document (the entries' source type: 'journal', 'transfer', ...), the amount above which
 * the web asks "are you sure?" before saving one: ten times the median total of the organisation's
 * latest 200 entries of that kind (reversals left out), never above the maximum. Per kind, because a
 * utility's many small receipts say nothing of a usual bank transfer; the median, not the mean, so one
 * large document does not raise the bar; with no history of the kind yet a tenth of the maximum. The
 * latest are taken by the document's id through the (client_id, source_type, source_id) index, so the
 * read costs 200 index entries whatever the size of the books (general journal entries have no document
 * id and come in the index's order).
 */
export async function readConfirmThresholds<K extends string>(
  tx: Db,
  clientId: number,
  kinds: readonly K[],
  maxAmount: string,
): Promise<Record<K, { typicalAmount: string | null; confirmAbove: string }>> {
  const rows = await queryRows<{ kind: K; median: string | null }>(
    tx,
    sql`
    select k.kind, (
      select percentile_disc(0.5) within group (order by total)::text
      from (
        select total from journal_entries
        where client_id = ${clientId} and source_type = k.kind and reverses_id is null
        order by source_id desc limit ${RECENT_DOCUMENTS}
      ) recent
    ) as median
    from unnest(${`{${kinds.join(',')}}`}::text[]) as k(kind)`,
  );
  const max = new Decimal(maxAmount);
  const out = {} as Record<K, { typicalAmount: string | null; confirmAbove: string }>;
  for (const kind of kinds) {
    const median = rows.find((r) => r.kind === kind)?.median ?? null;
    out[kind] =
      median === null
        ? { typicalAmount: null, confirmAbove: money(max.div(UNUSUAL_FACTOR).toDecimalPlaces(2)) }
        : { typicalAmount: money(median), confirmAbove: money(Decimal.min(new Decimal(median).times(UNUSUAL_FACTOR), max)) };
  }
  return out;
}
