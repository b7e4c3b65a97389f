// POST /api/elc/reads (one reading), POST /api/elc/reads/batch (many, all or nothing), PUT and DELETE
// /api/elc/reads/:id (the latest, unbilled reading of a meter). The houses are locked, their state loaded
// once, every row checked by the pure rules (rows of one house in period order, each against the one
// before), then the rows and the audit line are written in the caller's transaction.
import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Reading, ReadingInput, readingUpdateBody, z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, type FieldError, notFound } from '../../plugins/errors.ts';
import { latestReadingDate, loadHouseStates, zoneAverageCache } from './house-state.ts';
import { getReading, getReadings } from './list-readings.ts';
import { meterReadings } from './metering.tables.ts';
import { applyReading, type EvaluatedReading, evaluateReading, type HouseState, type ReadingAttempt } from './reading-rules.ts';

export interface AcceptedReading {
  /** Position of the row in the request. */
  index: number;
  houseId: number;
  attempt: ReadingAttempt;
  note: string | null;
  reading: EvaluatedReading;
}

export interface CheckedRows {
  accepted: AcceptedReading[];
  /** Field errors per request row. */
  rejected: Map<number, FieldError[]>;
}

/**
 * Checks rows against the houses' states, in period order so a house's later period is compared with its
 * earlier one; each accepted row updates the state. Rows of unknown houses get a houseId error.
 */
export async function checkReadingRows(opts: {
  tx: Db;
  rows: Array<{ index: number; houseId: number; attempt: ReadingAttempt; note: string | null }>;
  lock: boolean;
}): Promise<CheckedRows> {
  const { tx, rows, lock } = opts;
  const accepted: AcceptedReading[] = [];
  const rejected = new Map<number, FieldError[]>();
  if (rows.length === 0) return { accepted, rejected };
  const fromPeriod = rows.map((r) => r.attempt.period).sort()[0];
  const states = await loadHouseStates({ tx, houseIds: rows.map((r) => r.houseId), fromPeriod, lock });
  const today = await latestReadingDate(tx);
  const zoneAvg = zoneAverageCache(tx);
  const ordered = [...rows].sort(
    (a, b) => a.attempt.period.localeCompare(b.attempt.period) || a.attempt.readingDate.localeCompare(b.attempt.readingDate) || a.index - b.index,
  );
  for (const row of ordered) {
    const state = states.get(row.houseId);
    if (!state) {
      rejected.set(row.index, [{ field: 'houseId', message: 'v.notFound' }]);
      continue;
    }
    // The zone's average: the estimate's basis, and a new meter's spike reference.
    const zoneAverage = row.attempt.type === 'estimated' || state.recent.length === 0 ? await zoneAvg(state.zoneId, row.attempt.period) : null;
    const result = evaluateReading(state, row.attempt, { zoneAverage, today });
    if (!result.ok) {
      rejected.set(row.index, result.errors);
      continue;
    }
    applyReading(state, row.attempt, result.reading);
    accepted.push({ ...row, reading: result.reading });
  }
  accepted.sort((a, b) => a.index - b.index);
  return { accepted, rejected };
}

/** Writes accepted readings (in chunks) and returns their ids in the same order. */
export async function insertReadings(tx: Db, actor: Actor, accepted: AcceptedReading[]): Promise<number[]> {
  const { clientId, userId } = actor;
  const now = new Date();
  const ids: number[] = [];
  for (let i = 0; i < accepted.length; i += 500) {
    const chunk = accepted.slice(i, i + 500);
    const rows = await tx
      .insert(meterReadings)
      .values(chunk.map((a) => ({ clientId, houseId: a.houseId, note: a.note, createdBy: userId, ...readingValues(a.attempt, a.reading, userId, now) })))
      .returning({ id: meterReadings.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

function readingValues(attempt: ReadingAttempt, r: EvaluatedReading, userId: number, now: Date) {
  return {
    meterId: r.meterId,
    period: attempt.period,
    readingDate: attempt.readingDate,
    type: attempt.type,
    previousReading: r.previousReading,
    previousDate: r.previousDate,
    currentReading: r.currentReading,
    consumption: r.consumption,
    isRollover: r.isRollover,
    flags: r.flags,
    confirmedBy: r.isConfirmed ? userId : null,
    confirmedAt: r.isConfirmed ? now : null,
  };
}

const auditView = (r: Reading) => ({
  houseId: r.houseId,
  meterId: r.meterId,
  period: r.period,
  readingDate: r.readingDate,
  type: r.type,
  previousReading: r.previousReading,
  currentReading: r.currentReading,
  consumption: r.consumption,
  flags: r.flags,
  confirmedBy: r.confirmedBy,
  note: r.note,
});

const attemptOf = (input: ReadingInput): ReadingAttempt => ({
  type: input.type,
  period: input.period,
  readingDate: input.readingDate,
  currentReading: input.currentReading,
  confirmed: input.confirmed,
});

export async function createReading(opts: { tx: Db; actor: Actor; input: ReadingInput }): Promise<Reading> {
  const { tx, actor, input } = opts;
  const { accepted, rejected } = await checkReadingRows({
    tx,
    rows: [{ index: 0, houseId: input.houseId, attempt: attemptOf(input), note: input.note }],
    lock: true,
  });
  const errors = rejected.get(0);
  if (errors) throw new AppError(400, 'VALIDATION', 'common.validation', errors);
  const [id] = await insertReadings(tx, actor, accepted);
  const created = await getReading({ tx, id });
  await writeAudit(tx, actor, { action: 'create', entity: 'reading', entityId: id, after: auditView(created) });
  return created;
}

export async function saveReadingBatch(opts: { tx: Db; actor: Actor; rows: ReadingInput[] }): Promise<{ saved: number; data: Reading[] }> {
  const { tx, actor, rows } = opts;
  const { accepted, rejected } = await checkReadingRows({
    tx,
    rows: rows.map((input, index) => ({ index, houseId: input.houseId, attempt: attemptOf(input), note: input.note })),
    lock: true,
  });
  if (rejected.size > 0) {
    const details = [...rejected.entries()]
      .sort(([a], [b]) => a - b)
      .flatMap(([index, errors]) => errors.map((e) => ({ field: `rows.${index}.${e.field}`, message: e.message })));
    throw new AppError(400, 'VALIDATION', 'common.validation', details);
  }
  const ids = await insertReadings(tx, actor, accepted);
  const data = await getReadings(tx, ids);
  await writeAudit(tx, actor, {
    action: 'batch',
    entity: 'reading',
    after: { count: data.length, readings: data.map((r) => ({ id: r.id, ...auditView(r) })) },
  });
  return { saved: data.length, data };
}

/** The reading, locked, if it may still change: not billed, not a final reading, the latest of its meter. */
async function changeableReading(tx: Db, id: number) {
  const [row] = await tx.select().from(meterReadings).where(eq(meterReadings.id, id)).for('update');
  if (!row) throw notFound();
  if (row.billedBillId !== null) throw new AppError(409, 'READING_BILLED', 'reading.billed');
  if (row.type === 'final') throw new AppError(409, 'READING_FINAL', 'reading.finalReadonly');
  const [later] = await tx
    .select({ id: meterReadings.id })
    .from(meterReadings)
    .where(
      and(
        eq(meterReadings.meterId, row.meterId),
        or(gt(meterReadings.readingDate, row.readingDate), and(eq(meterReadings.readingDate, row.readingDate), gt(meterReadings.id, row.id))),
      ),
    )
    .limit(1);
  // A later reading of the house in another period (after a replacement the old meter's readings are
  // followed by its final reading) also makes this one history.
  const [laterPeriod] = await tx
    .select({ id: meterReadings.id })
    .from(meterReadings)
    .where(and(eq(meterReadings.houseId, row.houseId), gt(meterReadings.period, row.period)))
    .limit(1);
  if (later || laterPeriod) throw new AppError(409, 'READING_NOT_LATEST', 'reading.notLatest');
  return row;
}

export async function updateReading(opts: { tx: Db; actor: Actor; id: number; input: z.output<typeof readingUpdateBody> }): Promise<Reading> {
  const { tx, actor, id, input } = opts;
  await tx.execute(sql`select h.id from houses h join meter_readings r on r.house_id = h.id where r.id = ${id} for update of h`);
  const row = await changeableReading(tx, id);
  const states = await loadHouseStates({ tx, houseIds: [row.houseId], fromPeriod: row.period, excludeReadingId: id });
  const state = states.get(row.houseId) as HouseState;
  const attempt: ReadingAttempt = {
    type: input.type,
    period: row.period,
    readingDate: input.readingDate,
    currentReading: input.currentReading,
    confirmed: input.confirmed,
  };
  const zoneAverage = input.type === 'estimated' || state.recent.length === 0 ? await zoneAverageCache(tx)(state.zoneId, row.period) : null;
  const result = evaluateReading(state, attempt, { zoneAverage, today: await latestReadingDate(tx) });
  if (!result.ok) throw new AppError(400, 'VALIDATION', 'common.validation', result.errors);
  const before = await getReading({ tx, id });
  const { userId } = actor;
  await tx
    .update(meterReadings)
    .set({ ...readingValues(attempt, result.reading, userId, new Date()), note: input.note, updatedAt: new Date() })
    .where(eq(meterReadings.id, id));
  const after = await getReading({ tx, id });
  await writeAudit(tx, actor, { action: 'update', entity: 'reading', entityId: id, before: auditView(before), after: auditView(after) });
  return after;
}

export async function deleteReading(opts: { tx: Db; actor: Actor; id: number }): Promise<void> {
  const { tx, actor, id } = opts;
  await tx.execute(sql`select h.id from houses h join meter_readings r on r.house_id = h.id where r.id = ${id} for update of h`);
  await changeableReading(tx, id);
  const before = await getReading({ tx, id });
  await tx.delete(meterReadings).where(eq(meterReadings.id, id));
  await writeAudit(tx, actor, { action: 'delete', entity: 'reading', entityId: id, before: auditView(before) });
}
