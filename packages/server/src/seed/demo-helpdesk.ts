// The demo's help centre: an installation operator (support / Support@2026) and two tickets of the demo
// organisation, one answered by the operator (its reply in the thread), one still waiting for support.
// Built through the help centre's own services, as the staff and the operator would.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { actorTx } from '../plugins/auth.ts';
import { createOperator, createTicket, replyToTicket } from '../modules/help-center/index.ts';
import { inSystem } from '../db/tenant.ts';
import { demoAdministrator } from './demo-billing.ts';

export const DEMO_OPERATOR = { username: 'support', password: 'Support@2026', fullname: 'Installation Support' } as const;

export interface DemoHelpdeskResult {
  tickets: number;
  operator: string | null;
}

export async function seedDemoHelpdesk(db: Db, opts: { code: number; username: string }): Promise<DemoHelpdeskResult> {
  const [existing] = await inSystem(db, (tx) =>
    queryRows<{ id: number; fullname: string }>(tx, sql`select id, fullname from operators where username = ${DEMO_OPERATOR.username}`),
  );
  const operator = existing ?? { ...(await createOperator(db, DEMO_OPERATOR)), fullname: DEMO_OPERATOR.fullname };
  const actor = await demoAdministrator(db, opts.code, opts.username);
  const answered = await actorTx(db, actor, (tx) =>
    createTicket({
      tx,
      actor,
      input: {
        subject: 'How do we print a bill again?',
        description: 'A customer lost his bill for last month. Where can we print it again?',
        category: 'question',
        priority: 'normal',
      },
    }),
  );
  await replyToTicket(
    db,
    { operatorId: operator.id, username: DEMO_OPERATOR.username, fullname: operator.fullname, ip: null },
    answered.id,
    'Open Customers > Bills, find the bill by the customer or its number and choose Print. The PDF is the same as the first one.',
  );
  await actorTx(db, actor, (tx) =>
    createTicket({
      tx,
      actor,
      input: {
        subject: 'Add a second currency to receipts',
        description: 'Some customers pay in Somali shillings. Could receipts show the amount in SOS too?',
        category: 'request',
        priority: 'low',
      },
    }),
  );
  return { tickets: 2, operator: existing ? null : DEMO_OPERATOR.username };
}
