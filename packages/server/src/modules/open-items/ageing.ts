// Open items on a date and the ageing of any party type on any control account (customers on the
// receivable, vendors on the payable, employees on advances). A charge was open on a day when it was
// dated on or before it, is not cancelled, and was not settled yet: its amount less what is settled
// today, plus the allocations that count from a later day (their later item is dated after it). The
// customer ageing of the billing reports embeds openChargesAt in its own set-based statements; this
// file's partyAgeing answers the same buckets for any party type from the ledger lines directly.
import { type SQL, sql } from 'drizzle-orm';
import { type PartyType, bdec, billMoney } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { chargeSide, type ItemSide } from './open-items.ts';

export interface ChargesScope {
  clientId: number;
  accountId: number;
  partyType: PartyType;
  /** The side charges post on the account. */
  side: ItemSide;
}

/** Whether an allocation counts from a day after `date` (then settled amounts of today overstate that day's). */
export async function hasAllocationsAfter(tx: Db, clientId: number, date: string): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    tx,
    sql`
    select exists (select 1 from open_item_allocations where client_id = ${clientId} and date > ${date}::date) as found`,
  );
  return row.found;
}

/**
 * SELECT party_id, item_id, kind, date, due_date, amount, open: the charges open on `date`. Without
 * allocations after the date (the usual case: today) it reads the unsettled items' index alone.
 * `party` restricts it to one party (an SQL expression, for a lateral probe per party).
 */
export function openChargesAt(scope: ChargesScope, date: string, allocationsAfter: boolean, party?: SQL): SQL {
  const { clientId, accountId, partyType, side } = scope;
  const where = sql`o.client_id = ${clientId} and o.account_id = ${accountId} and o.side = ${side} and o.party_type = ${partyType}
    ${party ? sql`and o.party_id = ${party}` : sql``} and o.status = 'Open' and o.date <= ${date}::date`;
  const cols = sql`o.party_id, o.id as item_id, o.kind, o.date, o.due_date, o.amount`;
  if (!allocationsAfter) return sql`select ${cols}, o.amount - o.settled as open from open_items o where ${where} and o.settled < o.amount`;
  const later = side === 'debit' ? sql`debit_item_id` : sql`credit_item_id`;
  if (party) {
    // One party (a lateral probe per party): its own allocations after the date, one index range each half.
    const mine = sql`(select ${later} as item_id, sum(amount) as amount from open_item_allocations
      where client_id = ${clientId} and party_type = ${partyType} and party_id = ${party} and account_id = ${accountId} and date > ${date}::date
      group by ${later})`;
    return sql`
      select ${cols}, o.amount - o.settled + coalesce(l.amount, 0) as open
      from open_items o left join ${mine} l on l.item_id = o.id
      where ${where} and o.settled < o.amount
      union all
      select ${cols}, l.amount as open
      from ${mine} l join open_items o on o.id = l.item_id
      where ${where} and o.settled >= o.amount`;
  }
  // Allocations that count from after the date, read once (a CTE inside the subquery) for both halves:
  // items unsettled today, and items settled today that were not yet on the date.
  return sql`
    select * from (
      with l as materialized (
        select ${later} as item_id, sum(amount) as amount from open_item_allocations
        where client_id = ${clientId} and date > ${date}::date group by ${later}
      )
      select ${cols}, o.amount - o.settled + coalesce(l.amount, 0) as open
      from open_items o left join l on l.item_id = o.id
      where ${where} and o.settled < o.amount
      union all
      select ${cols}, l.amount as open
      from l join open_items o on o.id = l.item_id
      where ${where} and o.settled >= o.amount
    ) open_on_date`;
}

/** 0 current (not yet due), 1: 1-30, 2: 31-60, 3: 61-90, 4: over 90 days past due on `date`. */
export const ageBucket = (date: string, dueDate: SQL) =>
  sql`case when ${dueDate} >= ${date}::date then 0 else least(4, (${date}::date - ${dueDate} - 1) / 30 + 1) end`;

export interface PartyAgeingRow {
  partyId: number;
  current: string;
  d1_30: string;
  d31_60: string;
  d61_90: string;
  over90: string;
  /** The balance not on an open charge: waiting credit (negative), or a debt not on an item (positive). */
  unallocated: string;
  /** The party's balance on the account on the date, in the account's natural direction (what the party owes on a receivable, what is owed to it on a payable). */
  total: string;
}

/**
 * The ageing of every party of a type on one control account on `date`: open charges in buckets by days
 * past due, the rest of the ledger balance unallocated. Parties whose balance is zero and that have no
 * open charge are left out. Each party's total is its ledger balance; all of them sum to the account's
 * lines naming a party of that type.
 */
export async function partyAgeing(opts: { tx: Db; clientId: number; partyType: PartyType; accountId: number; date: string }): Promise<PartyAgeingRow[]> {
  const { tx, clientId, partyType, accountId, date } = opts;
  const side = await chargeSide(tx, clientId, accountId);
  const sign = side === 'debit' ? sql`1` : sql`-1`;
  const charges = openChargesAt({ clientId, accountId, partyType, side }, date, await hasAllocationsAfter(tx, clientId, date));
  const rows = await queryRows<{ party_id: number; b0: string; b1: string; b2: string; b3: string; b4: string; balance: string }>(
    tx,
    sql`
    with c as (
      select party_id, ${sql.raw(['0', '1', '2', '3', '4'].map((k) => `coalesce(sum(open) filter (where k = ${k}), 0) as b${k}`).join(', '))}
      from (select party_id, open, ${ageBucket(date, sql`due_date`)} as k from (${charges}) x) x group by party_id
    ), bal as (
      select party_id, sum(debit - credit) * ${sign} as balance from journal_lines
      where client_id = ${clientId} and party_type = ${partyType} and account_id = ${accountId} and date <= ${date}::date
      group by party_id
    )
    select coalesce(c.party_id, bal.party_id) as party_id,
           coalesce(c.b0, 0)::text as b0, coalesce(c.b1, 0)::text as b1, coalesce(c.b2, 0)::text as b2,
           coalesce(c.b3, 0)::text as b3, coalesce(c.b4, 0)::text as b4, coalesce(bal.balance, 0)::text as balance
    from c full join bal on bal.party_id = c.party_id
    where coalesce(bal.balance, 0) <> 0 or c.party_id is not null
    order by 1`,
  );
  return rows.map((r) => {
    const buckets = [r.b0, r.b1, r.b2, r.b3, r.b4].map((v) => bdec(v));
    const charged = buckets.reduce((s, v) => s.plus(v), bdec(0));
    return {
      partyId: Number(r.party_id),
      current: billMoney(buckets[0]),
      d1_30: billMoney(buckets[1]),
      d31_60: billMoney(buckets[2]),
      d61_90: billMoney(buckets[3]),
      over90: billMoney(buckets[4]),
      unallocated: billMoney(bdec(r.balance).minus(charged)),
      total: billMoney(r.balance),
    };
  });
}

/**
 * Each party's open items against its ledger balance on the account (the subledger invariant): the open
 * charges less the unallocated rests of settling items, per party, beside the balance of its lines and
 * the part of it not on any item (documents without items: opening balances, balance transfers). Read
 * for tests and checks; every party with lines or items is listed.
 */
export async function subledgerState(
  tx: Db,
  clientId: number,
  partyType: PartyType,
  accountId: number,
): Promise<Array<{ partyId: number; balance: string; openCharges: string; openCredit: string; itemBalance: string }>> {
  const side = await chargeSide(tx, clientId, accountId);
  const sign = side === 'debit' ? sql`1` : sql`-1`;
  const rows = await queryRows<{ party_id: number; balance: string; charges: string; credit: string; items: string }>(
    tx,
    sql`
    with bal as (
      select party_id, sum(debit - credit) * ${sign} as balance from journal_lines
      where client_id = ${clientId} and party_type = ${partyType} and account_id = ${accountId} group by party_id
    ), it as (
      select party_id,
             coalesce(sum(amount - settled) filter (where side = ${side}), 0) as charges,
             coalesce(sum(amount - settled) filter (where side <> ${side}), 0) as credit,
             coalesce(sum(case when side = ${side} then amount else -amount end), 0) as items
      from open_items where client_id = ${clientId} and party_type = ${partyType} and account_id = ${accountId} and status = 'Open'
      group by party_id
    )
    select coalesce(bal.party_id, it.party_id) as party_id, coalesce(bal.balance, 0)::text as balance,
           coalesce(it.charges, 0)::text as charges, coalesce(it.credit, 0)::text as credit, coalesce(it.items, 0)::text as items
    from bal full join it on it.party_id = bal.party_id order by 1`,
  );
  return rows.map((r) => ({
    partyId: Number(r.party_id),
    balance: billMoney(r.balance),
    openCharges: billMoney(r.charges),
    openCredit: billMoney(r.credit),
    itemBalance: billMoney(r.items),
  }));
}
