// GET /api/finance/accounts and /api/finance/accounts/:id: the chart of accounts with each account's
// balance read from the daily balances (one aggregate per account, never the journal lines).
import { type SQL, sql } from 'drizzle-orm';
import type { Account, AccountListQuery, AccountStatus, AccountSubtype, AccountType, Lang } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { money, naturalBalance } from '../../ledger/index.ts';
import { notFound } from '../../plugins/errors.ts';

interface AccountRow {
  id: number;
  code: string;
  name_en: string;
  name_so: string;
  type: AccountType;
  subtype: AccountSubtype;
  parent_id: number | null;
  currency: string;
  status: AccountStatus;
  is_system: boolean;
  description: string | null;
  debit: string;
  credit: string;
  is_used: boolean;
}

export const accountName = (row: { name_en: string; name_so: string }, lang: Lang) => (lang === 'so' ? row.name_so : row.name_en);

function toAccount(row: AccountRow, lang: Lang): Account {
  return {
    id: row.id,
    code: row.code,
    name: accountName(row, lang),
    nameEn: row.name_en,
    nameSo: row.name_so,
    type: row.type,
    subtype: row.subtype,
    parentId: row.parent_id,
    currency: row.currency,
    status: row.status,
    isSystem: row.is_system,
    description: row.description,
    balance: money(naturalBalance(row.type, row.debit, row.credit)),
    isUsed: row.is_used,
  };
}

const sortColumns: Record<string, SQL> = {
  code: sql`a.code`,
  nameEn: sql`lower(a.name_en)`,
  nameSo: sql`lower(a.name_so)`,
  name: sql`lower(a.name_en)`,
  type: sql`a.type`,
  subtype: sql`a.subtype`,
  status: sql`a.status`,
};

async function selectAccounts(tx: Db, clientId: number, where: SQL, tail: SQL, asOf?: string): Promise<AccountRow[]> {
  return queryRows<AccountRow>(
    tx,
    sql`
    with balances as (
      select account_id, sum(debit) as debit, sum(credit) as credit
      from account_daily_balances
      where client_id = ${clientId} ${asOf ? sql`and date <= ${asOf}::date` : sql``}
      group by account_id
    )
    select a.id, a.code, a.name_en, a.name_so, a.type, a.subtype, a.parent_id, a.currency, a.status, a.is_system, a.description,
           coalesce(b.debit, 0) as debit, coalesce(b.credit, 0) as credit,
           exists (select 1 from account_daily_balances u where u.client_id = a.client_id and u.account_id = a.id) as is_used
    from accounts a left join balances b on b.account_id = a.id
    where a.client_id = ${clientId} and ${where}
    ${tail}`,
  );
}

export async function listAccounts(opts: { tx: Db; clientId: number; lang: Lang; query: AccountListQuery }) {
  const { tx, clientId, lang, query } = opts;
  const filters: SQL[] = [];
  if (query.type) filters.push(sql`a.type = ${query.type}`);
  if (query.status) filters.push(sql`a.status = ${query.status}`);
  if (query.q) {
    const q = query.q.toLowerCase();
    filters.push(sql`(strpos(lower(a.code), ${q}) > 0 or strpos(lower(a.name_en), ${q}) > 0 or strpos(lower(a.name_so), ${q}) > 0)`);
  }
  const where = filters.length > 0 ? sql.join(filters, sql` and `) : sql`true`;
  const sort = sortColumns[query._sort ?? 'code'] ?? sortColumns.code;
  const direction = query._order === 'desc' ? sql`desc` : sql`asc`;
  const offset = (query._page - 1) * query._limit;
  const rows = await selectAccounts(tx, clientId, where, sql`order by ${sort} ${direction}, a.code limit ${query._limit} offset ${offset}`, query.date);
  const [count] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from accounts a where a.client_id = ${clientId} and ${where}`);
  return { data: rows.map((r) => toAccount(r, lang)), total: count.n, page: query._page, limit: query._limit };
}

export async function getAccount(opts: { tx: Db; clientId: number; lang: Lang; id: number }): Promise<Account> {
  const [row] = await selectAccounts(opts.tx, opts.clientId, sql`a.id = ${opts.id}`, sql``);
  if (!row) throw notFound();
  return toAccount(row, opts.lang);
}
