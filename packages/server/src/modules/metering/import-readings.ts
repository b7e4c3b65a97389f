// POST /api/elc/reads/import: readings from a CSV file (columns meterNumber, period, reading, date, type,
// and optionally confirmed and note; any order, header names case- and space-insensitive). Every row is
// checked exactly like an entered reading (rows of one house in period order); the answer lists each
// row's outcome. Only with commit=true are the valid rows saved, with one audit line; otherwise nothing
// is written (preview).
import { sql } from 'drizzle-orm';
import { type ReadingImportLine, type ReadingImportResult, type ReadingImportRow, plainDecimal, readingImportLine } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { queryRows } from '../../db/rows.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { type FieldError, fieldError } from '../../plugins/errors.ts';
import { parseCsv } from './parse-csv.ts';
import type { ReadingAttempt } from './reading-rules.ts';
import { checkReadingRows, insertReadings } from './save-readings.ts';

export const MAX_IMPORT_ROWS = 5000;

const columnAliases: Record<string, keyof ReadingImportLine> = {
  meternumber: 'meterNumber',
  meterno: 'meterNumber',
  meter: 'meterNumber',
  period: 'period',
  reading: 'reading',
  currentreading: 'reading',
  date: 'date',
  readingdate: 'date',
  type: 'type',
  confirmed: 'confirmed',
  note: 'note',
};
const requiredColumns = ['meterNumber', 'period', 'date'] as const;
// The rules speak of the API's fields; the file's columns have their own names.
const columnOfField: Record<string, string> = { currentReading: 'reading', readingDate: 'date', houseId: 'meterNumber' };

interface ParsedLine {
  line: number;
  raw: Record<string, string>;
  value: ReadingImportLine | null;
  errors: FieldError[];
}

function parseLines(text: string): ParsedLine[] {
  const rows = parseCsv(text);
  if (rows === null) throw fieldError('file', 'csv.malformed');
  if (rows.length < 2) throw fieldError('file', 'csv.empty');
  const header = rows[0].cells.map(
    (h) =>
      columnAliases[
        h
          .trim()
          .toLowerCase()
          .replace(/[\s_-]/g, '')
      ],
  );
  for (const column of requiredColumns) {
    if (!header.includes(column)) throw fieldError('file', `csv.missingColumn|${column}`);
  }
  if (rows.length - 1 > MAX_IMPORT_ROWS) throw fieldError('file', `csv.tooManyRows|${MAX_IMPORT_ROWS}`);
  return rows.slice(1).map(({ line, cells }) => {
    const raw: Record<string, string> = {};
    header.forEach((column, i) => {
      if (column) raw[column] = (cells[i] ?? '').trim();
    });
    const parsed = readingImportLine.safeParse(raw);
    if (parsed.success) return { line, raw, value: parsed.data, errors: [] };
    return { line, raw, value: null, errors: parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })) };
  });
}

export async function importReadings(opts: { tx: Db; actor: Actor; csv: string; commit: boolean }): Promise<ReadingImportResult> {
  const { tx, actor, csv, commit } = opts;
  const lines = parseLines(csv);

  const numbers = [...new Set(lines.filter((l) => l.value).map((l) => l.value!.meterNumber.toLowerCase()))];
  const meters = numbers.length
    ? await queryRows<{ key: string; house_id: number; removed: boolean }>(
        tx,
        sql`
        select lower(m.meter_no) as key, m.house_id, m.removed_on is not null as removed from meters m
        where lower(m.meter_no) in (${sql.join(
          numbers.map((n) => sql`${n}`),
          sql`, `,
        )})`,
      )
    : [];
  const meterByNumber = new Map(meters.map((m) => [m.key, m]));

  const candidates: Array<{ index: number; houseId: number; attempt: ReadingAttempt; note: string | null }> = [];
  lines.forEach((l, index) => {
    if (!l.value) return;
    const meter = meterByNumber.get(l.value.meterNumber.toLowerCase());
    if (!meter) l.errors.push({ field: 'meterNumber', message: 'reading.unknownMeter' });
    else if (meter.removed) l.errors.push({ field: 'meterNumber', message: 'reading.meterReplaced' });
    else {
      candidates.push({
        index,
        houseId: meter.house_id,
        attempt: {
          type: l.value.type ?? 'regular',
          period: l.value.period,
          readingDate: l.value.date,
          currentReading: l.value.reading,
          confirmed: l.value.confirmed,
        },
        note: l.value.note,
      });
    }
  });

  const { accepted, rejected } = await checkReadingRows({ tx, rows: candidates, lock: commit });
  for (const [index, errors] of rejected) {
    lines[index].errors.push(...errors.map((e) => ({ field: columnOfField[e.field] ?? e.field, message: e.message })));
  }
  const ids = commit && accepted.length > 0 ? await insertReadings(tx, actor, accepted) : [];
  const savedIdByIndex = new Map(accepted.map((a, i) => [a.index, ids[i] ?? null]));
  const acceptedByIndex = new Map(accepted.map((a) => [a.index, a]));
  const houseByIndex = new Map(candidates.map((c) => [c.index, c.houseId]));

  const rows: ReadingImportRow[] = lines.map((l, index) => {
    const ok = acceptedByIndex.get(index);
    return {
      line: l.line,
      meterNumber: l.raw.meterNumber ?? '',
      period: l.raw.period ?? '',
      ok: Boolean(ok),
      saved: commit && Boolean(ok),
      houseId: houseByIndex.get(index) ?? null,
      readingId: commit ? (savedIdByIndex.get(index) ?? null) : null,
      previousReading: ok ? ok.reading.previousReading : null,
      currentReading: ok ? ok.reading.currentReading : null,
      consumption: ok ? plainDecimal(ok.reading.consumption) : null,
      flags: ok ? ok.reading.flags : [],
      errors: l.errors,
    };
  });
  if (commit && ids.length > 0) {
    await writeAudit(tx, actor, {
      action: 'import',
      entity: 'reading',
      after: {
        count: ids.length,
        readings: accepted.map((a, i) => ({
          id: ids[i],
          houseId: a.houseId,
          period: a.attempt.period,
          currentReading: a.reading.currentReading,
          consumption: a.reading.consumption,
          flags: a.reading.flags,
        })),
      },
    });
  }
  const valid = accepted.length;
  return { committed: commit, total: lines.length, valid, invalid: lines.length - valid, saved: ids.length, rows };
}
