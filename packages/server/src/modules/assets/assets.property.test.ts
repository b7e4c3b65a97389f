// Random sequences of additions, depreciation runs, disposals and reversals keep the register equal to
// the ledger (test/asset-invariant.ts), never take an asset below salvage, and charge every straight-line
// asset exactly its schedule: after a run of the n-th month, min(base, round(base x n / life)).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAssetsMatchBooks } from '../../../test/asset-invariant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { Decimal } from '../../ledger/index.ts';
import { assetsKit } from './assets-test-kit.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const cents = fc.integer({ min: 100, max: 500_000 }).map((n) => (n / 100).toFixed(2));
const op = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      category: fc.constantFrom('IT equipment', 'Furniture and office equipment', 'Vehicles'),
      cost: cents,
      salvagePercent: fc.integer({ min: 0, max: 50 }),
      openingPercent: fc.integer({ min: 0, max: 40 }),
      life: fc.integer({ min: 1, max: 18 }),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('run' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reverse' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('dispose' as const), pick: fc.nat(), sale: fc.boolean(), proceeds: cents }) },
);

// Found by random runs (session 14's ledger -245.54 against register -61.45): an asset added after a run,
// disposed of, then that run reversed (the asset was not in it) and the month posted again charged the
// disposed asset, crediting accumulated depreciation that no register row holds any more.
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
const regressions: Op[][] = [
  [
    { kind: 'run' },
    { kind: 'add', category: 'IT equipment', cost: '1200.00', salvagePercent: 0, openingPercent: 0, life: 12 },
    { kind: 'dispose', pick: 0, sale: false, proceeds: '1.00' },
    { kind: 'reverse' },
    { kind: 'run' },
  ],
];

const monthAt = (i: number) => `${2026 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;

describe('assets over random sequences', () => {
  it(
    'keep the register equal to the books and never depreciate below salvage',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
          const org = await newOrganisation(ctx);
          const k = assetsKit(ctx, org);
          const cash = await k.accountId('1010');
          // Months posted so far (2026-01 is index 0); assets: id, straight line?, base, life, disposed.
          let posted = 0;
          const assets: Array<{ id: number; isStraight: boolean; base: Decimal; opening: Decimal; life: number; disposed: boolean; own: Decimal }> = [];
          // Each run brings every active asset to its schedule after that many months (a late one catches up);
          // a reversal puts back what the run found.
          const before: Array<Map<number, Decimal>> = [];
          const target = (a: (typeof assets)[number], months: number) =>
            months >= a.life ? a.base : a.base.times(months).dividedBy(a.life).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
          for (const o of ops) {
            if (o.kind === 'add') {
              const cost = new Decimal(o.cost);
              const salvage = cost.times(o.salvagePercent).dividedBy(100).toDecimalPlaces(2);
              const opening = cost.times(o.openingPercent).dividedBy(100).toDecimalPlaces(2);
              const res = await k.register({
                categoryId: await k.categoryId(o.category),
                cost: o.cost,
                salvageValue: salvage.toFixed(2),
                openingAccumulated: opening.toFixed(2),
                usefulLifeMonths: o.life,
                acquisitionDate: '2026-01-01',
                depreciationStart: '2026-01-01',
                recordedOn: '2026-01-01',
              });
              expect(res.statusCode, res.body).toBe(201);
              assets.push({
                id: res.json().id,
                isStraight: o.category !== 'Vehicles',
                base: cost.minus(salvage).minus(opening),
                opening,
                life: o.life,
                disposed: false,
                own: new Decimal(0),
              });
            } else if (o.kind === 'run') {
              const res = await k.post(monthAt(posted));
              expect(res.statusCode, res.body).toBe(202);
              posted += 1;
              before.push(new Map(assets.map((a) => [a.id, a.own])));
              for (const a of assets) if (!a.disposed) a.own = Decimal.max(a.own, target(a, posted));
            } else if (o.kind === 'reverse') {
              const latest = (await k.runs()).find((r) => r.status === 'posted');
              if (!latest) continue;
              const res = await k.call(org.token, 'POST', `/api/assets/depreciation/runs/${latest.id}/reverse`);
              if (res.statusCode === 409) {
                expect(res.json().code).toBe('RUN_HAS_DISPOSED');
                continue;
              }
              expect(res.statusCode, res.body).toBe(200);
              posted -= 1;
              const was = before.pop();
              for (const a of assets) a.own = was?.get(a.id) ?? new Decimal(0);
            } else {
              const active = assets.filter((a) => !a.disposed);
              if (active.length === 0) continue;
              const chosen = active[o.pick % active.length];
              const date = posted === 0 ? '2026-01-02' : `${monthAt(posted)}-01`;
              const res = await k.call(
                org.token,
                'POST',
                `/api/assets/${chosen.id}/dispose`,
                o.sale ? { date, kind: 'sale', proceeds: o.proceeds, accountId: cash } : { date, kind: 'write-off' },
              );
              expect(res.statusCode, res.body).toBe(200);
              chosen.disposed = true;
            }
          }
          for (const a of assets.filter((x) => x.isStraight && !x.disposed)) {
            const asset = (await k.call(org.token, 'GET', `/api/assets/${a.id}`)).json();
            expect(asset.accumulated).toBe(a.opening.plus(a.own).toFixed(2));
          }
          await expectAssetsMatchBooks(ctx.database.db);
        }),
        // A fixed seed in CI; ASSETS_SEED=random explores (ASSETS_RUNS=200 for more sequences). The
        // regressions above always run first.
        {
          numRuns: Number(process.env.ASSETS_RUNS ?? 12),
          examples: regressions.map((ops) => [ops] as [Op[]]),
          ...(process.env.ASSETS_SEED === 'random' ? {} : { seed: Number(process.env.ASSETS_SEED ?? 20261128) }),
        },
      );
    },
    60_000 + 6_000 * Number(process.env.ASSETS_RUNS ?? 12),
  );
});
