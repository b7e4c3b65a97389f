// Staff requests through the API: gapless references per organisation and year, the two approval steps in
// order, nobody acting on their own request, a reason for every rejection, privileges, tenancy, fulfilment
// (once, released by a cancelled purchase or order), the waiting list and the report with its export.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { tableSnapshot } from '../../../test/table-snapshot.ts';
import { queryRows } from '../../db/rows.ts';
import { inTenant } from '../../db/tenant.ts';
import { systemActor } from '../../lib/actor.ts';
import { mainBranchId } from '../metering/billing-test-kit.ts';
import { purchasesKit } from '../purchases/purchases-test-kit.ts';
import { staffUser } from '../settings/test-support.ts';
import { createRequest, submitRequest } from './index.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
let kit: ReturnType<typeof purchasesKit>;
let branchId: number;
type Staff = Awaited<ReturnType<typeof staffUser>>;
let keeper: Staff; // store keeper: writes requests
let head: Staff; // department head: first approval
let finance: Staff; // finance: final approval
let clerk: Staff; // sees every request, approves nothing

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Garowe Power' });
  orgB = await newOrganisation(ctx, { name: 'Bosaso Water' });
  kit = purchasesKit(ctx, orgA);
  branchId = await mainBranchId(ctx, orgA.clientId);
  keeper = await staffUser(ctx, orgA, ['add-request']);
  head = await staffUser(ctx, orgA, ['add-request', 'list-request', 'first-approve-request']);
  finance = await staffUser(ctx, orgA, ['list-request', 'approve-request', 'request-report', 'cash-purchase', 'purchase-order', 'credit-purchase']);
  clerk = await staffUser(ctx, orgA, ['list-request']);
});
afterAll(() => ctx.close());

const year = new Date().getUTCFullYear();
const ref = (n: number) => `REQ-${year}-${String(n).padStart(5, '0')}`;

async function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: object, lang?: string) {
  return kit.call(token, method, url, body, lang);
}
async function ok(token: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: object, status = 200) {
  const res = await call(token, method, url, body);
  if (res.statusCode !== status) throw new Error(`${method} ${url}: expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json();
}

const draftBody = (extra: Record<string, unknown> = {}) => ({
  type: 'purchase',
  branchId,
  department: 'Network',
  purpose: 'Cable for the Hodan extension',
  neededBy: '2026-12-20',
  lines: [
    { description: 'Cable 25mm (m)', quantity: '120', unitAmount: '3.35' },
    { description: 'Clamps', quantity: '2.5', unitAmount: '1.01' },
  ],
  ...extra,
});

/** A submitted request of `who` (default: the store keeper). */
async function submitted(who: Staff | { token: string } = keeper, extra: Record<string, unknown> = {}) {
  const draft = await ok(who.token, 'POST', '/api/request', draftBody(extra), 201);
  return ok(who.token, 'POST', `/api/request/${draft.id}/submit`);
}

/** A request through both approvals. */
async function approved(extra: Record<string, unknown> = {}) {
  const r = await submitted(keeper, extra);
  await ok(head.token, 'POST', `/api/request/${r.id}/normal-approve`);
  return ok(finance.token, 'POST', `/api/request/${r.id}/approve`);
}

const statusOf = async (id: number) =>
  (await inTenant(ctx.database.db, orgA.clientId, (tx) => queryRows<{ status: string }>(tx, sql`select status from requests where id = ${id}`)))[0]?.status;

describe('drafts and references', () => {
  it('adds the lines to the cent, keeps a draft without a reference, and takes REQ-<year>-nnnnn in order at submission', async () => {
    const draft = await ok(keeper.token, 'POST', '/api/request', draftBody(), 201);
    // 120 x 3.35 = 402.00; 2.5 x 1.01 = 2.525 -> 2.53
    expect(draft).toMatchObject({ status: 'Draft', refNo: null, amount: '404.53', requesterId: keeper.id, department: 'Network' });
    expect(draft.lines.map((l: { amount: string }) => l.amount)).toEqual(['402.00', '2.53']);
    const peek = await ok(keeper.token, 'GET', '/api/request/generate-ref-no');
    expect(peek).toEqual({ refNo: ref(1), year });
    // Peeking takes nothing: it still says the same.
    expect((await ok(keeper.token, 'GET', '/api/request/generate-ref-no')).refNo).toBe(ref(1));

    const first = await ok(keeper.token, 'POST', `/api/request/${draft.id}/submit`);
    expect(first).toMatchObject({ status: 'Submitted', refNo: ref(1) });
    expect(first.submitted.byId).toBe(keeper.id);
    expect(first.submitted.at).not.toBeNull();

    // A refused submission (not the requester's draft, already submitted) takes no number: the next is 2.
    const other = await ok(keeper.token, 'POST', '/api/request', draftBody({ lines: [], amount: '75.00', type: 'cash-advance' }), 201);
    expect(other.amount).toBe('75.00');
    const notMine = await call(head.token, 'POST', `/api/request/${other.id}/submit`);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().code).toBe('NOT_REQUESTER');
    expect((await call(keeper.token, 'POST', `/api/request/${draft.id}/submit`)).json().code).toBe('NOT_DRAFT');
    expect((await ok(keeper.token, 'POST', `/api/request/${other.id}/submit`)).refNo).toBe(ref(2));

    // Another organisation starts at 1.
    const theirs = await submitted({ token: orgB.token }, { branchId: await mainBranchId(ctx, orgB.clientId) });
    expect(theirs.refNo).toBe(ref(1));
  });

  it('numbers each year from 1 (the year of the submission)', async () => {
    const next = await inTenant(ctx.database.db, orgA.clientId, async (tx) => {
      const actor = systemActor({ clientId: orgA.clientId, userId: keeper.id, username: keeper.username });
      const a = await createRequest({
        tx,
        actor,
        input: { ...draftBody(), neededBy: undefined, department: null, type: 'purchase', lines: [], amount: '10.00' },
      });
      return submitRequest({ tx, actor, id: a.id, today: `${year + 1}-01-02` });
    });
    expect(next.refNo).toBe(`REQ-${year + 1}-00001`);
    // This year's series goes on where it was.
    const r = await submitted();
    expect(Number(r.refNo.slice(-5))).toBeGreaterThan(1);
    const refs = await inTenant(ctx.database.db, orgA.clientId, (tx) =>
      queryRows<{ ref_no: number }>(tx, sql`select ref_no from requests where ref_year = ${year} order by ref_no`),
    );
    // Gapless: 1..n with no hole.
    expect(refs.map((x) => Number(x.ref_no))).toEqual(refs.map((_, i) => i + 1));
  });

  it('refuses a request with neither lines nor an amount, on its field in the caller language, writing nothing', async () => {
    const before = await tableSnapshot(ctx.database.db);
    const res = await call(keeper.token, 'POST', '/api/request', draftBody({ lines: [], amount: '' }), 'so');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'amount', message: 'Geli sadarrada ama lacag ka badan eber.' }]);
    const neg = await call(keeper.token, 'POST', '/api/request', draftBody({ lines: [{ description: 'x', quantity: '1', unitAmount: '-2.00' }] }));
    expect(neg.statusCode).toBe(400);
    expect(neg.json().details[0].field).toBe('lines.0.unitAmount');
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
  });

  it('lets only the requester edit a draft, and only while it is a draft', async () => {
    const draft = await ok(keeper.token, 'POST', '/api/request', draftBody(), 201);
    const edited = await ok(keeper.token, 'PUT', `/api/request/${draft.id}`, draftBody({ lines: [], amount: '99.99', purpose: 'Changed' }));
    expect(edited).toMatchObject({ amount: '99.99', purpose: 'Changed', lines: [] });
    expect((await call(head.token, 'PUT', `/api/request/${draft.id}`, draftBody())).statusCode).toBe(403);
    await ok(keeper.token, 'POST', `/api/request/${draft.id}/submit`);
    expect((await call(keeper.token, 'PUT', `/api/request/${draft.id}`, draftBody())).json().code).toBe('NOT_DRAFT');
  });
});

describe('two steps', () => {
  it('first approval, then final approval, each with who and when; never the final before the first', async () => {
    const r = await submitted();
    const early = await call(finance.token, 'POST', `/api/request/${r.id}/approve`);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('WRONG_STEP');
    expect(await statusOf(r.id)).toBe('Submitted');

    const first = await ok(head.token, 'POST', `/api/request/${r.id}/normal-approve`);
    expect(first.status).toBe('FirstApproved');
    expect(first.firstApproved).toMatchObject({ byId: head.id, byName: 'Staff Member' });
    expect(first.firstApproved.at).not.toBeNull();
    // The first step cannot be taken twice.
    expect((await call(head.token, 'POST', `/api/request/${r.id}/normal-approve`)).json().code).toBe('WRONG_STEP');

    const done = await ok(finance.token, 'POST', `/api/request/${r.id}/approve`);
    expect(done.status).toBe('Approved');
    expect(done.approved.byId).toBe(finance.id);
    expect(done.firstApproved.byId).toBe(head.id);
    // The requester sees the status.
    expect((await ok(keeper.token, 'GET', `/api/request/view/${r.id}`)).status).toBe('Approved');
  });

  it('refuses anyone approving or rejecting their own request, administrator included', async () => {
    const own = await submitted(head);
    const res = await call(head.token, 'POST', `/api/request/${own.id}/normal-approve`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'OWN_REQUEST', message: 'You cannot approve or reject your own request: another approver must do it.' });
    expect((await call(head.token, 'POST', `/api/request/${own.id}/reject`, { reason: 'No' })).json().code).toBe('OWN_REQUEST');
    expect(await statusOf(own.id)).toBe('Submitted');

    const adminOwn = await submitted({ token: orgA.token });
    expect((await call(orgA.token, 'POST', `/api/request/${adminOwn.id}/normal-approve`)).json().code).toBe('OWN_REQUEST');
    await ok(head.token, 'POST', `/api/request/${adminOwn.id}/normal-approve`);
    expect((await call(orgA.token, 'POST', `/api/request/${adminOwn.id}/approve`)).json().code).toBe('OWN_REQUEST');
    expect(await statusOf(adminOwn.id)).toBe('FirstApproved');
  });

  it('rejects at either step only with a reason, keeping the step, who and why', async () => {
    const r = await submitted();
    const before = await tableSnapshot(ctx.database.db);
    const blank = await call(head.token, 'POST', `/api/request/${r.id}/reject`, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details[0].field).toBe('reason');
    expect((await call(head.token, 'POST', `/api/request/${r.id}/reject`, {})).statusCode).toBe(400);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);

    const rejected = await ok(head.token, 'POST', `/api/request/${r.id}/reject`, { reason: 'Buy from the stock we have' });
    expect(rejected).toMatchObject({ status: 'Rejected', rejected: { byId: head.id, stage: 'first', reason: 'Buy from the stock we have' } });
    expect((await call(finance.token, 'POST', `/api/request/${r.id}/approve`)).json().code).toBe('WRONG_STEP');
    expect((await call(head.token, 'POST', `/api/request/${r.id}/reject`, { reason: 'again' })).json().code).toBe('WRONG_STEP');

    const second = await submitted();
    await ok(head.token, 'POST', `/api/request/${second.id}/normal-approve`);
    // The first approver may not reject at the final step; finance may.
    expect((await call(head.token, 'POST', `/api/request/${second.id}/reject`, { reason: 'No budget' })).statusCode).toBe(403);
    const final = await ok(finance.token, 'POST', `/api/request/${second.id}/reject`, { reason: 'No budget this month' });
    expect(final.rejected).toMatchObject({ stage: 'final', byId: finance.id });
  });
});

describe('privileges and tenancy', () => {
  it('checks each step privilege on the server and changes nothing when refused', async () => {
    const r = await submitted();
    const before = await tableSnapshot(ctx.database.db);
    for (const [token, url, body] of [
      [keeper.token, `/api/request/${r.id}/normal-approve`, undefined],
      [clerk.token, `/api/request/${r.id}/normal-approve`, undefined],
      [head.token, `/api/request/${r.id}/approve`, undefined],
      [clerk.token, `/api/request/${r.id}/reject`, { reason: 'x' }],
      [clerk.token, '/api/request', draftBody()],
    ] as const) {
      const res = await call(token, 'POST', url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await call(keeper.token, 'GET', '/api/request/report?startDate=2026-01-01&endDate=2026-12-31')).statusCode).toBe(403);
    expect((await call(keeper.token, 'GET', '/api/request/awaiting')).statusCode).toBe(403);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
  });

  it('shows a requester only their own requests; list-request sees everyone', async () => {
    const headOwn = await submitted(head);
    const mine = await ok(keeper.token, 'GET', '/api/request?_limit=1000');
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((x: { requesterId: number }) => x.requesterId === keeper.id)).toBe(true);
    expect((await call(keeper.token, 'GET', `/api/request/view/${headOwn.id}`)).statusCode).toBe(403);
    const all = await ok(clerk.token, 'GET', '/api/request?_limit=1000');
    expect(all.data.some((x: { id: number }) => x.id === headOwn.id)).toBe(true);
    const onlyHeads = await ok(head.token, 'GET', '/api/request?mine=true&_limit=1000');
    expect(onlyHeads.data.length).toBeGreaterThan(0);
    expect(onlyHeads.data.every((x: { requesterId: number }) => x.requesterId === head.id)).toBe(true);
    const byRef = await ok(clerk.token, 'GET', `/api/request?q=${headOwn.refNo}`);
    expect(byRef.data.map((x: { id: number }) => x.id)).toEqual([headOwn.id]);
  });

  it('never shows or touches another organisation request', async () => {
    const r = await submitted();
    expect((await call(orgB.token, 'GET', `/api/request/view/${r.id}`)).statusCode).toBe(404);
    expect((await call(orgB.token, 'POST', `/api/request/${r.id}/normal-approve`)).statusCode).toBe(404);
    const theirs = await ok(orgB.token, 'GET', '/api/request?_limit=1000');
    expect(theirs.data.some((x: { id: number }) => x.id === r.id)).toBe(false);
    expect(await statusOf(r.id)).toBe('Submitted');
  });

  it('lists what waits for the caller: the steps they may take, never their own, oldest first', async () => {
    const a = await submitted();
    const b = await submitted(head);
    const headWaits = await ok(head.token, 'GET', '/api/request/awaiting?_limit=1000');
    const ids = headWaits.data.map((x: { id: number }) => x.id);
    expect(ids).toContain(a.id);
    expect(ids).not.toContain(b.id);
    expect(headWaits.data.every((x: { status: string }) => x.status === 'Submitted')).toBe(true);
    await ok(head.token, 'POST', `/api/request/${a.id}/normal-approve`);
    const financeWaits = await ok(finance.token, 'GET', '/api/request/awaiting?_limit=1000');
    expect(financeWaits.data.map((x: { id: number }) => x.id)).toContain(a.id);
    expect(financeWaits.data.every((x: { status: string }) => x.status === 'FirstApproved')).toBe(true);
  });
});

describe('fulfilment', () => {
  it('turns an approved request into one cash purchase, once; a cancelled purchase gives it back', async () => {
    const r = await approved({ lines: [], amount: '40.00', type: 'expense' });
    const vendor = await kit.vendor({ name: 'Tools Ltd' });
    const cash = await kit.accountId('1010');
    const purchase = (requestId: number) =>
      call(finance.token, 'POST', '/api/elc/vendors/cash-purchases', {
        vendorId: vendor,
        date: '2026-06-02',
        branchId,
        paymentAccountId: cash,
        requestId,
        lines: [{ description: 'Spanner set', quantity: '1', unitPrice: '40.00' }],
      });
    const made = await purchase(r.id);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ requestId: r.id, requestRefNo: r.refNo });
    const fulfilled = await ok(keeper.token, 'GET', `/api/request/view/${r.id}`);
    expect(fulfilled).toMatchObject({
      status: 'Fulfilled',
      fulfilled: { kind: 'cash', documentId: made.json().id, number: made.json().number, byId: finance.id },
    });

    const before = await tableSnapshot(ctx.database.db);
    const twice = await purchase(r.id);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details).toEqual([{ field: 'requestId', message: `Request ${r.refNo} has already become ${made.json().number}.` }]);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);

    await ok(finance.token, 'POST', `/api/elc/vendors/cash-purchases/${made.json().id}/cancel`, { reason: 'Wrong vendor' });
    expect((await ok(keeper.token, 'GET', `/api/request/view/${r.id}`)).status).toBe('Approved');
    expect((await purchase(r.id)).statusCode).toBe(201);
    await kit.expectBooksAgree();
  });

  it('refuses a request that is not approved, and makes a purchase order from an approved one (released when the order is cancelled)', async () => {
    const vendor = await kit.vendor({ name: 'Wires Co' });
    const waiting = await submitted();
    const order = (requestId: number) =>
      call(finance.token, 'POST', '/api/elc/vendors/orders', {
        vendorId: vendor,
        date: '2026-06-03',
        branchId,
        requestId,
        lines: [{ description: 'Cable', quantity: '120', unitPrice: '3.35' }],
      });
    const refused = await order(waiting.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { field: 'requestId', message: `Request ${waiting.refNo} is not approved: only an approved request can be turned into a purchase.` },
    ]);

    const r = await approved();
    const po = await order(r.id);
    expect(po.statusCode, po.body).toBe(201);
    expect(po.json()).toMatchObject({ requestId: r.id, requestRefNo: r.refNo });
    expect((await ok(clerk.token, 'GET', `/api/request/view/${r.id}`)).fulfilled).toMatchObject({ kind: 'purchase-order', number: po.json().number });
    expect((await order(r.id)).statusCode).toBe(400);
    await ok(finance.token, 'POST', `/api/elc/vendors/orders/${po.json().id}/cancel`, { reason: 'Not needed' });
    expect(await statusOf(r.id)).toBe('Approved');
  });
});

describe('report', () => {
  it('counts requests and sums the amounts requested and approved, by status and type, and exports them', async () => {
    const org = await newOrganisation(ctx, { name: 'Report Org' });
    const b = await mainBranchId(ctx, org.clientId);
    const fin = await staffUser(ctx, org, ['first-approve-request', 'approve-request', 'request-report']);
    const mk = async (amount: string, type: string) => {
      const d = await ok(org.token, 'POST', '/api/request', { ...draftBody({ branchId: b, lines: [], amount, type }) }, 201);
      return ok(org.token, 'POST', `/api/request/${d.id}/submit`);
    };
    const a = await mk('100.10', 'purchase');
    await mk('50.05', 'purchase');
    const c = await mk('30.00', 'repair');
    await ok(fin.token, 'POST', `/api/request/${a.id}/normal-approve`);
    await ok(fin.token, 'POST', `/api/request/${a.id}/approve`);
    await ok(fin.token, 'POST', `/api/request/${c.id}/reject`, { reason: 'Later' });
    const today = new Date().toISOString().slice(0, 10);
    const q = `startDate=${today.slice(0, 4)}-01-01&endDate=${today.slice(0, 4)}-12-31`;
    const byType = await ok(fin.token, 'GET', `/api/request/report?${q}&groupBy=type`);
    expect(byType.rows).toEqual([
      { key: 'purchase', label: 'Purchase', requests: 2, requested: '150.15', approved: '100.10' },
      { key: 'repair', label: 'Repair', requests: 1, requested: '30.00', approved: '0.00' },
    ]);
    expect(byType.totals).toEqual({ requests: 3, requested: '180.15', approved: '100.10' });
    const byStatus = await ok(fin.token, 'GET', `/api/request/report?${q}&groupBy=status`);
    expect(byStatus.rows.map((r: { key: string; requests: number }) => [r.key, r.requests])).toEqual([
      ['Approved', 1],
      ['Rejected', 1],
      ['Submitted', 1],
    ]);
    const csv = await call(fin.token, 'GET', `/api/request/report/export?${q}&groupBy=type&format=csv`, undefined, 'so');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('Iibsi');
    expect(csv.body).toContain('150.15');
    const xlsx = await call(fin.token, 'GET', `/api/request/report?${q}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
