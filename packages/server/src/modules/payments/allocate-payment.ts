// Puts a new payment (its open item, a credit on the customer's receivable) on the customer's open
// charges. By hand, each line names a bill (the Receive payment screen: exactly the bills given, the rest
// waits as credit) or any open charge of the customer by its open item (a bill's, an opening balance's,
// a transfer's, an invoice's: those first, the rest to the oldest open charges, then credit). Every line
// is checked (field errors: not this customer's charge, not open, more than is left on it, more than the
// payment in all) before anything is written. Without lines every open charge is paid oldest first until
// the amount is used. Runs after the payment's entry is posted, so the items it locks (FOR UPDATE) are
// locked in the same order as every other posting (document counter first): no deadlock with a bill run.
import { sql } from 'drizzle-orm';
import { type AllocationInput, bdec } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { FieldError } from '../../plugins/errors.ts';
import { type AllocationLine, allocate, getOpenItem } from '../open-items/index.ts';
import { validationError } from './payments-common.ts';

interface ChosenItem {
  id: string | number;
  source_id: string | number;
  source_type: string;
  party_type: string;
  party_id: number;
  account_id: number;
  side: string;
  status: string;
  open: string;
}

export async function allocatePayment(opts: { tx: Db; clientId: number; itemId: number; allocations?: AllocationInput[] }): Promise<string> {
  const { tx, clientId, itemId } = opts;
  if (!opts.allocations) return (await allocate(tx, clientId, itemId)).settled;
  const payment = await getOpenItem(tx, clientId, itemId);
  if (!payment) throw new Error(`Open item ${itemId} does not exist`);
  const allocations = opts.allocations;
  const billIds = JSON.stringify(allocations.flatMap((a) => (a.billId !== undefined ? [a.billId] : [])));
  const itemIds = JSON.stringify(allocations.flatMap((a) => (a.openItemId !== undefined ? [a.openItemId] : [])));
  // The items the lines name (a bill by its own item), read without locking: allocate locks and checks again.
  const found = await queryRows<ChosenItem>(
    tx,
    sql`
    select id, source_id, source_type, party_type, party_id, account_id, side, status, (amount - settled)::text as open from open_items
    where client_id = ${clientId}
      and ((source_type = 'bill' and party_type = 'customer' and source_id in (select (json_array_elements_text(${billIds}::json))::bigint))
           or id in (select (json_array_elements_text(${itemIds}::json))::bigint))`,
  );
  const billItem = new Map(found.filter((r) => r.source_type === 'bill').map((r) => [Number(r.source_id), r]));
  const byId = new Map(found.map((r) => [Number(r.id), r]));
  const isCharge = (r: ChosenItem) =>
    r.party_type === 'customer' && Number(r.party_id) === payment.partyId && Number(r.account_id) === payment.accountId && r.side !== payment.side;

  const errors: FieldError[] = [];
  const lines: AllocationLine[] = [];
  const used = new Set<number>();
  let total = bdec(0);
  allocations.forEach((a, i) => {
    total = total.plus(a.amount);
    if (a.billId !== undefined) {
      const r = billItem.get(a.billId);
      if (!r || !isCharge(r) || r.status !== 'Open' || bdec(r.open).lte(0)) errors.push({ field: `allocations.${i}.billId`, message: 'payments.billNotOpen' });
      else if (bdec(a.amount).gt(r.open)) errors.push({ field: `allocations.${i}.amount`, message: `payments.allocationTooLarge|${bdec(r.open).toFixed(2)}` });
      else if (used.has(Number(r.id))) errors.push({ field: `allocations.${i}.billId`, message: 'payments.allocationRepeated' });
      else lines.push({ itemId: Number(r.id), amount: a.amount });
      if (r) used.add(Number(r.id));
      return;
    }
    const id = Number(a.openItemId);
    const r = byId.get(id);
    if (!r || !isCharge(r)) errors.push({ field: `allocations.${i}.openItemId`, message: 'payments.itemNotCustomers' });
    else if (r.status !== 'Open' || bdec(r.open).lte(0)) errors.push({ field: `allocations.${i}.openItemId`, message: 'payments.itemNotOpen' });
    else if (bdec(a.amount).gt(r.open))
      errors.push({ field: `allocations.${i}.amount`, message: `payments.itemAllocationTooLarge|${bdec(r.open).toFixed(2)}` });
    else if (used.has(id)) errors.push({ field: `allocations.${i}.openItemId`, message: 'payments.itemRepeated' });
    else lines.push({ itemId: id, amount: a.amount });
    used.add(id);
  });
  // The body's schema says so too; this guards the callers that do not come through it (batch, seed).
  if (total.gt(payment.open)) errors.push({ field: 'allocations', message: 'payments.allocationExceeds' });
  if (errors.length > 0) throw validationError(errors);

  const { settled, refusals } = await allocate(tx, clientId, itemId, lines);
  if (refusals.length > 0) {
    // Paid or cancelled by another request between the check and the lock.
    throw validationError(
      refusals.map((r) => {
        const named = allocations[r.index].billId !== undefined ? 'billId' : 'openItemId';
        return r.reason === 'notOpen'
          ? { field: `allocations.${r.index}.${named}`, message: named === 'billId' ? 'payments.billNotOpen' : 'payments.itemNotOpen' }
          : { field: `allocations.${r.index}.amount`, message: `payments.allocationTooLarge|${r.open}` };
      }),
    );
  }
  // Lines naming open items: the rest of the payment goes to the oldest open charges, then waits as credit.
  if (allocations.some((a) => a.openItemId !== undefined)) return (await allocate(tx, clientId, itemId)).settled;
  return settled;
}
