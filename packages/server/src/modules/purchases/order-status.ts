// An order's received quantities follow its receipts' bills: a receipt adds them, a cancelled bill gives
// them back. The status follows: nothing received -> Approved, some -> PartlyReceived, all -> Received
// (an order closed short or cancelled keeps its status).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export async function addReceived(tx: Db, orderId: number, lines: Array<{ position: number; quantity: string }>, sign: 1 | -1): Promise<void> {
  if (lines.length === 0) return;
  await tx.execute(sql`
    update purchase_order_lines l set received = greatest(l.received + ${sign} * x.quantity, 0)
    from (select position, sum(quantity) as quantity from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(position int, quantity numeric) group by position) x
    where l.order_id = ${orderId} and l.position = x.position`);
  await tx.execute(sql`
    update purchase_orders o set updated_at = now(), status = case
        when not exists (select 1 from purchase_order_lines l where l.order_id = o.id and l.received > 0) then 'Approved'
        when not exists (select 1 from purchase_order_lines l where l.order_id = o.id and l.received < l.quantity) then 'Received'
        else 'PartlyReceived' end
    where o.id = ${orderId} and o.status in ('Approved', 'PartlyReceived', 'Received')`);
}

/** A bill made by a receipt was cancelled: its quantities are expected again. */
export const receiptsCancelled = (tx: Db, orderId: number, lines: Array<{ position: number; quantity: string }>) => addReceived(tx, orderId, lines, -1);
