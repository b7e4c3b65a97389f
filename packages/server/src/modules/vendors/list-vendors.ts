// GET /api/elc/vendors, /:id, /choices, /:id/open-bills: the vendor register with each vendor's balance
// (the payable's lines naming it: credit less debit) and open bills (its unsettled payable open items).
import { type SQL, sql } from 'drizzle-orm';
import {
  type Lang,
  type Vendor,
  type VendorChoices,
  type VendorOpenBills,
  type vendorListQuery,
  bdec,
  billMoney,
  VENDOR_SERIES,
  vendorNumber,
  type z,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { peekDocumentNumber } from '../../ledger/index.ts';
import { containsPattern } from '../../lib/sql.ts';
import { notFound } from '../../plugins/errors.ts';
import { unsettledItems } from '../open-items/index.ts';
import { payableAccountId, vendorParty } from './vendors-common.ts';

interface VendorRow {
  id: number;
  number: string;
  name: string;
  contact_person: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  tax_number: string | null;
  payment_terms_days: number;
  account_id: number | null;
  account_code: string | null;
  account_name: string | null;
  opening_balance: string;
  opening_date: string | null;
  opening_entry: number | null;
  notes: string | null;
  status: 'Active' | 'Inactive';
  balance: string;
  open_bills: string;
  created_at: string | Date;
  updated_at: string | Date;
}

function toVendor(r: VendorRow): Vendor {
  return {
    id: Number(r.id),
    number: r.number,
    name: r.name,
    contactPerson: r.contact_person,
    phone: r.phone,
    email: r.email,
    address: r.address,
    taxNumber: r.tax_number,
    paymentTermsDays: Number(r.payment_terms_days),
    defaultExpenseAccount: r.account_id === null ? null : { id: Number(r.account_id), code: r.account_code ?? '', name: r.account_name ?? '' },
    openingBalance: billMoney(r.opening_balance),
    openingDate: r.opening_date,
    openingPosted: r.opening_entry !== null,
    notes: r.notes,
    status: r.status,
    balance: billMoney(r.balance),
    openBills: billMoney(r.open_bills),
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** The vendor's balance on the payable (what we owe it) as a lateral column. */
const balanceOf = (clientId: number, payableId: number) => sql`
  (select coalesce(sum(l.credit - l.debit), 0) from journal_lines l
   where l.client_id = ${clientId} and l.party_type = 'vendor' and l.party_id = v.id and l.account_id = ${payableId})`;
const openBillsOf = (clientId: number, payableId: number) => sql`
  (select coalesce(sum(o.amount - o.settled), 0) from open_items o
   where o.client_id = ${clientId} and o.party_type = 'vendor' and o.party_id = v.id and o.account_id = ${payableId}
     and o.side = 'credit' and o.status = 'Open' and o.settled < o.amount)`;

function selectVendors(clientId: number, payableId: number, lang: Lang, where: SQL, tail: SQL): SQL {
  const accountName = sql.raw(lang === 'so' ? 'a.name_so' : 'a.name_en');
  return sql`
    select * from (
      select v.id, v.number, v.name, v.contact_person, v.phone, v.email, v.address, v.tax_number, v.payment_terms_days,
             v.default_expense_account_id as account_id, a.code as account_code, ${accountName} as account_name,
             v.opening_balance::text, v.opening_date::text as opening_date, v.opening_journal_entry_id as opening_entry, v.notes, v.status,
             ${balanceOf(clientId, payableId)}::text as balance, ${openBillsOf(clientId, payableId)}::text as open_bills,
             v.created_at, v.updated_at
      from vendors v left join accounts a on a.client_id = v.client_id and a.id = v.default_expense_account_id
      where v.client_id = ${clientId}
    ) v
    where ${where}
    ${tail}`;
}

const sortColumns: Record<string, string> = {
  number: 'lower(v.number)',
  name: 'lower(v.name)',
  status: 'v.status',
  balance: 'v.balance::numeric',
  createdAt: 'v.created_at',
};

export async function listVendors(opts: { tx: Db; clientId: number; lang: Lang; query: z.output<typeof vendorListQuery> }) {
  const { tx, clientId, lang, query } = opts;
  const payableId = await payableAccountId(tx, clientId);
  const filters: SQL[] = [sql`true`];
  if (query.status) filters.push(sql`v.status = ${query.status}`);
  if (query.q) {
    const pattern = containsPattern(query.q);
    filters.push(
      sql`(v.number ilike ${pattern} or v.name ilike ${pattern} or v.contact_person ilike ${pattern} or v.phone ilike ${pattern} or v.tax_number ilike ${pattern})`,
    );
  }
  if (query.owing) filters.push(sql`v.balance::numeric > 0`);
  const where = sql.join(filters, sql` and `);
  const direction = sql.raw(query._order === 'desc' ? 'desc' : 'asc');
  const order = sql.raw(sortColumns[query._sort ?? 'number'] ?? 'lower(v.number)');
  const rows = await queryRows<VendorRow>(
    tx,
    selectVendors(
      clientId,
      payableId,
      lang,
      where,
      sql`order by ${order} ${direction}, v.id ${direction} limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
    ),
  );
  const [totals] = await queryRows<{ total: number; balance: string }>(
    tx,
    sql`select count(*)::int as total, coalesce(sum(v.balance::numeric), 0)::text as balance from (${selectVendors(clientId, payableId, lang, where, sql``)}) v`,
  );
  return { data: rows.map(toVendor), total: Number(totals.total), page: query._page, limit: query._limit, totalBalance: billMoney(totals.balance) };
}

export async function getVendor(opts: { tx: Db; clientId: number; lang: Lang; id: number }): Promise<Vendor> {
  const payableId = await payableAccountId(opts.tx, opts.clientId);
  const [row] = await queryRows<VendorRow>(opts.tx, selectVendors(opts.clientId, payableId, opts.lang, sql`v.id = ${opts.id}`, sql``));
  if (!row) throw notFound();
  return toVendor(row);
}

export async function vendorChoices(opts: { tx: Db; clientId: number; lang: Lang }): Promise<VendorChoices> {
  const { tx, clientId, lang } = opts;
  const payableId = await payableAccountId(tx, clientId);
  const name = sql.raw(lang === 'so' ? 'name_so' : 'name_en');
  const [vendors, accounts, next] = await Promise.all([
    queryRows<{ id: number; number: string; name: string; status: 'Active' | 'Inactive'; balance: string }>(
      tx,
      sql`select v.id, v.number, v.name, v.status, ${balanceOf(clientId, payableId)}::text as balance
          from vendors v where v.client_id = ${clientId} order by v.status, lower(v.name), v.id`,
    ),
    queryRows<{ id: number; code: string; name: string; subtype: string }>(
      tx,
      sql`select id, code, ${name} as name, subtype from accounts where client_id = ${clientId} and status = 'Active' and type = 'expense' order by code`,
    ),
    peekDocumentNumber(tx, clientId, VENDOR_SERIES),
  ]);
  return {
    vendors: vendors.map((v) => ({ id: Number(v.id), number: v.number, name: v.name, status: v.status, balance: billMoney(v.balance) })),
    expenseAccounts: accounts.map((a) => ({ id: Number(a.id), code: a.code, name: a.name, subtype: a.subtype })),
    nextNumber: vendorNumber(next),
  };
}

/** A vendor's unsettled payable items oldest first, its waiting credit and its balance. */
export async function vendorOpenBills(opts: { tx: Db; clientId: number; vendorId: number }): Promise<VendorOpenBills> {
  const { tx, clientId, vendorId } = opts;
  const payableId = await payableAccountId(tx, clientId);
  const [v] = await queryRows<{ id: number; number: string; name: string; status: 'Active' | 'Inactive'; balance: string; today: string; credit: string }>(
    tx,
    sql`select v.id, v.number, v.name, v.status, ${balanceOf(clientId, payableId)}::text as balance, current_date::text as today,
               (select coalesce(sum(o.amount - o.settled), 0) from open_items o
                where o.client_id = ${clientId} and o.party_type = 'vendor' and o.party_id = v.id and o.account_id = ${payableId}
                  and o.side = 'debit' and o.status = 'Open')::text as credit
        from vendors v where v.client_id = ${clientId} and v.id = ${vendorId}`,
  );
  if (!v) throw notFound();
  const items = await unsettledItems(tx, clientId, vendorParty(vendorId, payableId), 'credit');
  const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
  const bills = items.map((i) => {
    return {
      openItemId: i.id,
      kind: i.kind,
      number: i.number,
      date: i.date,
      dueDate: i.dueDate,
      amount: i.amount,
      settled: i.settled,
      open: i.open,
      daysOverdue: Math.max(0, day(v.today) - day(i.dueDate)),
    };
  });
  const openTotal = billMoney(items.reduce((s, i) => s.plus(i.open), bdec(0)));
  return {
    vendor: { id: Number(v.id), number: v.number, name: v.name, status: v.status, balance: billMoney(v.balance) },
    bills,
    openTotal,
    credit: billMoney(v.credit),
    balance: billMoney(v.balance),
  };
}
