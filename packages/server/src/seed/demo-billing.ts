// The demo organisation's living utility: two zones, tariffs with blocks, 30 customers with houses and
// meters, three billed months with readings, bills and payments (some paid in full, some in part, some
// not at all), and this month's readings entered but not billed, so a new user sees real figures on
// every screen and can run the next bill run at once.
//
// Everything goes through the public API (in-process, app.inject) as the administrator would do it, so
// the demo obeys every rule the product enforces and posts the same ledger entries a real month does.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { Db } from '../db/client.ts';

export interface DemoBillingOptions {
  code: number;
  username: string;
  password: string;
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

class DemoApi {
  private token = '';
  constructor(private readonly app: FastifyInstance) {}

  async signIn(code: number, username: string, password: string): Promise<void> {
    const res = await this.app.inject({ method: 'POST', url: '/api/auth/login', payload: { code, username, password }, remoteAddress: '127.0.0.9' });
    if (res.statusCode !== 200) throw new Error(`demo sign-in failed: ${res.statusCode} ${res.body}`);
    this.token = res.json().token;
  }

  async call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const res = await this.app.inject({
      method,
      url,
      payload: payload as object | undefined,
      headers: { authorization: `Bearer ${this.token}`, ...headers },
      remoteAddress: '127.0.0.9',
    });
    if (res.statusCode >= 300) throw new Error(`demo ${method} ${url} failed: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  }
}

export async function seedDemoBilling(db: Db, opts: DemoBillingOptions): Promise<DemoBillingResult> {
  const app = await buildApp({ db, tokenSecret: randomBytes(32).toString('hex'), tokenTtlHours: 1, logger: false });
  try {
    const api = new DemoApi(app);
    await api.signIn(opts.code, opts.username, opts.password);
    return await buildLivingUtility(api, opts.today ?? new Date());
  } finally {
    await app.close();
  }
}

async function buildLivingUtility(api: DemoApi, today: Date): Promise<DemoBillingResult> {
  const random = rng(1000);
  const pendingPeriod = today.toISOString().slice(0, 7);
  const billedPeriods = [addMonths(pendingPeriod, -3), addMonths(pendingPeriod, -2), addMonths(pendingPeriod, -1)];
  const installPeriod = addMonths(pendingPeriod, -4);

  const branches = await api.call<{ data: Array<{ id: number }> }>('GET', '/api/elc/branches?_limit=10');
  const branchId = branches.data[0].id;
  const north = await api.call<{ id: number }>('POST', '/api/elc/zones', {
    name: 'Hodan North',
    branchId,
    description: 'Hodan district, north of Maka Al Mukarama Road',
  });
  const market = await api.call<{ id: number }>('POST', '/api/elc/zones', {
    name: 'Bakaara Market',
    branchId,
    description: 'Market area: shops, hotels and offices',
  });

  const effectiveFrom = dayOf(installPeriod, 1);
  await api.call('POST', '/api/elc/prices', {
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
  });
  await api.call('POST', '/api/elc/prices', {
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
  });

  // 24 households in Hodan North, 6 businesses in the market.
  const houses: Array<{ id: number; customerId: number; zoneId: number; daily: number; reading: number }> = [];
  for (let i = 0; i < 30; i += 1) {
    const business = i >= 24;
    const name = business ? BUSINESSES[i - 24] : `${FIRST_NAMES[i % FIRST_NAMES.length]} ${FAMILY_NAMES[(i * 7) % FAMILY_NAMES.length]}`;
    const customer = await api.call<{ id: number }>('POST', '/api/elc/customers', {
      name,
      phone: `06${business ? '1' : '3'}${String(4400000 + i * 137).padStart(7, '0')}`,
      address: business ? `Bakaara Market, shop ${i - 23}` : `Hodan, street ${1 + (i % 6)}`,
      customerClass: business ? 'commercial' : 'residential',
      openingBalance: i % 10 === 3 ? '12.50' : '0',
    });
    const reading = Math.floor(random() * 4000) + 100;
    const house = await api.call<{ id: number }>('POST', '/api/elc/houses', {
      customerId: customer.id,
      zoneId: business ? market.id : north.id,
      houseNo: business ? `BM-${String(i - 23).padStart(3, '0')}` : `HN-${String(i + 1).padStart(3, '0')}`,
      meterNumber: `${business ? 'EM' : 'EH'}-${String(70100 + i)}`,
      meterDigits: 6,
      installationReading: String(reading),
      installationDate: dayOf(installPeriod, 10),
    });
    houses.push({
      id: house.id,
      customerId: customer.id,
      zoneId: business ? market.id : north.id,
      daily: business ? 9 + random() * 12 : 2 + random() * 4,
      reading,
    });
  }

  const accounts = await api.call<{ data: Array<{ id: number; code: string }> }>('GET', '/api/finance/accounts?_limit=1000');
  const accountByCode = new Map(accounts.data.map((a) => [a.code, a.id]));
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
    await api.call('POST', '/api/elc/reads/batch', { rows: entered });
    if (period === pendingPeriod) break;

    // Each past month was billed on its last day (a run dates its bills the day it is made).
    const run = await api.call<{ billCount: number }>('POST', '/api/bills/saveCustomersBill', { period, service: 'electricity', issueDate: lastDay(period) });
    bills += run.billCount;

    // Payments in the first half of the next month: most pay in full, some in part, a few not at all.
    const next = addMonths(period, 1);
    const open = await api.call<{ data: Array<{ id: number; customerId: number; amount: string }> }>('GET', `/api/bills?period=${period}&_limit=1000`);
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
      await api.call('POST', '/api/finance/payments', {
        customerId: bill.customerId,
        amount: amount.toFixed(2),
        date,
        accountId,
        method,
        ...(method === 'cash' ? {} : { reference: `${accountId === evcPlus ? 'EVC' : 'ZD'}${period.replace('-', '')}${String(i + 1).padStart(4, '0')}` }),
      });
      payments += 1;
    }
  }
  return { customers: houses.length, billedPeriods, pendingPeriod, bills, payments };
}
