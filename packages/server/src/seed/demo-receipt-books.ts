// The demo organisation's receipt books (issue 15): two field collectors, each holding a numbered book
// issued by the administrator, who have already taken customers' payments written on its leaves (one leaf
// spoilt and voided). Built with the modules' own services, one transaction per step as the people would,
// each collector acting as themself (a manual receipt number must lie in the signed-in collector's book).
import { sql } from 'drizzle-orm';
import { paymentBody, receiptBookBody } from '@ubo/contracts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { inTenant } from '../db/tenant.ts';
import { systemActor } from '../lib/actor.ts';
import { hashPassword } from '../lib/passwords.ts';
import { receivePayment } from '../modules/payments/index.ts';
import { issueReceiptBook, voidReceiptNumber } from '../modules/receipt-books/index.ts';
import { users } from '../modules/users/index.ts';
import { actorTx } from '../plugins/auth.ts';
import { demoAdministrator } from './demo-billing.ts';

export interface DemoReceiptBooksResult {
  books: number;
  payments: number;
}

/** The field collectors: they sign in to record what they collected (password Collector@2026). */
export const DEMO_COLLECTORS = [
  { username: 'collector1', fullname: 'Cabdi Warsame', series: 'HG', first: 1001, last: 1050, payments: 6 },
  { username: 'collector2', fullname: 'Hodan Jaamac', series: 'HG', first: 1051, last: 1100, payments: 4 },
] as const;
const COLLECTOR_PRIVILEGES = ['dashboard', 'list-customer', 'receive-payment'];

export async function seedDemoReceiptBooks(db: Db, opts: { code: number; username: string; today?: Date }): Promise<DemoReceiptBooksResult> {
  const admin = await demoAdministrator(db, opts.code, opts.username);
  const today = (opts.today ?? new Date()).toISOString().slice(0, 10);
  const password = await hashPassword('Collector@2026');
  const collectors = await inTenant(db, admin.clientId, (tx) =>
    tx
      .insert(users)
      .values(
        DEMO_COLLECTORS.map((c) => ({
          clientId: admin.clientId,
          username: c.username,
          fullname: c.fullname,
          passwordHash: password,
          extraPrivileges: COLLECTOR_PRIVILEGES,
          branchId: admin.branchId ?? null,
        })),
      )
      .returning({ id: users.id, username: users.username, fullname: users.fullname }),
  );
  // The customers still owing on a bill, oldest first: what the collectors go out to collect.
  const owing = await actorTx(db, admin, (tx) =>
    queryRows<{ customer_id: number; open: string }>(
      tx,
      sql`
      select customer_id, (amount - paid_amount)::text as open from bills
      where client_id = ${admin.clientId} and status = 'Open' and paid_amount < amount and bill_date <= ${today}::date
      order by bill_date, id limit 20`,
    ),
  );
  const [cash] = await actorTx(db, admin, (tx) =>
    queryRows<{ id: number }>(tx, sql`select id from accounts where client_id = ${admin.clientId} and code = '1010'`),
  );
  let payments = 0;
  let next = 0;
  for (const [i, c] of DEMO_COLLECTORS.entries()) {
    const collector = collectors.find((u) => u.username === c.username);
    if (!collector) throw new Error(`demo: collector ${c.username} was not created`);
    const book = await actorTx(db, admin, (tx) =>
      issueReceiptBook({
        tx,
        actor: admin,
        input: receiptBookBody.parse({ series: c.series, firstNumber: c.first, lastNumber: c.last, collectorId: collector.id, issueDate: today }),
      }),
    );
    const actor = {
      ...systemActor({ clientId: admin.clientId, userId: collector.id, username: collector.username, fullname: collector.fullname }),
      branchId: admin.branchId,
    };
    let number = c.first;
    for (let k = 0; k < c.payments && next < owing.length; k += 1, next += 1, number += 1) {
      // The first collector spoilt the leaf of their third receipt: voided, and the next leaf used.
      if (i === 0 && k === 2) {
        const spoilt = number;
        await actorTx(db, admin, (tx) => voidReceiptNumber({ tx, actor: admin, id: book.id, input: { number: spoilt, reason: 'Leaf torn while writing' } }));
        number += 1;
      }
      const input = paymentBody.parse({
        customerId: owing[next].customer_id,
        amount: owing[next].open,
        date: today,
        accountId: cash.id,
        method: 'cash',
        manualReceiptNumber: { series: c.series, number },
      });
      await actorTx(db, actor, (tx) => receivePayment({ tx, actor, input }));
      payments += 1;
    }
  }
  return { books: DEMO_COLLECTORS.length, payments };
}
