// POST/PUT/PATCH status/DELETE /api/elc/zones: the branch and the meter reader must be the caller's
// organisation's (an active branch, a user who is not deleted); names are unique per organisation
// regardless of case. Each change is audited in its transaction. A zone with houses or tariffs is in
// use and cannot be deleted (the foreign keys answer 409).
import { and, eq, ne, sql } from 'drizzle-orm';
import type { ReferenceStatus, Zone, z, zoneBody } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, type FieldError, notFound } from '../../plugins/errors.ts';
import { branches } from '../organisations/index.ts';
import { inUseOnForeignKey } from '../../lib/sql.ts';
import { users } from '../users/index.ts';
import { getZone } from './list-zones.ts';
import { zones } from './zones.tables.ts';

type ZoneInput = z.output<typeof zoneBody>;

async function checkZone(tx: Db, input: ZoneInput, exceptId?: number): Promise<void> {
  const problems: FieldError[] = [];
  const [taken] = await tx
    .select({ id: zones.id })
    .from(zones)
    .where(and(sql`lower(${zones.name}) = lower(${input.name})`, exceptId ? ne(zones.id, exceptId) : undefined))
    .limit(1);
  if (taken) problems.push({ field: 'name', message: 'common.duplicate' });
  const [branch] = await tx.select({ status: branches.status }).from(branches).where(eq(branches.id, input.branchId));
  if (branch?.status !== 'Active') problems.push({ field: 'branchId', message: 'v.notFound' });
  if (input.meterReaderId) {
    const [reader] = await tx.select({ status: users.status }).from(users).where(eq(users.id, input.meterReaderId));
    if (!reader || reader.status === 'Deleted') problems.push({ field: 'meterReaderId', message: 'v.notFound' });
  }
  if (problems.length > 0) throw new AppError(400, 'VALIDATION', 'common.validation', problems);
}

function pgCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** Two requests creating the same name at once both pass the check; the unique index answers on the field. */
function nameTakenOnUnique(err: unknown): never {
  if (pgCode(err) === '23505') throw new AppError(400, 'VALIDATION', 'common.validation', [{ field: 'name', message: 'common.duplicate' }]);
  throw err;
}

const auditView = (z: Zone) => ({ name: z.name, branchId: z.branchId, description: z.description, meterReaderId: z.meterReaderId, status: z.status });

export async function createZone(opts: { tx: Db; actor: Actor; input: ZoneInput }): Promise<Zone> {
  const { tx, actor, input } = opts;
  await checkZone(tx, input);
  const [row] = await tx
    .insert(zones)
    .values({
      clientId: actor.clientId,
      name: input.name,
      branchId: input.branchId,
      description: input.description,
      meterReaderId: input.meterReaderId ?? null,
    })
    .returning({ id: zones.id })
    .catch(nameTakenOnUnique);
  const zone = await getZone({ tx, id: row.id });
  await writeAudit(tx, actor, { action: 'create', entity: 'zone', entityId: row.id, after: auditView(zone) });
  return zone;
}

export async function updateZone(opts: { tx: Db; actor: Actor; id: number; input: ZoneInput }): Promise<Zone> {
  const { tx, actor, id, input } = opts;
  const [locked] = await tx.select({ id: zones.id }).from(zones).where(eq(zones.id, id)).for('update');
  if (!locked) throw notFound();
  const before = await getZone({ tx, id });
  await checkZone(tx, input, id);
  await tx
    .update(zones)
    .set({ name: input.name, branchId: input.branchId, description: input.description, meterReaderId: input.meterReaderId ?? null, updatedAt: new Date() })
    .where(eq(zones.id, id))
    .catch(nameTakenOnUnique);
  const after = await getZone({ tx, id });
  await writeAudit(tx, actor, { action: 'update', entity: 'zone', entityId: id, before: auditView(before), after: auditView(after) });
  return after;
}

export async function setZoneStatus(opts: { tx: Db; actor: Actor; id: number; status: ReferenceStatus }): Promise<Zone> {
  const { tx, actor, id, status } = opts;
  const [row] = await tx.select({ status: zones.status }).from(zones).where(eq(zones.id, id)).for('update');
  if (!row) throw notFound();
  if (row.status !== status) {
    await tx.update(zones).set({ status, updatedAt: new Date() }).where(eq(zones.id, id));
    await writeAudit(tx, actor, { action: 'status', entity: 'zone', entityId: id, before: { status: row.status }, after: { status } });
  }
  return getZone({ tx, id });
}

export async function deleteZone(opts: { tx: Db; actor: Actor; id: number }): Promise<void> {
  const { tx, actor, id } = opts;
  const [locked] = await tx.select({ id: zones.id }).from(zones).where(eq(zones.id, id)).for('update');
  if (!locked) throw notFound();
  const before = await getZone({ tx, id });
  await tx.delete(zones).where(eq(zones.id, id)).catch(inUseOnForeignKey);
  await writeAudit(tx, actor, { action: 'delete', entity: 'zone', entityId: id, before: auditView(before) });
}
