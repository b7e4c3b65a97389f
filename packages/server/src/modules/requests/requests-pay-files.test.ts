// Paying an approved request and a request's attachments through the API: the payment posts a balanced
// entry (expense or advance debit, paying account credit) and fulfils the request, once; more than the
// approved amount, a wrong account or a request not approved is refused on its field and writes nothing;
// cancelling reverses the entry and approves the request again; privileges and tenancy. Attachments:
// upload (type from the bytes), list, download, remove, who may do what, another organisation sees nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { tableSnapshot } from '../../../test/table-snapshot.ts';
import { queryRows } from '../../db/rows.ts';
import { inTenant } from '../../db/tenant.ts';
import { mainBranchId } from '../metering/billing-test-kit.ts';
import { purchasesKit } from '../purchases/purchases-test-kit.ts';
import { staffUser } from '../settings/test-support.ts';
import { multipart, TINY_PDF, TINY_PNG } from '../treasury/treasury-test-kit.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
let kit: ReturnType<typeof purchasesKit>;
let branchId: number;
type Staff = Awaited<ReturnType<typeof staffUser>>;
let keeper: Staff;
let head: Staff;
let finance: Staff;
let cashier: Staff; // pays approved requests
let clerk: Staff; // sees every request, changes nothing
let acc: Record<string, number>;

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Garowe Power' });
  orgB = await newOrganisation(ctx, { name: 'Bosaso Water' });
  kit = purchasesKit(ctx, orgA);
  branchId = await mainBranchId(ctx, orgA.clientId);
  keeper = await staffUser(ctx, orgA, ['add-request']);
  head = await staffUser(ctx, orgA, ['add-request', 'list-request', 'first-approve-request']);
  finance = await staffUser(ctx, orgA, ['list-request', 'approve-request']);
  cashier = await staffUser(ctx, orgA, ['pay-request']);
  clerk = await staffUser(ctx, orgA, ['list-request']);
  acc = {};
  for (const code of ['1010', '1030', '1100', '1110', '2010', '6100', '6120']) acc[code] = await kit.accountId(code);
});
afterAll(() => ctx.close());

const today = new Date().toISOString().slice(0, 10);

async function ok(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object, status = 200) {
  const res = await kit.call(token, method, url, body);
  if (res.statusCode !== status) throw new Error(`${method} ${url}: expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json();
}

async function approved(extra: Record<string, unknown> = {}) {
  const draft = await ok(
    keeper.token,
    'POST',
    '/api/request',
    { type: 'expense', branchId, department: 'Network', purpose: 'Pole repairs', lines: [], amount: '500.00', ...extra },
    201,
  );
  await ok(keeper.token, 'POST', `/api/request/${draft.id}/submit`);
  await ok(head.token, 'POST', `/api/request/${draft.id}/normal-approve`);
  return ok(finance.token, 'POST', `/api/request/${draft.id}/approve`);
}

/** An account's balance (debit less credit) from the ledger's lines. */
async function balance(code: string): Promise<string> {
  const [row] = await inTenant(ctx.database.db, orgA.clientId, (tx) =>
    queryRows<{ b: string }>(tx, sql`select coalesce(sum(debit - credit), 0)::numeric(18,2)::text as b from journal_lines where account_id = ${acc[code]}`),
  );
  return row.b;
}

const payBody = (extra: Record<string, unknown> = {}) => ({ date: today, amount: '450.00', accountId: acc['1010'], debitAccountId: acc['6100'], ...extra });

describe('paying an approved request', () => {
  it('posts a balanced entry, fulfils the request with the payment, and refuses a second payment', async () => {
    const r = await approved();
    const cashBefore = await balance('1010');
    const expenseBefore = await balance('6100');
    const paid = await ok(cashier.token, 'POST', `/api/request/${r.id}/pay`, payBody(), 201);
    expect(paid.status).toBe('Fulfilled');
    expect(paid.fulfilled).toMatchObject({ kind: 'payment', byId: cashier.id });
    expect(paid.payments).toHaveLength(1);
    const payment = paid.payments[0];
    expect(payment).toMatchObject({ amount: '450.00', status: 'Posted', account: { code: '1010' }, debitAccount: { code: '6100' } });
    expect(payment.number).toMatch(/^RP-\d{6}$/);
    expect(paid.fulfilled.number).toBe(payment.number);
    expect(paid.fulfilled.documentId).toBe(payment.id);
    expect(await balance('1010')).toBe((Number(cashBefore) - 450).toFixed(2));
    expect(await balance('6100')).toBe((Number(expenseBefore) + 450).toFixed(2));
    const [entry] = await inTenant(ctx.database.db, orgA.clientId, (tx) =>
      queryRows<{ source_type: string; d: string; c: string }>(
        tx,
        sql`select e.source_type, sum(l.debit)::text as d, sum(l.credit)::text as c from journal_entries e join journal_lines l on l.entry_id = e.id
            where e.id = ${payment.entryId} group by e.source_type`,
      ),
    );
    expect(entry).toMatchObject({ source_type: 'request-payment' });
    expect(Number(entry.d)).toBe(450);
    expect(Number(entry.c)).toBe(450);

    const before = await tableSnapshot(ctx.database.db);
    const again = await kit.call(cashier.token, 'POST', `/api/request/${r.id}/pay`, payBody());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(r.refNo);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
  });

  it('refuses more than the approved amount and wrong accounts on their fields, in the caller language, writing nothing', async () => {
    const r = await approved();
    const before = await tableSnapshot(ctx.database.db);
    const tooMuch = await kit.call(cashier.token, 'POST', `/api/request/${r.id}/pay`, payBody({ amount: '500.01' }), 'so');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().details).toEqual([{ field: 'amount', message: 'Lacag-bixintu kama badnaan karto lacagta la ansixiyay (500.00).' }]);
    const wrong = await kit.call(cashier.token, 'POST', `/api/request/${r.id}/pay`, payBody({ accountId: acc['6120'], debitAccountId: acc['1110'] }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([
      { field: 'accountId', message: 'Choose an active cash, bank or mobile-money account to pay from.' },
      { field: 'debitAccountId', message: 'Choose an active expense account.' },
    ]);
    const zero = await kit.call(cashier.token, 'POST', `/api/request/${r.id}/pay`, payBody({ amount: '0.00' }));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().details[0].field).toBe('amount');
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
    expect((await ok(clerk.token, 'GET', `/api/request/view/${r.id}`)).status).toBe('Approved');
  });

  it('refuses a request not yet approved', async () => {
    const draft = await ok(keeper.token, 'POST', '/api/request', { type: 'expense', branchId, purpose: 'Fuel', lines: [], amount: '20.00' }, 201);
    await ok(keeper.token, 'POST', `/api/request/${draft.id}/submit`);
    const res = await kit.call(cashier.token, 'POST', `/api/request/${draft.id}/pay`, payBody({ amount: '20.00' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NOT_APPROVED');
  });

  it('charges a cash advance to employee advances, never to the customer receivable', async () => {
    const r = await approved({ type: 'cash-advance', amount: '300.00' });
    const refused = await kit.call(cashier.token, 'POST', `/api/request/${r.id}/pay`, payBody({ amount: '300.00', debitAccountId: acc['1100'] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].field).toBe('debitAccountId');
    const advancesBefore = await balance('1110');
    const paid = await ok(
      cashier.token,
      'POST',
      `/api/request/${r.id}/pay`,
      payBody({ amount: '300.00', accountId: acc['1030'], debitAccountId: acc['1110'] }),
      201,
    );
    expect(paid.payments[0].debitAccount.code).toBe('1110');
    expect(await balance('1110')).toBe((Number(advancesBefore) + 300).toFixed(2));
    const choices = await ok(cashier.token, 'GET', '/api/request/pay-choices');
    expect(choices.advanceAccountId).toBe(acc['1110']);
    expect(choices.payingAccounts.map((a: { code: string }) => a.code)).toContain('1030');
    expect(choices.debitAccounts.map((a: { code: string }) => a.code)).not.toContain('1100');
  });

  it('cancelling reverses the entry and approves the request again, which can then be paid anew', async () => {
    const r = await approved();
    const cashBefore = await balance('1010');
    const paid = await ok(cashier.token, 'POST', `/api/request/${r.id}/pay`, payBody(), 201);
    const paymentId = paid.payments[0].id;
    const noReason = await kit.call(cashier.token, 'POST', `/api/request/payments/${paymentId}/cancel`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    const back = await ok(cashier.token, 'POST', `/api/request/payments/${paymentId}/cancel`, { reason: 'Paid from the wrong till' });
    expect(back.status).toBe('Approved');
    expect(back.fulfilled.kind).toBeNull();
    expect(back.payments[0]).toMatchObject({ status: 'Cancelled', cancelReason: 'Paid from the wrong till' });
    expect(back.payments[0].reversalNumber).not.toBeNull();
    expect(await balance('1010')).toBe(cashBefore);
    const twice = await kit.call(cashier.token, 'POST', `/api/request/payments/${paymentId}/cancel`, { reason: 'again' });
    expect(twice.statusCode).toBe(409);
    const anew = await ok(cashier.token, 'POST', `/api/request/${r.id}/pay`, payBody({ amount: '500.00', accountId: acc['1030'] }), 201);
    expect(anew.status).toBe('Fulfilled');
    expect(anew.payments.map((x: { status: string }) => x.status)).toEqual(['Cancelled', 'Posted']);
  });

  it('needs pay-request (403 that changes nothing), and another organisation cannot pay or see it', async () => {
    const r = await approved();
    const before = await tableSnapshot(ctx.database.db);
    for (const who of [keeper, finance, clerk]) {
      const res = await kit.call(who.token, 'POST', `/api/request/${r.id}/pay`, payBody());
      expect(res.statusCode).toBe(403);
    }
    const theirs = await kit.call(orgB.token, 'POST', `/api/request/${r.id}/pay`, payBody());
    expect(theirs.statusCode).toBe(404);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
  });
});

describe('request attachments', () => {
  const upload = (token: string, requestId: number, filename: string, content: Buffer) => {
    const body = multipart([{ name: 'file', filename, content }]);
    return ctx.app.inject({ method: 'POST', url: `/api/request/${requestId}/files`, payload: body.payload, headers: { ...bearer(token), ...body.headers } });
  };

  it('uploads a scan or a PDF, lists, downloads and removes it; refuses a file that is not one of the types', async () => {
    const draft = await ok(keeper.token, 'POST', '/api/request', { type: 'repair', branchId, purpose: 'Pump', lines: [], amount: '80.00' }, 201);
    const pdf = await upload(keeper.token, draft.id, '../quote.pdf', TINY_PDF);
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json()).toMatchObject({ requestId: draft.id, filename: 'quote.pdf', mime: 'application/pdf', size: TINY_PDF.length });
    const png = await upload(head.token, draft.id, 'photo.jpg', TINY_PNG);
    expect(png.statusCode).toBe(201);
    // The type comes from the bytes, and so does the extension.
    expect(png.json()).toMatchObject({ filename: 'photo.png', mime: 'image/png' });

    const before = await tableSnapshot(ctx.database.db);
    const bad = await upload(keeper.token, draft.id, 'evil.pdf', Buffer.from('<script>alert(1)</script>'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('file');
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);

    const list = await ok(clerk.token, 'GET', `/api/request/${draft.id}/files`);
    expect(list.data.map((f: { filename: string }) => f.filename)).toEqual(['quote.pdf', 'photo.png']);
    const down = await ctx.app.inject({ method: 'GET', url: `/api/request/files/${pdf.json().id}`, headers: bearer(keeper.token) });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.rawPayload.equals(TINY_PDF)).toBe(true);

    // A clerk reads but neither adds nor removes; another organisation sees nothing.
    const beforeClerk = await tableSnapshot(ctx.database.db);
    expect((await upload(clerk.token, draft.id, 'x.pdf', TINY_PDF)).statusCode).toBe(403);
    expect((await kit.call(clerk.token, 'DELETE', `/api/request/files/${pdf.json().id}`)).statusCode).toBe(403);
    expect((await kit.call(orgB.token, 'GET', `/api/request/${draft.id}/files`)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/request/files/${pdf.json().id}`, headers: bearer(orgB.token) })).statusCode).toBe(404);
    expect((await kit.call(orgB.token, 'DELETE', `/api/request/files/${pdf.json().id}`)).statusCode).toBe(404);
    expect(await tableSnapshot(ctx.database.db)).toEqual(beforeClerk);

    // The store keeper adds to their own request only: another requester's is refused.
    const other = await ok(head.token, 'POST', '/api/request', { type: 'repair', branchId, purpose: 'Meter', lines: [], amount: '10.00' }, 201);
    expect((await upload(keeper.token, other.id, 'x.pdf', TINY_PDF)).statusCode).toBe(403);

    await ok(keeper.token, 'DELETE', `/api/request/files/${pdf.json().id}`);
    const after = await ok(keeper.token, 'GET', `/api/request/${draft.id}/files`);
    expect(after.data.map((f: { filename: string }) => f.filename)).toEqual(['photo.png']);
    const [stored] = await inTenant(ctx.database.db, orgA.clientId, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from files where purpose = 'request'`),
    );
    expect(stored.n).toBe(1);
  });
});
