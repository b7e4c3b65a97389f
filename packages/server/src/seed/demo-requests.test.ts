// The demo's staff requests: three users who can sign in with their documented passwords, requests in every
// state by three different requesters, the fulfilled ones' purchase order and payment naming them.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/rows.ts';
import { inTenant } from '../db/tenant.ts';
import { newOrganisation, signIn, startTestApp, type TestContext } from '../../test/harness.ts';
import { DEMO_REQUEST_USERS, seedDemoRequests } from './demo-requests.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx);
}, 60_000);
afterAll(async () => ctx?.close());

describe('demo requests', () => {
  it('has requests in every state by three requesters, and its three users sign in', async () => {
    const result = await seedDemoRequests(ctx.database.db, { code: org.code, username: 'admin' });
    expect(result).toEqual({ users: 3, requests: 8 });
    const rows = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ status: string; n: number }>(tx, sql`select status, count(*)::int as n from requests group by status order by status`),
    );
    expect(rows.map((r) => r.status)).toEqual(['Approved', 'Draft', 'FirstApproved', 'Fulfilled', 'Rejected', 'Submitted']);
    const [{ requesters, stages }] = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ requesters: number; stages: string }>(
        tx,
        sql`select count(distinct requester_id)::int as requesters, string_agg(distinct rejected_stage, ',' order by rejected_stage) as stages from requests`,
      ),
    );
    expect(requesters).toBe(3);
    expect(stages).toBe('final,first');
    const [po] = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ fulfilled: string; request_id: string }>(
        tx,
        sql`select r.fulfilled_number as fulfilled, o.request_id from purchase_orders o join requests r on r.id = o.request_id`,
      ),
    );
    expect(po.fulfilled).toMatch(/^PO-/);
    // The paid one: its payment's entry posted through the ledger, the request naming it.
    const [paid] = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ fulfilled: string; amount: string; entry: string }>(
        tx,
        sql`select r.fulfilled_number as fulfilled, p.amount::text, e.source_type as entry from requests r
            join request_payments p on p.id = r.fulfilled_id join journal_entries e on e.id = p.journal_entry_id
            where r.fulfilled_kind = 'payment'`,
      ),
    );
    expect(paid).toEqual({ fulfilled: 'RP-000001', amount: '115.50', entry: 'request-payment' });
    for (const u of Object.values(DEMO_REQUEST_USERS)) {
      expect(await signIn(ctx, { username: u.username, password: u.password, code: org.code })).toBeTruthy();
    }
  });
});
