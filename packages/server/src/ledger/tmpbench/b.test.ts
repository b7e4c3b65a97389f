import { it } from 'vitest';
import { sql } from 'drizzle-orm';
import { newOrganisation, startTestApp } from '../../../test/harness.ts';
import { inTenant } from '../../db/tenant.ts';
import { postJournal } from '../index.ts';
import { accountsByCode } from '../ledger-test-kit.ts';

it('bench', async () => {
  const ctx = await startTestApp();
  const org = await newOrganisation(ctx);
  const acc = await accountsByCode(ctx.database.db, org.clientId);
  const one = () => inTenant(ctx.database.db, org.clientId, async (tx) => { if (process.env.ASYNC) await tx.execute(sql`set local synchronous_commit = off`); return postJournal(tx, { clientId: org.clientId, date: '2025-01-01', sourceType: 'journal', lines: [{ accountId: acc['1010'], debit: '1.00' }, { accountId: acc['4010'], credit: '1.00' }] }); });
  for (let i = 0; i < 20; i++) await one();
  let t = performance.now();
  for (let i = 0; i < 200; i++) await one();
  console.log('sequential per posting ms', (performance.now() - t) / 200);
  t = performance.now();
  for (let i = 0; i < 200; i++) await ctx.database.db.transaction(async (tx) => { await tx.execute(sql`select 1`); });
  console.log('empty tx ms', (performance.now() - t) / 200);
  t = performance.now();
  await Promise.all(Array.from({ length: 8 }, async () => { for (let i = 0; i < 100; i++) await one(); }));
  console.log('8 concurrent entries/s', 800 / ((performance.now() - t) / 1000));
  await ctx.close();
}, 120000);
