// The depreciation schedule of one asset: the months already posted (from the runs' lines) and the months
// still to come, projected with the pure twin of depreciation.ts's targetSql (the same formula, in
// decimal.js), until cost less salvage is reached or the asset is disposed of.
import { sql } from 'drizzle-orm';
import type { AssetSchedule, Lang } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { Decimal } from '../../ledger/index.ts';
import { latestPostedMonth, nextMonth } from './assets-common.ts';
import { readAssetSettings } from './categories.ts';
import { getAsset } from './register-asset.ts';

export interface ScheduleAsset {
  cost: string;
  salvageValue: string;
  openingAccumulated: string;
  usefulLifeMonths: number;
  method: 'straight-line' | 'declining-balance';
  rate: string | null;
  depreciationStart: string;
}

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));

/** Own accumulated depreciation the schedule reaches by the end of `month` (YYYY-MM): targetSql in decimal.js. */
export function scheduleTarget(a: ScheduleAsset, month: string, firstMonth: 'full' | 'none' | 'pro-rata'): Decimal {
  const base = new Decimal(a.cost).minus(a.salvageValue).minus(a.openingAccumulated);
  const k = monthIndex(`${month}-01`) - monthIndex(a.depreciationStart);
  const start = new Date(`${a.depreciationStart}T00:00:00Z`);
  const dim = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).getUTCDate();
  const f = firstMonth === 'full' ? new Decimal(1) : firstMonth === 'none' ? new Decimal(0) : new Decimal(dim - start.getUTCDate() + 1).dividedBy(dim);
  const n = Decimal.min(new Decimal(a.usefulLifeMonths), Decimal.max(new Decimal(0), new Decimal(k).plus(f)));
  if (n.gte(a.usefulLifeMonths)) return base;
  if (a.method === 'straight-line') return base.times(n).dividedBy(a.usefulLifeMonths).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const factor = new Decimal(1).minus(new Decimal(a.rate ?? 0).dividedBy(1200)).pow(n);
  return Decimal.min(base, new Decimal(a.cost).minus(a.openingAccumulated).times(new Decimal(1).minus(factor)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
}

export async function assetSchedule(opts: { tx: Db; clientId: number; lang: Lang; id: number }): Promise<AssetSchedule> {
  const { tx, clientId, lang, id } = opts;
  const asset = await getAsset({ tx, clientId, lang, id });
  const posted = await queryRows<{ month: string; amount: string }>(
    tx,
    sql`select to_char(r.month, 'YYYY-MM') as month, l.amount::text
        from asset_depreciation_lines l join asset_depreciation_runs r on r.client_id = l.client_id and r.id = l.run_id
        where l.client_id = ${clientId} and l.asset_id = ${id} and r.status = 'posted' order by r.month`,
  );
  const rows: AssetSchedule['rows'] = [];
  const cost = new Decimal(asset.cost);
  let accumulated = new Decimal(asset.openingAccumulated);
  if (accumulated.gt(0))
    rows.push({
      month: asset.recordedOn.slice(0, 7),
      kind: 'opening',
      amount: accumulated.toFixed(2),
      accumulated: accumulated.toFixed(2),
      netBookValue: cost.minus(accumulated).toFixed(2),
    });
  for (const p of posted) {
    accumulated = accumulated.plus(p.amount);
    rows.push({
      month: p.month,
      kind: 'posted',
      amount: new Decimal(p.amount).toFixed(2),
      accumulated: accumulated.toFixed(2),
      netBookValue: cost.minus(accumulated).toFixed(2),
    });
  }
  if (asset.status === 'Active') {
    const { firstMonth } = await readAssetSettings(tx, clientId);
    const latest = await latestPostedMonth(tx, clientId);
    const startMonth = asset.depreciationStart.slice(0, 7);
    const recordedMonth = asset.recordedOn.slice(0, 7);
    let month = latest ? nextMonth(latest) : startMonth < recordedMonth ? recordedMonth : startMonth;
    if (month < recordedMonth) month = recordedMonth;
    const limit = new Decimal(asset.cost).minus(asset.salvageValue);
    let own = new Decimal(asset.accumulated).minus(asset.openingAccumulated);
    for (let i = 0; i < 1300 && accumulated.lt(limit); i++) {
      const charge = Decimal.max(new Decimal(0), scheduleTarget(asset, month, firstMonth).minus(own));
      if (charge.gt(0)) {
        own = own.plus(charge);
        accumulated = accumulated.plus(charge);
        rows.push({
          month,
          kind: 'projected',
          amount: charge.toFixed(2),
          accumulated: accumulated.toFixed(2),
          netBookValue: cost.minus(accumulated).toFixed(2),
        });
      }
      month = nextMonth(month);
    }
  }
  return { asset, rows };
}
