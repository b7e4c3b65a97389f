import { it } from 'vitest';
import { sql } from 'drizzle-orm';
import { inSystem } from '../../db/tenant.ts';
import { newOrganisation, startTestApp } from '../../../test/harness.ts';
import { billingFactory } from './billing-test-kit.ts';

it('batch bench', async () => {
  const ctx = await startTestApp();
  const org = await newOrganisation(ctx, { name: 'Bench' });
  const f = billingFactory(ctx, org);
  const zone = await f.zone();
  const customer = await f.customer();
  const N = Number(process.env.BENCH_N ?? 100);
  await inSystem(ctx.database.db, async (tx) => {
    await tx.execute(sql`insert into houses (client_id, customer_id, zone_id, house_no) select ${org.clientId}, ${customer.id}, ${zone.id}, 'B-' || g from generate_series(1, ${N}) g`);
    await tx.execute(sql`insert into meters (client_id, house_id, meter_no, digits, initial_reading, installed_on)
      select ${org.clientId}, h.id, 'BM-' || h.id, 6, 100, '2025-01-01' from houses h where h.zone_id = ${zone.id}`);
  });
  const ids = (await f.call(org.token, 'GET', `/api/elc/reads/sheet?period=2025-01&zoneId=${zone.id}`)).json().rows.map((r: { houseId: number }) => r.houseId);
  for (const [period, value] of [['2025-01', '200'], ['2025-02', '310'], ['2025-03', '400']]) {
    const t = Date.now();
    const res = await f.call(org.token, 'POST', '/api/elc/reads/batch', { rows: ids.map((houseId: number) => ({ houseId, period, readingDate: `${period}-27`, currentReading: value })) });
    console.log('BENCH batch', period, res.statusCode, res.json().saved, Date.now() - t, 'ms');
  }
  let t = Date.now();
  const sheet = await f.call(org.token, 'GET', `/api/elc/reads/sheet?period=2025-04&zoneId=${zone.id}`);
  console.log('BENCH sheet', sheet.json().rows.length, Date.now() - t, 'ms');
  const csv = ['meterNumber,period,reading,date', ...ids.map((id: number) => `BM-${id},2025-04,500,2025-04-27`)].join('\n');
  t = Date.now();
  const prev = await f.call(org.token, 'POST', '/api/elc/reads/import', csv, undefined, { 'content-type': 'text/csv' });
  console.log('BENCH import preview', prev.json().valid, Date.now() - t, 'ms');
  t = Date.now();
  const com = await f.call(org.token, 'POST', '/api/elc/reads/import?commit=true', csv, undefined, { 'content-type': 'text/csv' });
  console.log('BENCH import commit', com.json().saved, Date.now() - t, 'ms');
  t = Date.now();
  const pending = await f.call(org.token, 'GET', `/api/elc/reads/pending?zoneId=${zone.id}&_limit=100`);
  console.log('BENCH pending', pending.json().total, Date.now() - t, 'ms');
  await ctx.close();
}, 600_000);
