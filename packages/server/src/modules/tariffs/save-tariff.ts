// POST/PUT/DELETE /api/elc/prices: a tariff version with its blocks (the contract has already checked the
// block shape and the dates). The zone must be the organisation's. Versions of the same class and zone may
// not overlap: the key is locked (the same lock the database trigger takes), checked, then written, so a
// concurrent version waits and is refused on the effectiveFrom field instead of slipping through.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tariff, TariffInput } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { fieldError, notFound } from '../../plugins/errors.ts';
import { inUseOnForeignKey } from '../../lib/sql.ts';
import { zones } from '../zones/index.ts';
import { getTariff } from './list-tariffs.ts';
import { tariffBlocks, tariffs } from './tariffs.tables.ts';

function pgCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

const overlap = () => fieldError('effectiveFrom', 'tariff.overlap');

function overlapOnExclusion(err: unknown): never {
  if (pgCode(err) === '23P01') throw overlap();
  throw err;
}

async function checkTariff(tx: Db, clientId: number, input: TariffInput, exceptId?: number): Promise<void> {
  if (input.zoneId !== null) {
    const [zone] = await tx.select({ id: zones.id }).from(zones).where(eq(zones.id, input.zoneId));
    if (!zone) throw fieldError('zoneId', 'v.notFound');
  }
  await tx.execute(sql`select billing_lock_tariff_key(${clientId}::int, ${input.customerClass}::text, ${input.zoneId}::int)`);
  const [clash] = await tx
    .select({ id: tariffs.id })
    .from(tariffs)
    .where(
      and(
        eq(tariffs.customerClass, input.customerClass),
        input.zoneId === null ? sql`${tariffs.zoneId} is null` : eq(tariffs.zoneId, input.zoneId),
        exceptId ? ne(tariffs.id, exceptId) : undefined,
        sql`daterange(${tariffs.effectiveFrom}, ${tariffs.effectiveTo}, '[]') && daterange(${input.effectiveFrom}::date, ${input.effectiveTo}::date, '[]')`,
      ),
    )
    .limit(1);
  if (clash) throw overlap();
}

async function writeBlocks(tx: Db, clientId: number, tariffId: number, input: TariffInput): Promise<void> {
  await tx.delete(tariffBlocks).where(eq(tariffBlocks.tariffId, tariffId));
  await tx.insert(tariffBlocks).values(input.blocks.map((b, i) => ({ clientId, tariffId, position: i + 1, fromUnits: b.from, toUnits: b.to, rate: b.rate })));
}

const values = (input: TariffInput) => ({
  name: input.name,
  customerClass: input.customerClass,
  zoneId: input.zoneId,
  effectiveFrom: input.effectiveFrom,
  effectiveTo: input.effectiveTo,
  serviceCharge: input.serviceCharge,
  minimumCharge: input.minimumCharge,
  taxPercent: input.taxPercent,
  description: input.description,
});

const auditView = (t: Tariff) => {
  const { createdAt: _c, updatedAt: _u, zoneName: _z, ...rest } = t;
  return rest;
};

export async function createTariff(opts: { tx: Db; actor: Actor; input: TariffInput }): Promise<Tariff> {
  const { tx, actor, input } = opts;
  const { clientId } = actor;
  await checkTariff(tx, clientId, input);
  const [row] = await tx
    .insert(tariffs)
    .values({ clientId, ...values(input) })
    .returning({ id: tariffs.id })
    .catch(overlapOnExclusion);
  await writeBlocks(tx, clientId, row.id, input);
  const created = await getTariff({ tx, id: row.id });
  await writeAudit(tx, actor, { action: 'create', entity: 'tariff', entityId: row.id, after: auditView(created) });
  return created;
}

export async function updateTariff(opts: { tx: Db; actor: Actor; id: number; input: TariffInput }): Promise<Tariff> {
  const { tx, actor, id, input } = opts;
  const { clientId } = actor;
  const [locked] = await tx.select({ id: tariffs.id }).from(tariffs).where(eq(tariffs.id, id)).for('update');
  if (!locked) throw notFound();
  const before = await getTariff({ tx, id });
  await checkTariff(tx, clientId, input, id);
  await tx
    .update(tariffs)
    .set({ ...values(input), updatedAt: new Date() })
    .where(eq(tariffs.id, id))
    .catch(overlapOnExclusion);
  await writeBlocks(tx, clientId, id, input);
  const after = await getTariff({ tx, id });
  await writeAudit(tx, actor, { action: 'update', entity: 'tariff', entityId: id, before: auditView(before), after: auditView(after) });
  return after;
}

export async function deleteTariff(opts: { tx: Db; actor: Actor; id: number }): Promise<void> {
  const { tx, actor, id } = opts;
  const [locked] = await tx.select({ id: tariffs.id }).from(tariffs).where(eq(tariffs.id, id)).for('update');
  if (!locked) throw notFound();
  const before = await getTariff({ tx, id });
  await tx.delete(tariffs).where(eq(tariffs.id, id)).catch(inUseOnForeignKey);
  await writeAudit(tx, actor, { action: 'delete', entity: 'tariff', entityId: id, before: auditView(before) });
}
