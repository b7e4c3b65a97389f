// The tariff that applies to a customer class in a zone on a date: the zone's own version for the class
// wins over the class-wide one. Used by the pricing calculator and, later, by bill runs.
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { CustomerClass, Tariff } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { getTariff, inForceOn } from './list-tariffs.ts';
import { tariffs } from './tariffs.tables.ts';

export async function findTariffFor(opts: { tx: Db; customerClass: CustomerClass; zoneId: number | null; date: string }): Promise<Tariff | null> {
  const { tx, customerClass, zoneId, date } = opts;
  const [row] = await tx
    .select({ id: tariffs.id })
    .from(tariffs)
    .where(
      and(
        eq(tariffs.customerClass, customerClass),
        zoneId === null ? isNull(tariffs.zoneId) : or(eq(tariffs.zoneId, zoneId), isNull(tariffs.zoneId)),
        inForceOn(date),
      ),
    )
    // Non-overlapping versions leave at most one zone version and one class-wide version.
    .orderBy(sql`${tariffs.zoneId} is null`)
    .limit(1);
  return row ? getTariff({ tx, id: row.id }) : null;
}
