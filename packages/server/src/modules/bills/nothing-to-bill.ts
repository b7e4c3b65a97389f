// The refusal of a bill run that would bill nothing. A run is recorded only with bills: concurrent saves
// of the same run queue on the organisation's bill-run lock, the first bills the houses and the others
// then find nothing left; they are told which run billed the readings instead of leaving an empty
// "Posted" run behind (issue 12).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../../plugins/errors.ts';

/** 409 NOTHING_TO_BILL, naming the newest open run that billed the period (zone, houses) when there is one. */
export async function nothingToBill(tx: Db, clientId: number, input: { period: string; zoneId?: number; houseIds?: number[] }): Promise<AppError> {
  const houses = input.houseIds ? JSON.stringify(input.houseIds) : null;
  const [row] = await queryRows<{ run_id: string | number | null }>(
    tx,
    sql`
    select max(run_id) as run_id from bills
    where client_id = ${clientId} and period = ${input.period} and status = 'Open'
      and (${input.zoneId ?? null}::int is null or zone_id = ${input.zoneId ?? null}::int)
      and (${houses}::jsonb is null or house_id in (select (jsonb_array_elements_text(${houses}::jsonb))::int))`,
  );
  const runId = row?.run_id === null || row?.run_id === undefined ? null : Number(row.run_id);
  return new AppError(409, 'NOTHING_TO_BILL', runId === null ? 'bill.nothingToBill' : `bill.nothingToBillRun|${runId}`);
}
