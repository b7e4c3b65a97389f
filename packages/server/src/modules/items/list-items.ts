// GET /api/elc/items, /:id, /:id/stock: items with their accounts and what is on hand (all branches, or
// the branch asked for) at cost, read from the balances the moves keep.
import { type SQL, sql } from 'drizzle-orm';
import type { Item, ItemKind, ItemStock, ReferenceStatus, itemListQuery, z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { Decimal, dec } from '../../ledger/index.ts';
import { containsPattern } from '../../lib/sql.ts';
import { notFound } from '../../plugins/errors.ts';

interface ItemRow {
  id: number;
  code: string;
  name: string;
  kind: ItemKind;
  category_id: number | null;
  category_name: string | null;
  unit_id: number | null;
  unit_name: string | null;
  sale_price: string;
  purchase_price: string;
  tax_percent: string;
  income_account_id: number;
  income_code: string;
  income_name: string;
  expense_account_id: number;
  expense_code: string;
  expense_name: string;
  inventory_account_id: number | null;
  inventory_code: string | null;
  inventory_name: string | null;
  reorder_level: string;
  barcode: string | null;
  description: string | null;
  status: ReferenceStatus;
  on_hand: string;
  stock_value: string;
  created_at: string | Date;
  updated_at: string | Date;
}

const averageOf = (quantity: Decimal, value: Decimal) =>
  quantity.greaterThan(0) ? value.dividedBy(quantity).toDecimalPlaces(6, Decimal.ROUND_HALF_EVEN) : new Decimal(0);

function toItem(r: ItemRow): Item {
  const onHand = dec(r.on_hand);
  const value = dec(r.stock_value);
  const account = (id: number, code: string, name: string) => ({ id: Number(id), code, name });
  return {
    id: Number(r.id),
    code: r.code,
    name: r.name,
    kind: r.kind,
    categoryId: r.category_id === null ? null : Number(r.category_id),
    categoryName: r.category_name,
    unitId: r.unit_id === null ? null : Number(r.unit_id),
    unitName: r.unit_name,
    salePrice: dec(r.sale_price).toFixed(2),
    purchasePrice: dec(r.purchase_price).toFixed(2),
    taxPercent: dec(r.tax_percent).toString(),
    incomeAccount: account(r.income_account_id, r.income_code, r.income_name),
    expenseAccount: account(r.expense_account_id, r.expense_code, r.expense_name),
    inventoryAccount: r.inventory_account_id === null ? null : account(r.inventory_account_id, r.inventory_code ?? '', r.inventory_name ?? ''),
    reorderLevel: dec(r.reorder_level).toString(),
    barcode: r.barcode,
    description: r.description,
    status: r.status,
    onHand: onHand.toString(),
    stockValue: value.toFixed(2),
    averageCost: averageOf(onHand, value).toFixed(6),
    belowReorder: r.kind === 'stock' && onHand.lessThanOrEqualTo(dec(r.reorder_level)) && dec(r.reorder_level).greaterThan(0),
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

function selectItems(lang: 'en' | 'so', branchId: number | undefined, where: SQL, tail: SQL): SQL {
  const accountName = lang === 'so' ? sql.raw('name_so') : sql.raw('name_en');
  const branch = branchId ? sql`and b.branch_id = ${branchId}` : sql``;
  return sql`
    select i.id, i.code, i.name, i.kind, i.category_id, c.name as category_name, i.unit_id, u.name as unit_name,
           i.sale_price::text, i.purchase_price::text, i.tax_percent::text,
           i.income_account_id, ia.code as income_code, ia.${accountName} as income_name,
           i.expense_account_id, ea.code as expense_code, ea.${accountName} as expense_name,
           i.inventory_account_id, va.code as inventory_code, va.${accountName} as inventory_name,
           i.reorder_level::text, i.barcode, i.description, i.status,
           coalesce(s.quantity, 0)::text as on_hand, coalesce(s.value, 0)::text as stock_value, i.created_at, i.updated_at
    from items i
    left join categories c on c.id = i.category_id
    left join units u on u.id = i.unit_id
    join accounts ia on ia.id = i.income_account_id
    join accounts ea on ea.id = i.expense_account_id
    left join accounts va on va.id = i.inventory_account_id
    left join lateral (select sum(b.quantity) as quantity, sum(b.value) as value from stock_balances b where b.item_id = i.id ${branch}) s on true
    where ${where}
    ${tail}`;
}

const sortColumns: Record<string, string> = {
  code: 'lower(i.code)',
  name: 'lower(i.name)',
  kind: 'i.kind',
  status: 'i.status',
  salePrice: 'i.sale_price',
  createdAt: 'i.created_at',
};

export async function listItems(opts: { tx: Db; lang: 'en' | 'so'; query: z.output<typeof itemListQuery> }) {
  const { tx, lang, query } = opts;
  const filters: SQL[] = [sql`true`];
  if (query.status) filters.push(sql`i.status = ${query.status}`);
  if (query.kind) filters.push(sql`i.kind = ${query.kind}`);
  if (query.categoryId) filters.push(sql`i.category_id = ${query.categoryId}`);
  if (query.q) {
    const pattern = containsPattern(query.q);
    filters.push(sql`(i.code ilike ${pattern} or i.name ilike ${pattern} or i.barcode ilike ${pattern})`);
  }
  if (query.belowReorder) {
    filters.push(
      sql`i.kind = 'stock' and i.reorder_level > 0 and coalesce((select sum(b.quantity) from stock_balances b where b.item_id = i.id), 0) <= i.reorder_level`,
    );
  }
  const where = sql.join(filters, sql` and `);
  const direction = sql.raw(query._order === 'desc' ? 'desc' : 'asc');
  const order = sql.raw(sortColumns[query._sort ?? 'code'] ?? 'lower(i.code)');
  const rows = await queryRows<ItemRow>(
    tx,
    selectItems(
      lang,
      query.branchId,
      where,
      sql`order by ${order} ${direction}, i.id ${direction} limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
    ),
  );
  const [{ total }] = await queryRows<{ total: number }>(tx, sql`select count(*)::int as total from items i where ${where}`);
  return { data: rows.map(toItem), total: Number(total), page: query._page, limit: query._limit };
}

export async function getItem(opts: { tx: Db; lang: 'en' | 'so'; id: number }): Promise<Item> {
  const [row] = await queryRows<ItemRow>(opts.tx, selectItems(opts.lang, undefined, sql`i.id = ${opts.id}`, sql``));
  if (!row) throw notFound();
  return toItem(row);
}

export async function itemStockByBranch(opts: { tx: Db; id: number }): Promise<ItemStock> {
  const [exists] = await queryRows<{ id: number }>(opts.tx, sql`select id from items where id = ${opts.id}`);
  if (!exists) throw notFound();
  const rows = await queryRows<{ branch_id: number; branch_name: string; quantity: string; value: string }>(
    opts.tx,
    sql`
    select b.branch_id, br.name as branch_name, b.quantity::text, b.value::text
    from stock_balances b join branches br on br.id = b.branch_id
    where b.item_id = ${opts.id} and (b.quantity <> 0 or b.value <> 0)
    order by lower(br.name), b.branch_id`,
  );
  let quantity = new Decimal(0);
  let value = new Decimal(0);
  const branches = rows.map((r) => {
    quantity = quantity.plus(dec(r.quantity));
    value = value.plus(dec(r.value));
    return {
      branchId: Number(r.branch_id),
      branchName: r.branch_name,
      quantity: dec(r.quantity).toString(),
      value: dec(r.value).toFixed(2),
      averageCost: averageOf(dec(r.quantity), dec(r.value)).toFixed(6),
    };
  });
  return { branches, quantity: quantity.toString(), value: value.toFixed(2) };
}
