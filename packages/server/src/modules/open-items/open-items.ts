// The party subledger (migration 0036): what a module calls when one of its documents makes a party owe
// or be owed (addOpenItems), when money or a credit document settles such items (allocate, by hand or
// oldest first), when a settling document is cancelled (cancelOpenItem) and after any posting that changes
// a party's balance (applyPartyCredit: waiting credit pays open charges). Everything runs in the caller's
// transaction, after the document's journal entry is posted (entry, then items: the lock order of every
// posting). Charges are items on the control account's normal side (debit for receivables and advances,
// credit for payables); the items on the other side settle them.
import { sql } from 'drizzle-orm';
import { type PartyType, bdec, billMoney, proposeAllocation } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export type ItemSide = 'debit' | 'credit';

/** One party on one control account: whose items, where. */
export interface PartyAccount {
  partyType: PartyType;
  partyId: number;
  accountId: number;
}

export interface NewOpenItem extends PartyAccount {
  /** The side the document posts the party's share on the control account. */
  side: ItemSide;
  /** bill, payment, invoice, credit-note, vendor-bill, vendor-payment, advance, repayment, ... */
  kind: string;
  /** The document as its journal entry names it. */
  sourceType: string;
  sourceId: number;
  /** The document number as printed. */
  number: string;
  date: string;
  /** Defaults to the date (due at once). */
  dueDate?: string;
  amount: string;
  journalEntryId?: number | null;
}

export interface OpenItem extends PartyAccount {
  id: number;
  side: ItemSide;
  kind: string;
  sourceType: string;
  sourceId: number;
  number: string;
  date: string;
  dueDate: string;
  amount: string;
  settled: string;
  open: string;
  status: 'Open' | 'Cancelled';
}

interface ItemRow {
  id: string | number;
  party_type: PartyType;
  party_id: number;
  account_id: number;
  side: ItemSide;
  kind: string;
  source_type: string;
  source_id: string | number;
  number: string;
  date: string;
  due_date: string;
  amount: string;
  settled: string;
  status: 'Open' | 'Cancelled';
}

const columns = sql`id, party_type, party_id, account_id, side, kind, source_type, source_id, number, date::text as date,
  due_date::text as due_date, amount::text as amount, settled::text as settled, status`;

function toItem(r: ItemRow): OpenItem {
  return {
    id: Number(r.id),
    partyType: r.party_type,
    partyId: Number(r.party_id),
    accountId: Number(r.account_id),
    side: r.side,
    kind: r.kind,
    sourceType: r.source_type,
    sourceId: Number(r.source_id),
    number: r.number,
    date: r.date,
    dueDate: r.due_date,
    amount: billMoney(r.amount),
    settled: billMoney(r.settled),
    open: billMoney(bdec(r.amount).minus(r.settled)),
    status: r.status,
  };
}

export const otherSide = (side: ItemSide): ItemSide => (side === 'debit' ? 'credit' : 'debit');

/** The side charges post on an account: its normal side (debit for assets and expenses). */
export async function chargeSide(tx: Db, clientId: number, accountId: number): Promise<ItemSide> {
  const [a] = await queryRows<{ type: string }>(tx, sql`select type from accounts where client_id = ${clientId} and id = ${accountId}`);
  if (!a) throw new Error(`Account ${accountId} does not exist in organisation ${clientId}`);
  return a.type === 'asset' || a.type === 'expense' ? 'debit' : 'credit';
}

/** Writes documents' items in one statement; answers their ids in the order given. A new charge takes waiting credit at commit. */
export async function addOpenItems(tx: Db, clientId: number, items: readonly NewOpenItem[]): Promise<number[]> {
  if (items.length === 0) return [];
  const payload = JSON.stringify(
    items.map((it, k) => ({
      k,
      pt: it.partyType,
      p: it.partyId,
      a: it.accountId,
      s: it.side,
      kd: it.kind,
      st: it.sourceType,
      si: it.sourceId,
      n: it.number,
      d: it.date,
      dd: it.dueDate ?? it.date,
      am: it.amount,
      e: it.journalEntryId ?? null,
    })),
  );
  const rows = await queryRows<{ id: string | number; k: number }>(
    tx,
    sql`
    insert into open_items (client_id, party_type, party_id, account_id, side, kind, source_type, source_id, number, date, due_date, amount, journal_entry_id)
    select ${clientId}, x.pt, x.p, x.a, x.s, x.kd, x.st, x.si, x.n, x.d, x.dd, x.am, x.e
    from json_to_recordset(${payload}::json) as x(k int, pt text, p int, a int, s text, kd text, st text, si bigint, n text, d date, dd date, am numeric, e bigint)
    order by x.k
    returning id`,
  );
  return rows.map((r) => Number(r.id));
}

/** One item, or undefined. */
export async function getOpenItem(tx: Db, clientId: number, id: number): Promise<OpenItem | undefined> {
  const [row] = await queryRows<ItemRow>(tx, sql`select ${columns} from open_items where client_id = ${clientId} and id = ${id}`);
  return row ? toItem(row) : undefined;
}

/** The item of a document (by its source type and id) for a party, or undefined. */
export async function openItemOfDocument(tx: Db, clientId: number, sourceType: string, sourceId: number): Promise<OpenItem | undefined> {
  const [row] = await queryRows<ItemRow>(
    tx,
    sql`
    select ${columns} from open_items where client_id = ${clientId} and source_type = ${sourceType} and source_id = ${sourceId}
    order by id limit 1`,
  );
  return row ? toItem(row) : undefined;
}

/** A party's unsettled items on one side of an account, oldest first (date, then id): the order allocations pay them in. */
export async function unsettledItems(
  tx: Db,
  clientId: number,
  party: PartyAccount,
  side: ItemSide,
  opts: { forUpdate?: boolean; kind?: string } = {},
): Promise<OpenItem[]> {
  const rows = await queryRows<ItemRow>(
    tx,
    sql`
    select ${columns} from open_items
    where client_id = ${clientId} and account_id = ${party.accountId} and side = ${side} and party_type = ${party.partyType}
      and party_id = ${party.partyId} and status = 'Open' and settled < amount ${opts.kind ? sql`and kind = ${opts.kind}` : sql``}
    order by date, id ${opts.forUpdate ? sql`for update` : sql``}`,
  );
  return rows.map(toItem);
}

export interface AllocationLine {
  itemId: number;
  amount: string;
}

/** Why a line of a hand-made allocation cannot be made: the index of the line and the reason. */
export type AllocationRefusal = { index: number; reason: 'notOpen' } | { index: number; reason: 'tooLarge'; open: string };

/**
 * Allocates a settling (or charge) item against items of the other side of the same party and account:
 * exactly the lines given, each within the target's open amount, or, without lines, oldest first until
 * the item's free amount is used. Locks the targets (FOR UPDATE) after the caller's entry was posted.
 * Answers the item's settled amount after, or the refusals (nothing written then).
 */
export async function allocate(
  tx: Db,
  clientId: number,
  itemId: number,
  lines?: readonly AllocationLine[],
): Promise<{ settled: string; refusals: AllocationRefusal[] }> {
  const item = await getOpenItem(tx, clientId, itemId);
  if (item?.status !== 'Open') throw new Error(`Open item ${itemId} is not open`);
  const targets = await unsettledItems(tx, clientId, item, otherSide(item.side), { forUpdate: true });
  let plan: AllocationLine[];
  if (lines) {
    const byId = new Map(targets.map((t) => [t.id, t]));
    const refusals: AllocationRefusal[] = [];
    lines.forEach((l, index) => {
      const t = byId.get(l.itemId);
      if (!t) refusals.push({ index, reason: 'notOpen' });
      else if (bdec(l.amount).gt(t.open)) refusals.push({ index, reason: 'tooLarge', open: t.open });
    });
    if (refusals.length > 0) return { settled: item.settled, refusals };
    plan = lines.map((l) => ({ itemId: l.itemId, amount: billMoney(l.amount) }));
  } else {
    const { amounts } = proposeAllocation(
      targets.map((t) => t.open),
      item.open,
    );
    plan = targets.map((t, i) => ({ itemId: t.id, amount: amounts[i] }));
  }
  plan = plan.filter((p) => bdec(p.amount).gt(0));
  if (plan.length === 0) return { settled: item.settled, refusals: [] };
  const total = plan.reduce((s, p) => s.plus(p.amount), bdec(0));
  const payload = JSON.stringify(plan);
  const isDebit = item.side === 'debit';
  await tx.execute(sql`
    insert into open_item_allocations (client_id, party_type, party_id, account_id, debit_item_id, credit_item_id, amount, date)
    select ${clientId}, ${item.partyType}, ${item.partyId}, ${item.accountId}, ${isDebit ? sql`${itemId}::bigint` : sql`x."itemId"`}, ${isDebit ? sql`x."itemId"` : sql`${itemId}::bigint`}, x.amount,
           greatest(t.date, ${item.date}::date)
    from json_to_recordset(${payload}::json) as x("itemId" bigint, amount numeric)
    join open_items t on t.client_id = ${clientId} and t.id = x."itemId"
    on conflict (debit_item_id, credit_item_id) do update set amount = open_item_allocations.amount + excluded.amount`);
  // The targets and the item in one statement: the documents' mirrors follow once.
  const [row] = await queryRows<{ settled: string }>(
    tx,
    sql`
    with x as (
      select "itemId" as id, amount from json_to_recordset(${payload}::json) as x("itemId" bigint, amount numeric)
      union all select ${itemId}::bigint, ${billMoney(total)}::numeric
    ), updated as (
      update open_items o set settled = o.settled + x.amount from x where o.client_id = ${clientId} and o.id = x.id
      returning o.id, o.settled
    )
    select settled::text as settled from updated where id = ${itemId}`,
  );
  return { settled: billMoney(row.settled), refusals: [] };
}

/**
 * Cancels an item with its document: its allocations are undone (the items it paid or was paid by
 * reopen by as much) and it stops counting. Answers the released allocations.
 */
export async function cancelOpenItem(tx: Db, clientId: number, itemId: number): Promise<Array<{ itemId: number; amount: string }>> {
  const released = await queryRows<{ other: string | number; amount: string }>(
    tx,
    sql`
    delete from open_item_allocations where client_id = ${clientId} and (debit_item_id = ${itemId} or credit_item_id = ${itemId})
    returning case when debit_item_id = ${itemId} then credit_item_id else debit_item_id end as other, amount::text as amount`,
  );
  const lines = released.map((r) => ({ itemId: Number(r.other), amount: billMoney(r.amount) }));
  await tx.execute(sql`
    with x as (
      select "itemId" as id, sum(amount) as amount from json_to_recordset(${JSON.stringify(lines)}::json) as x("itemId" bigint, amount numeric)
      group by "itemId"
    )
    update open_items o
    set settled = case when o.id = ${itemId} then 0 else o.settled - coalesce(x.amount, 0) end,
        status = case when o.id = ${itemId} then 'Cancelled' else o.status end
    from (select ${itemId}::bigint as id union select id from x) ids left join x on x.id = ids.id
    where o.client_id = ${clientId} and o.id = ids.id`);
  return lines;
}

/** One allocation of a set-based batch: a debit and a credit item of the same party and account. */
export interface AllocationPair {
  debitItemId: number;
  creditItemId: number;
  amount: string;
}

/**
 * Allocates many pairs in two statements (a payroll's payment settling each employee's net pay, its
 * recoveries settling each loan): where allocate walks one item's targets, this takes the pairs as
 * given. Each pair's items must be open, of the same party and account and on opposite sides; the
 * items' `settled <= amount` check refuses an amount beyond what is open. Throws when a pair does not fit.
 */
export async function allocatePairs(tx: Db, clientId: number, pairs: readonly AllocationPair[]): Promise<void> {
  const list = pairs.filter((p) => bdec(p.amount).gt(0));
  if (list.length === 0) return;
  const payload = JSON.stringify(list.map((p) => ({ d: p.debitItemId, c: p.creditItemId, a: billMoney(p.amount) })));
  const [{ n }] = await queryRows<{ n: number }>(
    tx,
    sql`
    with x as (select * from json_to_recordset(${payload}::json) as x(d bigint, c bigint, a numeric)),
    ins as (
      insert into open_item_allocations (client_id, party_type, party_id, account_id, debit_item_id, credit_item_id, amount, date)
      select ${clientId}, d.party_type, d.party_id, d.account_id, d.id, c.id, x.a, greatest(d.date, c.date)
      from x join open_items d on d.client_id = ${clientId} and d.id = x.d join open_items c on c.client_id = ${clientId} and c.id = x.c
      where d.side = 'debit' and c.side = 'credit' and d.status = 'Open' and c.status = 'Open'
        and d.party_type = c.party_type and d.party_id = c.party_id and d.account_id = c.account_id
      on conflict (debit_item_id, credit_item_id) do update set amount = open_item_allocations.amount + excluded.amount
      returning 1
    )
    select count(*)::int as n from ins`,
  );
  if (Number(n) !== list.length) throw new Error(`allocatePairs: ${list.length - Number(n)} pair(s) do not match an open debit and credit item of one party`);
  await tx.execute(sql`
    with x as (select * from json_to_recordset(${payload}::json) as x(d bigint, c bigint, a numeric)),
    s as (select id, sum(a) as a from (select d as id, a from x union all select c, a from x) y group by id)
    update open_items o set settled = o.settled + s.a from s where o.client_id = ${clientId} and o.id = s.id`);
}

/** Cancels many items with their document in three statements (see cancelOpenItem). */
export async function cancelOpenItems(tx: Db, clientId: number, itemIds: readonly number[]): Promise<void> {
  if (itemIds.length === 0) return;
  const ids = `{${itemIds.join(',')}}`;
  await tx.execute(sql`
    with gone as (
      delete from open_item_allocations where client_id = ${clientId} and (debit_item_id = any(${ids}::bigint[]) or credit_item_id = any(${ids}::bigint[]))
      returning debit_item_id, credit_item_id, amount
    ), other as (
      select id, sum(amount) as amount from (
        select credit_item_id as id, amount from gone where not (credit_item_id = any(${ids}::bigint[]))
        union all select debit_item_id, amount from gone where not (debit_item_id = any(${ids}::bigint[]))) y
      group by id
    )
    update open_items o set settled = o.settled - other.amount from other where o.client_id = ${clientId} and o.id = other.id`);
  await tx.execute(sql`update open_items set settled = 0, status = 'Cancelled' where client_id = ${clientId} and id = any(${ids}::bigint[])`);
}

/**
 * Lets each party's waiting credit (unallocated rests of its settling items) pay its open charges, oldest
 * first, as far as its ledger balance on the account allows (open_items_apply_credit, migration 0036).
 * Call it after a posting has changed a party's balance or reopened a charge. Parties in key order.
 */
export async function applyPartyCredit(tx: Db, clientId: number, parties: readonly PartyAccount[]): Promise<void> {
  const seen = new Map<string, PartyAccount>();
  for (const p of parties) seen.set(`${p.partyType}:${String(p.partyId).padStart(10, '0')}:${p.accountId}`, p);
  for (const key of [...seen.keys()].sort()) {
    const p = seen.get(key)!;
    await tx.execute(sql`select open_items_apply_credit(${clientId}, ${p.partyType}, ${p.partyId}, ${p.accountId})`);
  }
}
