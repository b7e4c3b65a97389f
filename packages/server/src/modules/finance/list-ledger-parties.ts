// GET /api/finance/reports/personalaccount/parties (whom the personal account report can be run for) and
// GET /api/finance/parties (the general journal's party picker): the parties of the ledger.
// Customers from the customer register, searched by name, customer number or id (the report shows the
// name anyway); vendors and employees have no register yet, so they are the distinct ids on the ledger's
// lines, read by skipping along the (client, party type, party, date) index one id at a time, so the cost
// follows the number of parties, not of lines.
import { sql } from 'drizzle-orm';
import type { LedgerParties, LedgerPartiesQuery } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/** How many distinct ledger ids a vendor or employee search looks through. */
const LEDGER_IDS = 2000;

export async function listLedgerParties(opts: { tx: Db; clientId: number; query: LedgerPartiesQuery }): Promise<LedgerParties> {
  const { tx, clientId, query } = opts;
  const q = query.q?.toLowerCase() ?? '';
  if (query.partyType === 'customer') {
    const rows = await queryRows<{ id: number; name: string; number: string }>(
      tx,
      sql`
      select id, name, customer_no as number from customers
      where client_id = ${clientId}
        ${q ? sql`and (strpos(lower(name), ${q}) > 0 or lower(customer_no) = ${q} or id::text = ${q})` : sql``}
      order by lower(name), id
      limit ${query._limit}`,
    );
    return { data: rows.map((r) => ({ type: 'customer' as const, id: Number(r.id), name: r.name, number: r.number })) };
  }
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`
    with recursive ids as (
      (select party_id from journal_lines where client_id = ${clientId} and party_type = ${query.partyType} order by party_id limit 1)
      union all
      select (select l.party_id from journal_lines l
              where l.client_id = ${clientId} and l.party_type = ${query.partyType} and l.party_id > ids.party_id
              order by l.party_id limit 1)
      from ids where ids.party_id is not null
    )
    select party_id as id from (select party_id from ids where party_id is not null limit ${LEDGER_IDS}) found
    ${q ? sql`where strpos(party_id::text, ${q}) = 1` : sql``}
    order by party_id
    limit ${query._limit}`,
  );
  return { data: rows.map((r) => ({ type: query.partyType, id: Number(r.id), name: null, number: null })) };
}
