// GET /api/elc/prices and /api/elc/prices/:id: tariff versions with their zone and blocks.
import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { type CustomerClass, plainDecimal, billMoney, type Tariff, type tariffListQuery, type z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import { containsPattern } from '../../lib/sql.ts';
import { zones } from '../zones/index.ts';
import { tariffBlocks, tariffs } from './tariffs.tables.ts';

type TariffRow = typeof tariffs.$inferSelect & { zoneName: string | null };

async function withBlocks(tx: Db, rows: TariffRow[]): Promise<Tariff[]> {
  if (rows.length === 0) return [];
  const blocks = await tx
    .select()
    .from(tariffBlocks)
    .where(
      inArray(
        tariffBlocks.tariffId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(tariffBlocks.tariffId), asc(tariffBlocks.position));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    customerClass: r.customerClass as CustomerClass,
    zoneId: r.zoneId,
    zoneName: r.zoneName,
    effectiveFrom: r.effectiveFrom,
    effectiveTo: r.effectiveTo,
    serviceCharge: billMoney(r.serviceCharge),
    minimumCharge: billMoney(r.minimumCharge),
    taxPercent: plainDecimal(r.taxPercent),
    description: r.description,
    blocks: blocks
      .filter((b) => b.tariffId === r.id)
      .map((b) => ({ from: plainDecimal(b.fromUnits), to: b.toUnits === null ? null : plainDecimal(b.toUnits), rate: plainDecimal(b.rate) })),
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  }));
}

async function selectRows(tx: Db, where: SQL | undefined, page?: { orderBy: SQL[]; limit: number; offset: number }): Promise<TariffRow[]> {
  const q = tx.select({ row: tariffs, zoneName: zones.name }).from(tariffs).leftJoin(zones, eq(zones.id, tariffs.zoneId)).where(where);
  const rows = page
    ? await q
        .orderBy(...page.orderBy)
        .limit(page.limit)
        .offset(page.offset)
    : await q;
  return rows.map((r) => ({ ...r.row, zoneName: r.zoneName }));
}

const sortColumns = {
  id: tariffs.id,
  name: sql`lower(${tariffs.name})`,
  customerClass: tariffs.customerClass,
  effectiveFrom: tariffs.effectiveFrom,
  createdAt: tariffs.createdAt,
} as const;

/** The versions in force on `date` (effective_to is the last day in force). */
export const inForceOn = (date: string) =>
  and(lte(tariffs.effectiveFrom, date), or(isNull(tariffs.effectiveTo), sql`${tariffs.effectiveTo} >= ${date}`)) as SQL;

export async function listTariffs(opts: { tx: Db; query: z.output<typeof tariffListQuery> }) {
  const { tx, query } = opts;
  const filters: SQL[] = [];
  if (query.customerClass) filters.push(eq(tariffs.customerClass, query.customerClass));
  if (query.zoneId) filters.push(eq(tariffs.zoneId, query.zoneId));
  if (query.activeOn) filters.push(inForceOn(query.activeOn));
  if (query.q) filters.push(ilike(tariffs.name, containsPattern(query.q)));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const direction = query._order === 'desc' ? desc : asc;
  const sortBy = query._sort ?? 'effectiveFrom';
  const orderBy =
    query._sort === undefined
      ? [asc(tariffs.customerClass), sql`${tariffs.zoneId} nulls first`, desc(tariffs.effectiveFrom), asc(tariffs.id)]
      : [direction(sortColumns[sortBy]), direction(tariffs.id)];
  const rows = await selectRows(tx, where, { orderBy, limit: query._limit, offset: (query._page - 1) * query._limit });
  const [{ total }] = await tx.select({ total: count() }).from(tariffs).where(where);
  return { data: await withBlocks(tx, rows), total, page: query._page, limit: query._limit };
}

export async function getTariff(opts: { tx: Db; id: number }): Promise<Tariff> {
  const rows = await selectRows(opts.tx, eq(tariffs.id, opts.id));
  if (rows.length === 0) throw notFound();
  return (await withBlocks(opts.tx, rows))[0];
}
