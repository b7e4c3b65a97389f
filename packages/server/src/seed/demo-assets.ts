// The demo organisation's fixed assets in three categories: a transformer and the head office building
// brought in from the older books (with their depreciation to date), two pickup trucks bought on credit
// from the first vendor and three laptops bought for cash, then six months of depreciation posted, so the
// register, the runs and the reports have real figures. Every step calls the assets module's services as
// the organisation's administrator, its input checked by the route's contract schema, one transaction per
// step, as a person's requests would be.
import { sql } from 'drizzle-orm';
import { assetPurchaseBody, assetRegisterBody } from '@ubo/contracts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { buyAssets, listCategories, postDepreciation, registerAsset } from '../modules/assets/index.ts';
import { actorTx } from '../plugins/auth.ts';
import { demoAdministrator } from './demo-billing.ts';

export interface DemoAssetsResult {
  assets: number;
  months: string[];
}

/** The first day of the month `back` months before today's, as YYYY-MM. */
function monthBefore(today: Date, back: number): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
  return d.toISOString().slice(0, 7);
}

export async function seedDemoAssets(db: Db, opts: { code: number; username: string; today?: Date }): Promise<DemoAssetsResult> {
  const actor = await demoAdministrator(db, opts.code, opts.username);
  const step = <T>(fn: (tx: Db) => Promise<T>) => actorTx(db, actor, fn);
  const today = opts.today ?? new Date();
  const start = `${monthBefore(today, 6)}-01`;
  const { data: categories } = await step((tx) => listCategories({ tx, clientId: actor.clientId, lang: 'en' }));
  const category = (name: string) => {
    const c = categories.find((x) => x.nameEn === name);
    if (!c) throw new Error(`demo assets: no category ${name}`);
    return c.id;
  };
  const [refs] = await step((tx) =>
    queryRows<{ branch_id: number; vendor_id: number | null; cash_id: number }>(
      tx,
      sql`select (select id from branches where status = 'Active' order by id limit 1) as branch_id,
                 (select id from vendors where status = 'Active' order by id limit 1) as vendor_id,
                 (select id from accounts where code = '1010') as cash_id`,
    ),
  );
  const branchId = Number(refs.branch_id);
  const common = { branchId, acquisitionDate: start, depreciationStart: start };

  await step((tx) =>
    registerAsset({
      tx,
      actor,
      input: assetRegisterBody.parse({
        ...common,
        tag: 'TRF-0001',
        name: 'Transformer 500 kVA, Hodan substation',
        categoryId: category('Transformers'),
        location: 'Hodan substation',
        serialNo: 'ABB-500-77812',
        acquisitionDate: '2021-06-15',
        cost: '38000.00',
        openingAccumulated: '7600.00',
        recordedOn: start,
      }),
    }),
  );
  await step((tx) =>
    registerAsset({
      tx,
      actor,
      input: assetRegisterBody.parse({
        ...common,
        tag: 'BLD-0001',
        name: 'Head office building',
        categoryId: category('Buildings'),
        location: 'Maka Al Mukarama road',
        acquisitionDate: '2018-01-10',
        cost: '240000.00',
        openingAccumulated: '48000.00',
        recordedOn: start,
      }),
    }),
  );
  const vehicles = category('Vehicles');
  await step((tx) =>
    buyAssets({
      tx,
      actor,
      input: assetPurchaseBody.parse(
        refs.vendor_id
          ? {
              kind: 'credit',
              vendorId: Number(refs.vendor_id),
              date: start,
              reference: 'TOY-2026-118',
              assets: [
                {
                  ...common,
                  tag: 'VEH-0001',
                  name: 'Toyota Hilux pickup',
                  categoryId: vehicles,
                  custodian: 'Faadumo Yuusuf',
                  cost: '32000.00',
                  serialNo: 'JTFDE626',
                },
                {
                  ...common,
                  tag: 'VEH-0002',
                  name: 'Toyota Hilux pickup',
                  categoryId: vehicles,
                  custodian: 'Cabdi Maxamed',
                  cost: '32000.00',
                  serialNo: 'JTFDE627',
                },
              ],
            }
          : {
              kind: 'cash',
              accountId: Number(refs.cash_id),
              date: start,
              assets: [{ ...common, tag: 'VEH-0001', name: 'Toyota Hilux pickup', categoryId: vehicles, cost: '32000.00' }],
            },
      ),
    }),
  );
  const it = category('IT equipment');
  await step((tx) =>
    buyAssets({
      tx,
      actor,
      input: assetPurchaseBody.parse({
        kind: 'cash',
        accountId: Number(refs.cash_id),
        date: start,
        reference: 'Laptops for billing',
        assets: [1, 2, 3].map((n) => ({
          ...common,
          tag: `IT-000${n}`,
          name: 'Laptop, billing office',
          categoryId: it,
          custodian: 'Billing office',
          cost: '950.00',
        })),
      }),
    }),
  );
  const months = [6, 5, 4, 3, 2, 1].map((back) => monthBefore(today, back));
  for (const month of months) await step((tx) => postDepreciation({ tx, actor, month }));
  const [count] = await step((tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from assets`));
  return { assets: Number(count.n), months };
}
