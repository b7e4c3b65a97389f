// POST /api/elc/houses/:id/replace-meter: the installed meter is closed with its final reading (checked
// like any reading: rollover, below previous, zero and spike confirmation) and stored as a `final`
// reading of the period, so the old meter's last consumption is billed; the new meter is installed the
// same day with its initial reading, which becomes the baseline of the house's next reading. The meters
// table keeps the history. One transaction, one audit line.
import { and, eq, isNull } from 'drizzle-orm';
import type { HouseDetail, replaceMeterBody, z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, type FieldError, notFound } from '../../plugins/errors.ts';
import { latestReadingDate, loadHouseStates } from './house-state.ts';
import { getHouse } from './list-houses.ts';
import { meters } from './metering.tables.ts';
import { evaluateReading, type ReadingAttempt } from './reading-rules.ts';
import { fitsDigits, isMeterNumberTaken, meterTakenOnUnique } from './save-house.ts';
import { insertReadings } from './save-readings.ts';

// The rules name the fields of a reading; this request names them after the replacement.
const fieldOfReading: Record<string, string> = {
  currentReading: 'oldFinalReading',
  readingDate: 'date',
  period: 'period',
  confirmed: 'confirmed',
  type: 'oldFinalReading',
};

export async function replaceMeter(opts: { tx: Db; actor: Actor; houseId: number; input: z.output<typeof replaceMeterBody> }): Promise<HouseDetail> {
  const { tx, actor, houseId, input } = opts;
  const { clientId, userId } = actor;
  const period = input.period ?? input.date.slice(0, 7);
  const states = await loadHouseStates({ tx, houseIds: [houseId], fromPeriod: period, lock: true });
  const state = states.get(houseId);
  if (!state) throw notFound();
  const before = await getHouse({ tx, id: houseId });

  const attempt: ReadingAttempt = { type: 'final', period, readingDate: input.date, currentReading: input.oldFinalReading, confirmed: input.confirmed };
  const result = evaluateReading(state, attempt, { zoneAverage: null, today: await latestReadingDate(tx) });
  const problems: FieldError[] = result.ok
    ? []
    : result.errors.map((e) =>
        e.field === 'readingDate' && e.message.startsWith('reading.dateBeforePrevious')
          ? { field: 'date', message: `house.replaceDate|${state.baselineDate}` }
          : { field: fieldOfReading[e.field] ?? e.field, message: e.message },
      );
  if (await isMeterNumberTaken(tx, input.newMeterNumber)) problems.push({ field: 'newMeterNumber', message: 'house.meterTaken' });
  if (!fitsDigits(input.newInitialReading, input.digits)) problems.push({ field: 'newInitialReading', message: `reading.tooManyDigits|${input.digits}` });
  if (problems.length > 0 || !result.ok) throw new AppError(400, 'VALIDATION', 'common.validation', problems);

  const [finalId] = await insertReadings(tx, actor, [{ index: 0, houseId, attempt, note: input.note, reading: result.reading }]);
  await tx
    .update(meters)
    .set({ removedOn: input.date, finalReading: result.reading.currentReading })
    .where(and(eq(meters.id, state.meterId), isNull(meters.removedOn)));
  const [created] = await tx
    .insert(meters)
    .values({
      clientId,
      houseId,
      meterNo: input.newMeterNumber,
      digits: input.digits,
      initialReading: input.newInitialReading,
      installedOn: input.date,
      createdBy: userId,
    })
    .returning({ id: meters.id })
    .catch(meterTakenOnUnique('newMeterNumber'));
  const after = await getHouse({ tx, id: houseId });
  await writeAudit(tx, actor, {
    action: 'replace-meter',
    entity: 'house',
    entityId: houseId,
    before: { meterId: before.meterId, meterNumber: before.meterNumber, meterDigits: before.meterDigits },
    after: {
      date: input.date,
      period,
      oldFinalReading: result.reading.currentReading,
      finalConsumption: result.reading.consumption,
      finalReadingId: finalId,
      flags: result.reading.flags,
      meterId: created.id,
      meterNumber: input.newMeterNumber,
      meterDigits: input.digits,
      initialReading: input.newInitialReading,
      note: input.note,
    },
  });
  return after;
}
