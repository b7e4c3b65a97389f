// Puts a new payment (its open item, a credit on the customer's receivable) on the customer's open
// charges: exactly the bills given (each within its open amount, a bill of this customer that is open),
// or else every open charge (bills, and any other document that made the customer owe) oldest first
// until the amount is used. Runs after the payment's entry is posted, so the items it locks (FOR UPDATE)
// are locked in the same order as every other posting (document counter first): no deadlock with a bill run.
import { sql } from 'drizzle-orm';
import type { AllocationInput } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { FieldError } from '../../plugins/errors.ts';
import { allocate } from '../open-items/index.ts';
import { validationError } from './payments-common.ts';

export async function allocatePayment(opts: { tx: Db; clientId: number; itemId: number; allocations?: AllocationInput[] }): Promise<string> {
  const { tx, clientId, itemId } = opts;
  let lines: Array<{ itemId: number; amount: string }> | undefined;
  if (opts.allocations) {
    // Bills chosen by hand: their items (a bill of another customer, or not open, is refused by allocate).
    const ids = JSON.stringify(opts.allocations.map((a) => a.billId));
    const items = await queryRows<{ id: string | number; bill_id: string | number }>(
      tx,
      sql`
      select o.id, o.source_id as bill_id from open_items o
      where o.client_id = ${clientId} and o.source_type = 'bill' and o.party_type = 'customer'
        and o.source_id in (select (json_array_elements_text(${ids}::json))::bigint)`,
    );
    const itemOf = new Map(items.map((r) => [Number(r.bill_id), Number(r.id)]));
    lines = opts.allocations.map((a) => ({ itemId: itemOf.get(a.billId) ?? 0, amount: a.amount }));
  }
  const { settled, refusals } = await allocate(tx, clientId, itemId, lines);
  if (refusals.length > 0) {
    const errors: FieldError[] = refusals.map((r) =>
      r.reason === 'notOpen'
        ? { field: `allocations.${r.index}.billId`, message: 'payments.billNotOpen' }
        : { field: `allocations.${r.index}.amount`, message: `payments.allocationTooLarge|${r.open}` },
    );
    throw validationError(errors);
  }
  return settled;
}
