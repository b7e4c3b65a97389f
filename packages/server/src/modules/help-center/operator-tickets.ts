// The operators' side of the help centre: every organisation's tickets, read and answered as the
// installation (inSystem: the `system` policy, across organisations). A reply joins the ticket's thread
// and marks it Answered; the organisation's log sheet records it as the operator's, in the same transaction.
import { and, eq, sql } from 'drizzle-orm';
import type { OperatorTicketDetail, OperatorTicketQuery } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { ticketMessages, tickets } from './help-center.tables.ts';
import { selectTickets, type TicketRowSql, ticketDetail, ticketFilters, toTicketRow } from './tickets.ts';

export interface OperatorAuthor {
  operatorId: number;
  username: string;
  fullname: string;
  ip: string | null;
}

type Row = TicketRowSql & { organisation_code: number; organisation_name: string };

export async function listAllTickets(db: Db, query: OperatorTicketQuery) {
  return inSystem(db, async (tx) => {
    const status = query.open === '1' ? 'Open' : query.status;
    const where = ticketFilters({ ...query, status });
    const [{ n }] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from tickets t where ${where}`);
    const rows = await queryRows<Row>(
      tx,
      sql`select x.*, c.code as organisation_code, c.name as organisation_name from (${selectTickets} where ${where}) x join clients c on c.id = x.client_id
          order by case x.status when 'Open' then 0 when 'Answered' then 1 else 2 end, x.updated_at, x.id
          limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
    );
    return {
      data: rows.map((r) => ({
        ...toTicketRow(r),
        clientId: r.client_id,
        organisationCode: Number(r.organisation_code),
        organisationName: r.organisation_name,
      })),
      total: Number(n),
      page: query._page,
      limit: query._limit,
    };
  });
}

async function operatorDetail(tx: Db, id: number): Promise<OperatorTicketDetail> {
  const [t] = await queryRows<{ client_id: number; code: number; name: string }>(
    tx,
    sql`select t.client_id, c.code, c.name from tickets t join clients c on c.id = t.client_id where t.id = ${id}`,
  );
  if (!t) throw notFound();
  const detail = await ticketDetail(tx, t.client_id, id);
  if (!detail) throw notFound();
  return { ...detail, organisationCode: Number(t.code), organisationName: t.name };
}

export function getOperatorTicket(db: Db, id: number): Promise<OperatorTicketDetail> {
  return inSystem(db, (tx) => operatorDetail(tx, id));
}

async function lockAny(tx: Db, id: number) {
  const [t] = await queryRows<{ id: number; client_id: number; status: string }>(
    tx,
    sql`select id, client_id, status from tickets where id = ${id} for update`,
  );
  if (!t) throw notFound();
  return t;
}

const operatorAudit = (clientId: number, author: OperatorAuthor) => ({ clientId, userId: null, username: `(operator) ${author.username}`, ip: author.ip });

/** An operator's answer: joins the thread, the ticket becomes Answered (a closed ticket is refused). */
export async function replyToTicket(db: Db, author: OperatorAuthor, id: number, body: string): Promise<OperatorTicketDetail> {
  return inSystem(db, async (tx) => {
    const t = await lockAny(tx, id);
    if (t.status === 'Closed') throw new AppError(409, 'TICKET_CLOSED', 'tickets.closed');
    const [m] = await tx
      .insert(ticketMessages)
      .values({ clientId: t.client_id, ticketId: id, authorKind: 'operator', operatorId: author.operatorId, authorName: author.fullname, body })
      .returning({ id: ticketMessages.id });
    await tx
      .update(tickets)
      .set({ status: 'Answered', answeredAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(tickets.clientId, t.client_id), eq(tickets.id, id)));
    await writeAudit(tx, operatorAudit(t.client_id, author), { action: 'create', entity: 'ticket-message', entityId: m.id, after: { ticketId: id, body } });
    return operatorDetail(tx, id);
  });
}

export async function operatorCloseTicket(db: Db, author: OperatorAuthor, id: number): Promise<OperatorTicketDetail> {
  return inSystem(db, async (tx) => {
    const t = await lockAny(tx, id);
    if (t.status === 'Closed') throw new AppError(409, 'TICKET_CLOSED', 'tickets.closed');
    await tx
      .update(tickets)
      .set({ status: 'Closed', closedAt: sql`now()`, closedByName: author.fullname, updatedAt: sql`now()` })
      .where(and(eq(tickets.clientId, t.client_id), eq(tickets.id, id)));
    await writeAudit(tx, operatorAudit(t.client_id, author), {
      action: 'status',
      entity: 'ticket',
      entityId: id,
      before: { status: t.status },
      after: { status: 'Closed' },
    });
    return operatorDetail(tx, id);
  });
}
