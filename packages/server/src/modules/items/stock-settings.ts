// GET/PUT /api/elc/stock-settings: whether stock may go below zero (off unless the organisation says so).
import { sql } from 'drizzle-orm';
import type { StockSettings } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { allowsNegativeStock } from './stock-moves.ts';

export async function readStockSettings(opts: { tx: Db }): Promise<StockSettings> {
  return { allowNegativeStock: await allowsNegativeStock(opts.tx) };
}

export async function saveStockSettings(opts: { tx: Db; actor: Actor; input: StockSettings }): Promise<StockSettings> {
  const { tx, actor, input } = opts;
  const before = await allowsNegativeStock(tx);
  if (before !== input.allowNegativeStock) {
    await tx.execute(sql`
      insert into stock_settings (client_id, allow_negative_stock) values (${actor.clientId}, ${input.allowNegativeStock})
      on conflict (client_id) do update set allow_negative_stock = excluded.allow_negative_stock, updated_at = now()`);
    await writeAudit(tx, actor, { action: 'update', entity: 'stock-settings', before: { allowNegativeStock: before }, after: input });
  }
  return readStockSettings({ tx });
}
