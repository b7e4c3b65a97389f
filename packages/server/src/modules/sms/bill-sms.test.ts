// Bill SMS for a bill run and for a period and zone: the bill template in the language of the request, of
// the customer's preference or of the organisation, filled from the bill, the customer's ledger balance and
// the company's short code; the preview writes nothing; a bill is messaged once unless resent. The
// dispatcher's timer runs here (every 100 ms), as in production, and also sends what nobody kicked for.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { billingFactory } from '../metering/billing-test-kit.ts';
import { dispatched, storedMessages } from './sms-test-kit.ts';

process.env.SMS_DISPATCH_INTERVAL_MS = '100';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let f: ReturnType<typeof billingFactory>;
let zone: { id: number; name: string };
let sahra: { id: number; customerNo: string };
let omar: { id: number; customerNo: string };
let nophone: { id: number; customerNo: string };
let runId: number;

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Hargeisa Electric' });
  f = billingFactory(ctx, org);
  await inSystem(ctx.database.db, (tx) => tx.execute(sql`update clients set short_code = '*712*5#' where id = ${org.clientId}`));
  // 2.00 service charge, 0-10 units at 0.50, above at 1.00, 5% tax: 25 units -> 23.10, 5 units -> 4.73.
  const tariff = await f.call(org.token, 'POST', '/api/elc/prices', {
    name: 'Residential 2025',
    customerClass: 'residential',
    effectiveFrom: '2025-01-01',
    serviceCharge: '2',
    taxPercent: '5',
    blocks: [
      { from: '0', to: '10', rate: '0.5' },
      { from: '10', to: null, rate: '1' },
    ],
  });
  expect(tariff.statusCode).toBe(201);
  zone = await f.zone();
  sahra = await f.customer({ name: 'Sahra Nur', phone: '0615222001' });
  omar = await f.customer({ name: 'Omar Jaamac', phone: '0615222002' });
  nophone = await f.customer({ name: 'Landline Only', phone: '06152220031' });
  const readings: Array<[{ id: number }, string]> = [
    [sahra, '125'],
    [omar, '105'],
    [nophone, '110'],
  ];
  for (const [customer, current] of readings) {
    const house = await f.house({ customerId: customer.id, zoneId: zone.id, installationReading: '100' });
    await f.reading({ houseId: house.id, period: '2025-04', currentReading: current });
  }
  const run = await f.call(org.token, 'POST', '/api/bills/saveCustomersBill', { period: '2025-04', zoneId: zone.id, issueDate: '2025-04-30' });
  expect(run.json()).toMatchObject({ billCount: 3 });
  runId = run.json().runId;
  expect((await f.call(org.token, 'PUT', `/api/sms/customer-languages/${omar.id}`, { language: 'so' })).statusCode).toBe(200);
});
afterAll(() => ctx.close());

const countMessages = async () => (await storedMessages(ctx, org.clientId)).length;

describe('bill SMS', () => {
  it("previews the messages of a run in each customer's language and writes nothing", async () => {
    const before = await countMessages();
    const res = await f.call(org.token, 'POST', '/api/sms/bill-sms/preview', { runId });
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview).toMatchObject({ count: 2, bills: 3 });
    expect(preview.skipped).toEqual([
      { customerId: nophone.id, customerName: 'Landline Only', billId: expect.any(Number), phone: '06152220031', reason: 'invalid_phone' },
    ]);
    expect(preview.messages).toEqual([
      {
        billId: expect.any(Number),
        customerId: sahra.id,
        customerName: 'Sahra Nur',
        phone: '+252615222001',
        language: 'en',
        parts: 1,
        body: `Dear Sahra Nur (${sahra.customerNo}), your April 2025 bill: 25 units, 23.10 USD. Balance 23.10 USD, due 15/05/2025. Pay via *712*5#. Hargeisa Electric`,
      },
      {
        billId: expect.any(Number),
        customerId: omar.id,
        customerName: 'Omar Jaamac',
        phone: '+252615222002',
        language: 'so',
        parts: 1,
        body: `Macmiil Omar Jaamac (${omar.customerNo}), biilka Abriil 2025: 5 unug, 4.73 USD. Haraaga 4.73 USD, bixi ka hor 15/05/2025. Ku bixi *712*5#. Hargeisa Electric`,
      },
    ]);
    expect(await countMessages()).toBe(before);
  });

  it('queues one message per bill, sends them after the commit, and does not message a bill twice unless resent', async () => {
    const res = await f.call(org.token, 'POST', '/api/sms/bill-sms', { runId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ queued: 2, skipped: [{ customerId: nophone.id, reason: 'invalid_phone' }] });
    await dispatched(ctx);
    const messages = await storedMessages(ctx, org.clientId);
    expect(messages.map((m) => [m.customer_id, m.kind, m.language, m.status, m.provider])).toEqual([
      [sahra.id, 'bill', 'en', 'sent', 'outbox'],
      [omar.id, 'bill', 'so', 'sent', 'outbox'],
    ]);
    const bills = await inSystem(ctx.database.db, (tx) => queryRows<{ id: number }>(tx, sql`select id::int from bills where run_id = ${runId} order by id`));
    expect(messages.map((m) => m.bill_id)).toEqual(bills.slice(0, 2).map((b) => b.id));

    const options = await f.call(org.token, 'GET', '/api/sms/bill-sms/options');
    expect(options.json().runs).toContainEqual(expect.objectContaining({ id: runId, period: '2025-04', zoneName: zone.name, billCount: 3, messaged: 2 }));
    expect(options.json().defaultLanguage).toBe('en');

    const again = await f.call(org.token, 'POST', '/api/sms/bill-sms', { runId });
    expect(again.json().queued).toBe(0);
    expect(again.json().batchId).toBeNull();
    expect(again.json().skipped.map((s: { customerId: number; reason: string }) => [s.customerId, s.reason])).toEqual([
      [sahra.id, 'already_sent'],
      [omar.id, 'already_sent'],
      [nophone.id, 'invalid_phone'],
    ]);
    expect(await countMessages()).toBe(2);

    const resent = await f.call(org.token, 'POST', '/api/sms/bill-sms', { runId, resend: true });
    expect(resent.json().queued).toBe(2);
    await dispatched(ctx);
    expect(await countMessages()).toBe(4);
    const report = await f.call(org.token, 'GET', '/api/sms-report?kind=bill');
    expect(report.json()).toMatchObject({ total: 4, totals: { sent: 4, queued: 0, failed: 0 } });
  });

  it('takes the balance from the ledger: a payment credited to the customer lowers it', async () => {
    const accounts = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ id: number; code: string }>(tx, sql`select id, code from accounts where client_id = ${org.clientId} and code in ('1010', '1100')`),
    );
    const id = (code: string) => accounts.find((a) => a.code === code)?.id;
    const payment = await f.call(org.token, 'POST', '/api/finance/transaction', {
      date: '2025-05-02',
      memo: 'Cash received from Sahra',
      lines: [
        { accountId: id('1010'), debit: '10.00' },
        { accountId: id('1100'), credit: '10.00', partyType: 'customer', partyId: sahra.id },
      ],
    });
    expect(payment.statusCode, payment.body).toBe(201);
    const preview = await f.call(org.token, 'POST', '/api/sms/bill-sms/preview', { period: '2025-04', zoneId: zone.id, resend: true, language: 'so' });
    expect(preview.json().messages.map((m: { body: string; language: string }) => [m.language, m.body.match(/Haraaga [\d.]+/)?.[0]])).toEqual([
      ['so', 'Haraaga 13.10'],
      ['so', 'Haraaga 4.73'],
    ]);
  });

  it("refuses a request without a run or a period, or with another organisation's run, in Somali", async () => {
    const none = await f.call(org.token, 'POST', '/api/sms/bill-sms/preview', { zoneId: zone.id }, 'so');
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual([{ field: 'runId', message: 'Dooro wareeg biil, ama muddo.' }]);
    const other = await newOrganisation(ctx, { name: 'Burao Water' });
    const foreign = await f.call(other.token, 'POST', '/api/sms/bill-sms', { runId }, 'so');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details).toEqual([{ field: 'runId', message: 'Diiwaanka la doortay ma jiro.' }]);
    expect((await storedMessages(ctx, other.clientId)).length).toBe(0);
  });

  it('sends, on its timer, a message that nobody kicked the dispatcher for', async () => {
    await inSystem(ctx.database.db, (tx) =>
      tx.execute(
        sql`insert into sms_messages (client_id, kind, phone, body, language, next_attempt_at) values (${org.clientId}, 'free', '+252615222009', 'Left in the queue', 'en', now())`,
      ),
    );
    await vi.waitFor(
      async () => {
        const [last] = (await storedMessages(ctx, org.clientId)).slice(-1);
        expect(last).toMatchObject({ body: 'Left in the queue', status: 'sent' });
      },
      { timeout: 20_000, interval: 100 },
    );
  });
});
