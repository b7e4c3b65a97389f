// GET /api/elc/customers and /api/elc/customers/:id. Search (q): every word must start a word of the
// name, the phone (in any notation), the customer number or a current meter number; each word is one
// btree range on customer_search_words (see search-terms.ts for why not GIN or pg_trgm). Filters:
// status, class, city and zone (customers with a house there).
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Customer, CustomerClass, CustomerListItem, CustomerStatus, IdDocumentType, customerListQuery, z } from '@ubo/contracts';
import { billMoney } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { notFound } from '../../plugins/errors.ts';
import { cities } from '../settings/index.ts';
import { customerBalances } from './customer-balances.ts';
import { customers } from './customers.tables.ts';
import { isMatchingCustomer, matchingCustomerIds, matchingCustomerPageByName } from './search-terms.ts';

const columns = {
  id: customers.id,
  customerNo: customers.customerNo,
  name: customers.name,
  phone: customers.phone,
  email: customers.email,
  address: customers.address,
  cityId: customers.cityId,
  cityName: cities.name,
  customerClass: customers.customerClass,
  idType: customers.idType,
  idNumber: customers.idNumber,
  status: customers.status,
  openingBalance: customers.openingBalance,
  openingBalancePosted: customers.openingBalancePosted,
  houseCount: sql<number>`(select count(*)::int from houses h where h.customer_id = ${customers.id})`,
  meterNumbers: sql<string[]>`coalesce((select array_agg(m.meter_no order by m.meter_no) from houses h
    join meters m on m.house_id = h.id and m.removed_on is null where h.customer_id = ${customers.id}), '{}')`,
  createdAt: customers.createdAt,
  updatedAt: customers.updatedAt,
};

type CustomerRow = {
  id: number;
  customerNo: string;
  name: string;
  phone: string;
  email: string | null;
  address: string | null;
  cityId: number | null;
  cityName: string | null;
  customerClass: string;
  idType: string | null;
  idNumber: string | null;
  status: string;
  openingBalance: string;
  openingBalancePosted: boolean;
  houseCount: number;
  meterNumbers: string[];
  createdAt: Date;
  updatedAt: Date;
};

function toCustomer(r: CustomerRow): Customer {
  return {
    ...r,
    customerClass: r.customerClass as CustomerClass,
    idType: r.idType as IdDocumentType | null,
    status: r.status as CustomerStatus,
    openingBalance: billMoney(r.openingBalance),
    houseCount: Number(r.houseCount),
    meterNumbers: r.meterNumbers ?? [],
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

const sortColumns = {
  id: customers.id,
  customerNo: customers.customerNo,
  name: sql`lower(${customers.name})`,
  status: customers.status,
  customerClass: customers.customerClass,
  createdAt: customers.createdAt,
} as const;

export async function listCustomers(opts: { tx: Db; clientId: number; query: z.output<typeof customerListQuery> }) {
  const { tx, clientId, query } = opts;
  const filters: SQL[] = [eq(customers.clientId, clientId)];
  if (query.status) filters.push(eq(customers.status, query.status));
  if (query.customerClass) filters.push(eq(customers.customerClass, query.customerClass));
  if (query.cityId) filters.push(eq(customers.cityId, query.cityId));
  if (query.zoneId) {
    filters.push(sql`exists (select 1 from houses h where h.customer_id = ${customers.id} and h.zone_id = ${query.zoneId})`);
  }
  const ids = query.q ? matchingCustomerIds(clientId, query.q) : null;
  if (ids) filters.push(isMatchingCustomer(customers.id, ids));
  // A search alone is counted on the words index (a common first name matches thousands of customers).
  const isSearchOnly = ids !== null && !query.status && !query.customerClass && !query.cityId && !query.zoneId;
  const where = and(...filters);
  const direction = query._order === 'desc' ? desc : asc;
  const offset = (query._page - 1) * query._limit;
  const select = () => tx.select(columns).from(customers).leftJoin(cities, eq(cities.id, customers.cityId));
  const order = [direction(sortColumns[query._sort ?? 'name']), direction(customers.id)];
  if (isSearchOnly && query.q && (query._sort ?? 'name') === 'name') {
    // Counted and paged from the words index in one statement; only the page's customers are read.
    const page = matchingCustomerPageByName(clientId, query.q, { limit: query._limit, offset, descending: query._order === 'desc' });
    const [found] = page ? await queryRows<{ total: number; ids: number[] }>(tx, page) : [{ total: 0, ids: [] }];
    const pageIds = (found?.ids ?? []).map(Number);
    const rows =
      pageIds.length === 0
        ? []
        : await select()
            .where(and(eq(customers.clientId, clientId), inArray(customers.id, pageIds)))
            .orderBy(...order);
    return { data: await withBalances(tx, clientId, rows), total: Number(found?.total ?? 0), page: query._page, limit: query._limit };
  }
  const rows = await select()
    .where(where)
    .orderBy(...order)
    .limit(query._limit)
    .offset(offset);
  const [{ total }] = isSearchOnly
    ? await queryRows<{ total: number }>(tx, sql`select count(distinct x.customer_id)::int as total from (${ids}) x`)
    : await tx.select({ total: count() }).from(customers).where(where);
  return { data: await withBalances(tx, clientId, rows), total, page: query._page, limit: query._limit };
}

/** The page's customers with their balances (one lookup for the page). */
async function withBalances(tx: Db, clientId: number, rows: CustomerRow[]): Promise<CustomerListItem[]> {
  const balances = await customerBalances(
    tx,
    clientId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...toCustomer(r), balance: balances.get(r.id) ?? '0.00' }));
}

export async function getCustomer(opts: { tx: Db; id: number }): Promise<Customer> {
  const [row] = await opts.tx.select(columns).from(customers).leftJoin(cities, eq(cities.id, customers.cityId)).where(eq(customers.id, opts.id));
  if (!row) throw notFound();
  return toCustomer(row);
}
