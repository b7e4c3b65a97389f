// POST/PUT /api/elc/houses and PATCH /api/elc/houses/:id/status. A house is created with its first meter;
// the customer and zone must be the organisation's (an active zone), the meter number unused by any meter
// of the organisation, the installation reading within the meter's digits. The meter's fields can be
// corrected only while the house has no readings; afterwards a meter changes by replacement. Connecting
// and disconnecting are status changes, audited with the reason.
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { BillingDecimal, bdec, type HouseDetail, type HouseInput, type HouseStatus } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, type FieldError, notFound } from '../../plugins/errors.ts';
import { customers } from '../customers/index.ts';
import { zones } from '../zones/index.ts';
import { getHouse } from './list-houses.ts';
import { houses, meterReadings, meters } from './metering.tables.ts';

function pgCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** A concurrent request took the number between the check and the insert: the unique index answers on the field. */
export function meterTakenOnUnique(field: string) {
  return (err: unknown): never => {
    if (pgCode(err) === '23505') throw new AppError(400, 'VALIDATION', 'common.validation', [{ field, message: 'house.meterTaken' }]);
    throw err;
  };
}

export async function isMeterNumberTaken(tx: Db, meterNo: string, exceptMeterId?: number): Promise<boolean> {
  const [taken] = await tx
    .select({ id: meters.id })
    .from(meters)
    .where(and(sql`lower(${meters.meterNo}) = lower(${meterNo})`, exceptMeterId ? ne(meters.id, exceptMeterId) : undefined))
    .limit(1);
  return Boolean(taken);
}

export const fitsDigits = (value: string, digits: number) => bdec(value).lt(new BillingDecimal(10).pow(digits));

async function checkHouse(tx: Db, input: HouseInput, opts: { meterId?: number; checkMeter: boolean }): Promise<void> {
  const problems: FieldError[] = [];
  const [customer] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, input.customerId));
  if (!customer) problems.push({ field: 'customerId', message: 'v.notFound' });
  const [zone] = await tx.select({ status: zones.status }).from(zones).where(eq(zones.id, input.zoneId));
  if (zone?.status !== 'Active') problems.push({ field: 'zoneId', message: 'v.notFound' });
  if (opts.checkMeter) {
    if (await isMeterNumberTaken(tx, input.meterNumber, opts.meterId)) problems.push({ field: 'meterNumber', message: 'house.meterTaken' });
    if (!fitsDigits(input.installationReading, input.meterDigits)) {
      problems.push({ field: 'installationReading', message: `reading.tooManyDigits|${input.meterDigits}` });
    }
  }
  if (problems.length > 0) throw new AppError(400, 'VALIDATION', 'common.validation', problems);
}

const houseValues = (input: HouseInput) => ({
  customerId: input.customerId,
  zoneId: input.zoneId,
  houseNo: input.houseNo,
  address: input.address,
  tariffClass: input.tariffClass,
});

const auditView = (h: HouseDetail) => ({
  customerId: h.customerId,
  zoneId: h.zoneId,
  houseNo: h.houseNo,
  address: h.address,
  tariffClass: h.tariffClass,
  status: h.status,
  meterNumber: h.meterNumber,
  meterDigits: h.meterDigits,
  installationReading: h.installationReading,
  installationDate: h.installationDate,
});

export async function createHouse(opts: { tx: Db; actor: Actor; input: HouseInput }): Promise<HouseDetail> {
  const { tx, actor, input } = opts;
  const { clientId, userId } = actor;
  await checkHouse(tx, input, { checkMeter: true });
  const [house] = await tx
    .insert(houses)
    .values({ clientId, ...houseValues(input) })
    .returning({ id: houses.id });
  await tx
    .insert(meters)
    .values({
      clientId,
      houseId: house.id,
      meterNo: input.meterNumber,
      digits: input.meterDigits,
      initialReading: input.installationReading,
      installedOn: input.installationDate,
      createdBy: userId,
    })
    .catch(meterTakenOnUnique('meterNumber'));
  const created = await getHouse({ tx, id: house.id });
  await writeAudit(tx, actor, { action: 'create', entity: 'house', entityId: house.id, after: auditView(created) });
  return created;
}

export async function updateHouse(opts: { tx: Db; actor: Actor; id: number; input: HouseInput }): Promise<HouseDetail> {
  const { tx, actor, id, input } = opts;
  const [locked] = await tx.select({ id: houses.id }).from(houses).where(eq(houses.id, id)).for('update');
  if (!locked) throw notFound();
  const before = await getHouse({ tx, id });
  const meterChanged =
    input.meterNumber !== before.meterNumber ||
    input.meterDigits !== before.meterDigits ||
    !bdec(input.installationReading).eq(bdec(before.installationReading)) ||
    input.installationDate !== before.installationDate;
  if (meterChanged) {
    const [{ readings }] = await tx.select({ readings: count() }).from(meterReadings).where(eq(meterReadings.houseId, id));
    if (readings > 0) {
      throw new AppError(400, 'VALIDATION', 'common.validation', [{ field: 'meterNumber', message: 'house.meterHasReadings' }]);
    }
  }
  await checkHouse(tx, input, { meterId: before.meterId, checkMeter: meterChanged });
  await tx
    .update(houses)
    .set({ ...houseValues(input), updatedAt: new Date() })
    .where(eq(houses.id, id));
  if (meterChanged) {
    await tx
      .update(meters)
      .set({ meterNo: input.meterNumber, digits: input.meterDigits, initialReading: input.installationReading, installedOn: input.installationDate })
      .where(and(eq(meters.houseId, id), isNull(meters.removedOn)))
      .catch(meterTakenOnUnique('meterNumber'));
  }
  const after = await getHouse({ tx, id });
  await writeAudit(tx, actor, { action: 'update', entity: 'house', entityId: id, before: auditView(before), after: auditView(after) });
  return after;
}

export async function setHouseStatus(opts: { tx: Db; actor: Actor; id: number; status: HouseStatus; reason: string | null }): Promise<HouseDetail> {
  const { tx, actor, id, status, reason } = opts;
  const [row] = await tx.select({ status: houses.status }).from(houses).where(eq(houses.id, id)).for('update');
  if (!row) throw notFound();
  if (row.status !== status) {
    const now = new Date();
    await tx.update(houses).set({ status, statusChangedAt: now, updatedAt: now }).where(eq(houses.id, id));
    await writeAudit(tx, actor, { action: 'status', entity: 'house', entityId: id, before: { status: row.status }, after: { status, reason } });
  }
  return getHouse({ tx, id });
}
