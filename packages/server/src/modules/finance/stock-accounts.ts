// The inventory accounts that items keep their stock on are the stock's: their balance must equal the
// value of the stock moves (verifyStock). A hand-made entry on one (general journal, cheque) would break
// that, so it is refused on the line's account field: the stock changes through a stock adjustment,
// which moves the stock and posts the same value. Inventory accounts no item uses stay free.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError, type FieldError } from '../../plugins/errors.ts';

/** Which of these accounts hold the stock of some item (one read). */
export async function stockAccountsAmong(tx: Db, accountIds: Iterable<unknown>): Promise<Set<number>> {
  const ids = [...new Set([...accountIds].filter((id): id is number => Number.isSafeInteger(id) && (id as number) > 0))];
  if (ids.length === 0) return new Set();
  const used = await queryRows<{ id: number }>(
    tx,
    sql`select distinct inventory_account_id as id from items where inventory_account_id in (select unnest(${`{${ids.join(',')}}`}::int[]))`,
  );
  return new Set(used.map((r) => Number(r.id)));
}

export async function refuseStockAccounts(tx: Db, lines: ReadonlyArray<{ accountId: number }>, field = (i: number) => `lines.${i}.accountId`): Promise<void> {
  const stock = await stockAccountsAmong(
    tx,
    lines.map((l) => l.accountId),
  );
  if (stock.size === 0) return;
  const errors: FieldError[] = [];
  lines.forEach((l, i) => {
    if (stock.has(l.accountId)) errors.push({ field: field(i), message: 'items.inventoryJournal' });
  });
  throw new AppError(400, 'VALIDATION', 'common.validation', errors);
}
