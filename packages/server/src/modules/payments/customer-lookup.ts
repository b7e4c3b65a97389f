// GET /api/finance/payments/customers?q: customers to pick on the payment screens (a cashier need not
// hold list-customer), found by name, customer number, phone in any notation or meter number (the
// customers module's search words), with their balance; GET /api/finance/payments/accounts: the
// active cash, bank and mobile money accounts a payment can be received into.
import { sql } from 'drizzle-orm';
import { type CustomerLookup, type Lang, type ReceivingAccount, type ReceivingSubtype, methodOfSubtype, receivingSubtypes } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { customerBalances, customerMatches } from '../customers/index.ts';

export async function lookupCustomers(opts: { tx: Db; clientId: number; q?: string; limit: number }): Promise<{ data: CustomerLookup[] }> {
  const { tx, clientId, q, limit } = opts;
  const matches = q ? customerMatches(sql`c.id`, clientId, q) : null;
  const rows = await queryRows<{ id: number; customer_no: string; name: string; phone: string; status: string; meters: string[] | null }>(
    tx,
    sql`
    select c.id, c.customer_no, c.name, c.phone, c.status,
           (select array_agg(m.meter_no order by m.meter_no) from houses h
              join meters m on m.client_id = h.client_id and m.house_id = h.id and m.removed_on is null
            where h.client_id = c.client_id and h.customer_id = c.id) as meters
    from customers c
    where c.client_id = ${clientId} ${matches ? sql`and ${matches}` : sql``}
    order by c.status = 'Active' desc, lower(c.name), c.id
    limit ${limit}`,
  );
  const balances = await customerBalances(
    tx,
    clientId,
    rows.map((r) => Number(r.id)),
  );
  return {
    data: rows.map((r) => ({
      id: Number(r.id),
      customerNo: r.customer_no,
      name: r.name,
      phone: r.phone,
      status: r.status,
      meterNumbers: r.meters ?? [],
      balance: balances.get(Number(r.id)) ?? '0.00',
    })),
  };
}

export async function receivingAccounts(opts: { tx: Db; clientId: number; lang: Lang }): Promise<{ data: ReceivingAccount[] }> {
  const rows = await queryRows<{ id: number; code: string; name_en: string; name_so: string; subtype: ReceivingSubtype; currency: string }>(
    opts.tx,
    sql`
    select id, code, name_en, name_so, subtype, currency from accounts
    where client_id = ${opts.clientId} and type = 'asset' and status = 'Active'
      and subtype in (select jsonb_array_elements_text(${JSON.stringify(receivingSubtypes)}::jsonb))
    order by code`,
  );
  return {
    data: rows.map((r) => ({
      id: Number(r.id),
      code: r.code,
      name: opts.lang === 'so' ? r.name_so : r.name_en,
      subtype: r.subtype,
      currency: r.currency,
      method: methodOfSubtype(r.subtype),
    })),
  };
}
