// The demo organisation's living utility: two zones, tariffs with blocks, 30 customers with houses and
// meters, three billed months with readings, bills and payments (some paid in full, some in part, some
// not at all), and this month's readings entered but not billed, so a new user sees real figures on
// every screen and can run the next bill run at once.
//
// Every step calls the module's own service (the one its route calls) as the organisation's administrator,
// with the input checked by the route's contract schema, one transaction per step: the demo obeys every
// rule the product enforces and posts the same ledger entries a real month does, without a web server.
import { and, eq } from 'drizzle-orm';
import { billListQuery, branchListQuery, customerBody, houseBody, paymentBody, readingBatchBody, saveBillRunBody, tariffBody, zoneBody } from '@ubo/contracts';
import type { Db } from '../db/client.ts';
import { inSystem } from '../db/tenant.ts';
import { accounts } from '../ledger/index.ts';
import { type Actor, systemActor } from '../lib/actor.ts';
import { listReferences } from '../lib/reference-list.ts';
import { listBills, saveBillRun } from '../modules/bills/index.ts';
import { createCustomer } from '../modules/customers/index.ts';
import { createHouse, saveReadingBatch } from '../modules/metering/index.ts';
import { branchList as branchReferenceList, clients } from '../modules/organisations/index.ts';
import { receivePayment } from '../modules/payments/index.ts';
import { createTariff } from '../modules/tariffs/index.ts';
import { users } from '../modules/users/index.ts';
import { createZone } from '../modules/zones/index.ts';
import { actorTx } from '../plugins/auth.ts';

export interface DemoBillingOptions {
  /** The organisation's code and the administrator the demo is built as. */
  code: number;
  username: string;
  /** The business date the demo is built around (default: today). */
  today?: Date;
}

export interface DemoBillingResult {
  customers: number;
  billedPeriods: string[];
  pendingPeriod: string;
  bills: number;
  payments: number;
}

const FIRST_NAMES = [
  'Axmed',
  'Faadumo',
  'Maxamed',
  'Hodan',
  'Cabdi',
  'Sahra',
  'Yuusuf',
  'Ubax',
  'Cali',
  'Nimco',
  'Xasan',
  'Hibo',
  'Ibraahim',
  'Amina',
  'Cumar',
];
const FAMILY_NAMES = ['Warsame', 'Jaamac', 'Faarax', 'Cilmi', 'Samatar', 'Muuse', 'Aadan', 'Xirsi', 'Guuleed', 'Nuur'];
const BUSINESSES = ['Hotel Jazeera', 'Bakaaraha Store', 'Daallo Pharmacy', 'Hormuud Office', 'Ocean Bakery', 'Xamar Clinic'];

/** Deterministic pseudo-random numbers, so every demo has the same figures for the same date. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function addMonths(period: string, n: number): string {
  const [y, m] = period.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

function lastDay(period: string): string {
  const [y, m] = period.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

function dayOf(period: string, day: number): string {
  return `${period}-${String(day).padStart(2, '0')}`;
}

/** The demo's administrator as the actor of every step (audit lines, created_by, entries name them). */
export async function demoAdministrator(db: Db, code: number, username: string): Promise<Actor> {
  const [admin] = await inSystem(db, (tx) =>
    tx
      .select({ clientId: clients.id, userId: users.id, username: users.username, fullname: users.fullname, isAdmin: users.isAdmin, branchId: users.branchId })
      .from(users)
      .innerJoin(clients, eq(clients.id, users.clientId))
      .where(and(eq(clients.code, code), eq(users.username, username), eq(users.status, 'Active'))),
  );
  if (!admin) throw new Error(`demo: no active user ${username} in organisation ${code}`);
  return { ...systemActor(admin), branchId: admin.branchId };
}

export async function seedDemoBilling(db: Db, opts: DemoBillingOptions): Promise<DemoBillingResult> {
  const actor = await demoAdministrator(db, opts.code, opts.username);
  return buildLivingUtility(db, actor, opts.today ?? new Date());
}

async function buildLivingUtility(db: Db, actor: Actor, today: Date): Promise<DemoBillingResult> {
  // One transaction per step, as the requests of a person doing this by hand would be: what happens at
  // commit (credit applied to new bills, the ledger's checks) happens at the same points.
  const step = <T>(fn: (tx: Db) => Promise<T>) => actorTx(db, actor, fn);
  const random = rng(1000);
  const pendingPeriod = today.toISOString().slice(0, 7);
  const billedPeriods = [addMonths(pendingPeriod, -3), addMonths(pendingPeriod, -2), addMonths(pendingPeriod, -1)];
  const installPeriod = addMonths(pendingPeriod, -4);

  const branchList = await step((tx) => listReferences({ tx, list: branchReferenceList, query: branchListQuery.parse({ _limit: '10' }) }));
  const branchId = branchList.data[0].id;
  const north = await step((tx) =>
    createZone({ tx, actor, input: zoneBody.parse({ name: 'Hodan North', branchId, description: 'Hodan district, north of Maka Al Mukarama Road' }) }),
  );
  const market = await step((tx) =>
    createZone({ tx, actor, input: zoneBody.parse({ name: 'Bakaara Market', branchId, description: 'Market area: shops, hotels and offices' }) }),
  );

  const effectiveFrom = dayOf(installPeriod, 1);
  await step((tx) =>
    createTariff({
      tx,
      actor,
      input: tariffBody.parse({
        name: 'Residential 2026',
        customerClass: 'residential',
        effectiveFrom,
        serviceCharge: '2.00',
        minimumCharge: '3.00',
        taxPercent: '0',
        description: 'Lifeline block for the first 50 kWh',
        blocks: [
          { from: '0', to: '50', rate: '0.25' },
          { from: '50', to: '150', rate: '0.35' },
          { from: '150', to: null, rate: '0.45' },
        ],
      }),
    }),
  );
  await step((tx) =>
    createTariff({
      tx,
      actor,
      input: tariffBody.parse({
        name: 'Commercial 2026',
        customerClass: 'commercial',
        effectiveFrom,
        serviceCharge: '5.00',
        minimumCharge: '10.00',
        taxPercent: '5',
        blocks: [
          { from: '0', to: '200', rate: '0.40' },
          { from: '200', to: null, rate: '0.50' },
        ],
      }),
    }),
  );

  // 24 households in Hodan North, 6 businesses in the market.
  const houses: Array<{ id: number; customerId: number; zoneId: number; daily: number; reading: number }> = [];
  for (let i = 0; i < 30; i += 1) {
    const business = i >= 24;
    const name = business ? BUSINESSES[i - 24] : `${FIRST_NAMES[i % FIRST_NAMES.length]} ${FAMILY_NAMES[(i * 7) % FAMILY_NAMES.length]}`;
    const customer = await step((tx) =>
      createCustomer({
        tx,
        actor,
        input: customerBody.parse({
          name,
          phone: `06${business ? '1' : '3'}${String(4400000 + i * 137).padStart(7, '0')}`,
          address: business ? `Bakaara Market, shop ${i - 23}` : `Hodan, street ${1 + (i % 6)}`,
          customerClass: business ? 'commercial' : 'residential',
          openingBalance: i % 10 === 3 ? '12.50' : '0',
        }),
      }),
    );
    const reading = Math.floor(random() * 4000) + 100;
    const house = await step((tx) =>
      createHouse({
        tx,
        actor,
        input: houseBody.parse({
          customerId: customer.id,
          zoneId: business ? market.id : north.id,
          houseNo: business ? `BM-${String(i - 23).padStart(3, '0')}` : `HN-${String(i + 1).padStart(3, '0')}`,
          meterNumber: `${business ? 'EM' : 'EH'}-${String(70100 + i)}`,
          meterDigits: 6,
          installationReading: String(reading),
          installationDate: dayOf(installPeriod, 10),
        }),
      }),
    );
    houses.push({
      id: house.id,
      customerId: customer.id,
      zoneId: business ? market.id : north.id,
      daily: business ? 9 + random() * 12 : 2 + random() * 4,
      reading,
    });
  }

  const chart = await step((tx) => tx.select({ id: accounts.id, code: accounts.code }).from(accounts));
  const accountByCode = new Map(chart.map((a) => [a.code, a.id]));
  const cash = accountByCode.get('1010');
  const evcPlus = accountByCode.get('1040');
  const zaad = accountByCode.get('1050');
  if (!cash || !evcPlus || !zaad) throw new Error('demo: the default chart lacks cash or mobile-money accounts');

  let bills = 0;
  let payments = 0;
  for (const [monthIndex, period] of [...billedPeriods, pendingPeriod].entries()) {
    const rows = houses.map((h, i) => {
      const days = 30;
      // One household forgets to switch off its water heater in the second month: a confirmed spike.
      const spike = monthIndex === 1 && i === 5 ? 4 : 1;
      h.reading += Math.round(h.daily * days * spike * (0.85 + random() * 0.3));
      return { houseId: h.id, period, readingDate: dayOf(period, 25), type: 'regular', currentReading: String(h.reading), confirmed: true };
    });
    // This month: one house in the market is not read yet (the run's exceptions show it).
    const entered = period === pendingPeriod ? rows.slice(0, -1) : rows;
    if (period === pendingPeriod && today.getUTCDate() < 25) {
      for (const r of entered) r.readingDate = today.toISOString().slice(0, 10);
    }
    await step((tx) => saveReadingBatch({ tx, actor, rows: readingBatchBody.parse({ rows: entered }).rows }));
    if (period === pendingPeriod) break;

    // Each past month was billed on its last day (a run dates its bills the day it is made).
    const run = await step((tx) => saveBillRun({ tx, actor, input: saveBillRunBody.parse({ period, service: 'electricity', issueDate: lastDay(period) }) }));
    bills += run.billCount;

    // Payments in the first half of the next month: most pay in full, some in part, a few not at all.
    const next = addMonths(period, 1);
    const open = await step((tx) => listBills({ tx, clientId: actor.clientId, query: billListQuery.parse({ period, _limit: '1000' }) }));
    for (const [i, bill] of open.data.entries()) {
      const behaviour = (i + monthIndex) % 10;
      if (behaviour === 9 || (behaviour === 8 && monthIndex === 2)) continue;
      const full = Number(bill.amount);
      const amount = behaviour === 7 ? Math.max(1, Math.floor(full / 2)) : full;
      if (amount <= 0) continue;
      const payDay = Math.min(5 + (i % 10), Number(lastDay(next).slice(8)));
      const date = dayOf(next, payDay);
      if (date > today.toISOString().slice(0, 10)) continue;
      const method = i % 3 === 0 ? 'cash' : 'mobile_money';
      const accountId = method === 'cash' ? cash : i % 2 === 0 ? evcPlus : zaad;
      const input = paymentBody.parse({
        customerId: bill.customerId,
        amount: amount.toFixed(2),
        date,
        accountId,
        method,
        ...(method === 'cash' ? {} : { reference: `${accountId === evcPlus ? 'EVC' : 'ZD'}${period.replace('-', '')}${String(i + 1).padStart(4, '0')}` }),
      });
      await step((tx) => receivePayment({ tx, actor, input }));
      payments += 1;
    }
  }
  return { customers: houses.length, billedPeriods, pendingPeriod, bills, payments };
}
