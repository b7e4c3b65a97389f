// The staff's side of the help centre: an organisation's tickets to the installation's support team.
// Every query runs in the caller's tenant transaction (row-level security) and names the organisation.
// A ticket is changed or deleted only while Open and unanswered (nobody from support wrote); after that
// staff write back in the thread or close it. Each change writes its audit line in the same transaction.
import { and, eq, sql } from 'drizzle-orm';
import {
  TICKET_FILES_PER_TICKET,
  type TicketBody,
  type TicketDetail,
  type TicketFile,
  type TicketListQuery,
  type TicketRow,
  type TransactionFileMime,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, fieldError, notFound } from '../../plugins/errors.ts';
import { deleteFile, files, storeFile } from '../files/index.ts';
import { ticketFiles, ticketMessages, tickets } from './help-center.tables.ts';

export interface TicketRowSql {
  id: string | number;
  client_id: number;
  subject: string;
  description: string;
  category: TicketRow['category'];
  priority: TicketRow['priority'];
  status: TicketRow['status'];
  created_by: string;
  created_at: string;
  updated_at: string;
  answered_at: string | null;
  closed_at: string | null;
  closed_by_name: string | null;
  messages: number;
  operator_messages: number;
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

export const selectTickets = sql`
  select t.id, t.client_id, t.subject, t.description, t.category, t.priority, t.status, u.fullname as created_by,
         t.created_at, t.updated_at, t.answered_at, t.closed_at, t.closed_by_name,
         (select count(*)::int from ticket_messages m where m.client_id = t.client_id and m.ticket_id = t.id) as messages,
         (select count(*)::int from ticket_messages m where m.client_id = t.client_id and m.ticket_id = t.id and m.author_kind = 'operator') as operator_messages
  from tickets t
  join users u on u.client_id = t.client_id and u.id = t.created_by`;

export function toTicketRow(r: TicketRowSql): TicketRow {
  return {
    id: Number(r.id),
    subject: r.subject,
    category: r.category,
    priority: r.priority,
    status: r.status,
    createdBy: r.created_by,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    answeredAt: iso(r.answered_at),
    messages: Number(r.messages),
  };
}

/** The list's filters (status, category, words of the subject or description). */
export function ticketFilters(query: Pick<TicketListQuery, 'q' | 'status' | 'category'>) {
  const parts = [sql`true`];
  if (query.status) parts.push(sql`t.status = ${query.status}`);
  if (query.category) parts.push(sql`t.category = ${query.category}`);
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(t.subject ilike ${pattern} or t.description ilike ${pattern})`);
  }
  return sql.join(parts, sql` and `);
}

export async function listTickets(opts: { tx: Db; actor: Actor; query: TicketListQuery }) {
  const { tx, actor, query } = opts;
  const where = sql`t.client_id = ${actor.clientId} and ${ticketFilters(query)}`;
  const [{ n }] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from tickets t where ${where}`);
  const rows = await queryRows<TicketRowSql>(
    tx,
    sql`${selectTickets} where ${where} order by t.updated_at desc, t.id desc limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  return { data: rows.map(toTicketRow), total: Number(n), page: query._page, limit: query._limit };
}

/** The ticket with its thread and files (any organisation when tx runs as the installation). */
export async function ticketDetail(tx: Db, clientId: number, id: number): Promise<(TicketDetail & { clientId: number }) | undefined> {
  const [r] = await queryRows<TicketRowSql>(tx, sql`${selectTickets} where t.client_id = ${clientId} and t.id = ${id}`);
  if (!r) return undefined;
  const thread = await tx
    .select()
    .from(ticketMessages)
    .where(and(eq(ticketMessages.clientId, clientId), eq(ticketMessages.ticketId, id)))
    .orderBy(ticketMessages.id);
  const attached = await queryRows<{ id: number; filename: string; mime: TransactionFileMime; size: number; created_at: string }>(
    tx,
    sql`select l.id, f.filename, f.mime, f.size, l.created_at from ticket_files l join files f on f.client_id = l.client_id and f.id = l.file_id
        where l.client_id = ${clientId} and l.ticket_id = ${id} order by l.id`,
  );
  return {
    ...toTicketRow(r),
    clientId: r.client_id,
    description: r.description,
    closedAt: iso(r.closed_at),
    closedBy: r.closed_by_name,
    thread: thread.map((m) => ({
      id: m.id,
      authorKind: m.authorKind as 'staff' | 'operator',
      authorName: m.authorName,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
    })),
    files: attached.map((f) => ({ id: Number(f.id), filename: f.filename, mime: f.mime, size: Number(f.size), createdAt: iso(f.created_at)! })),
    mayDelete: r.status === 'Open' && Number(r.operator_messages) === 0,
  };
}

async function detailOr404(tx: Db, actor: Actor, id: number): Promise<TicketDetail> {
  const detail = await ticketDetail(tx, actor.clientId, id);
  if (!detail) throw notFound();
  const { clientId: _clientId, ...rest } = detail;
  return rest;
}

/** Reads a ticket; its author reading it marks the support's answer as seen (the bell stops counting it). */
export async function viewTicket(opts: { tx: Db; actor: Actor; id: number }): Promise<TicketDetail> {
  const { tx, actor, id } = opts;
  const detail = await detailOr404(tx, actor, id);
  await tx
    .update(tickets)
    .set({ authorSeenAt: sql`now()` })
    .where(and(eq(tickets.clientId, actor.clientId), eq(tickets.id, id), eq(tickets.createdBy, actor.userId)));
  return detail;
}

export async function createTicket(opts: { tx: Db; actor: Actor; input: TicketBody }): Promise<TicketDetail> {
  const { tx, actor, input } = opts;
  const [row] = await tx
    .insert(tickets)
    .values({ clientId: actor.clientId, ...input, createdBy: actor.userId, authorSeenAt: sql`now()` })
    .returning({ id: tickets.id });
  await writeAudit(tx, actor, { action: 'create', entity: 'ticket', entityId: row.id, after: input });
  return detailOr404(tx, actor, row.id);
}

/** The ticket locked for a change, or 404 when it is not the organisation's. */
async function lockTicket(tx: Db, actor: Actor, id: number) {
  const [row] = await queryRows<{
    id: number;
    status: string;
    subject: string;
    description: string;
    category: string;
    priority: string;
    operator_messages: number;
  }>(
    tx,
    sql`select t.id, t.status, t.subject, t.description, t.category, t.priority,
               (select count(*)::int from ticket_messages m where m.client_id = t.client_id and m.ticket_id = t.id and m.author_kind = 'operator') as operator_messages
        from tickets t where t.client_id = ${actor.clientId} and t.id = ${id} for update of t`,
  );
  if (!row) throw notFound();
  return row;
}

const notOpen = () => new AppError(409, 'TICKET_NOT_OPEN', 'tickets.notOpen');

export async function updateTicket(opts: { tx: Db; actor: Actor; id: number; input: TicketBody }): Promise<TicketDetail> {
  const { tx, actor, id, input } = opts;
  const before = await lockTicket(tx, actor, id);
  if (before.status !== 'Open' || Number(before.operator_messages) > 0) throw notOpen();
  await tx
    .update(tickets)
    .set({ ...input, updatedAt: sql`now()` })
    .where(and(eq(tickets.clientId, actor.clientId), eq(tickets.id, id)));
  await writeAudit(tx, actor, {
    action: 'update',
    entity: 'ticket',
    entityId: id,
    before: { subject: before.subject, description: before.description, category: before.category, priority: before.priority },
    after: input,
  });
  return detailOr404(tx, actor, id);
}

export async function deleteTicket(opts: { tx: Db; actor: Actor; id: number }): Promise<void> {
  const { tx, actor, id } = opts;
  const before = await lockTicket(tx, actor, id);
  if (before.status !== 'Open' || Number(before.operator_messages) > 0) throw notOpen();
  const attached = await tx
    .select({ fileId: ticketFiles.fileId })
    .from(ticketFiles)
    .where(and(eq(ticketFiles.clientId, actor.clientId), eq(ticketFiles.ticketId, id)));
  await tx.delete(tickets).where(and(eq(tickets.clientId, actor.clientId), eq(tickets.id, id)));
  for (const f of attached) await deleteFile({ tx, id: f.fileId });
  await writeAudit(tx, actor, { action: 'delete', entity: 'ticket', entityId: id, before: { subject: before.subject, status: before.status } });
}

/** Staff write back in the thread: an Answered ticket is Open again (waiting for support). */
export async function addStaffMessage(opts: { tx: Db; actor: Actor; id: number; body: string }): Promise<TicketDetail> {
  const { tx, actor, id, body } = opts;
  const before = await lockTicket(tx, actor, id);
  if (before.status === 'Closed') throw new AppError(409, 'TICKET_CLOSED', 'tickets.closed');
  const [m] = await tx
    .insert(ticketMessages)
    .values({ clientId: actor.clientId, ticketId: id, authorKind: 'staff', userId: actor.userId, authorName: actor.fullname, body })
    .returning({ id: ticketMessages.id });
  await tx
    .update(tickets)
    .set({ status: 'Open', updatedAt: sql`now()` })
    .where(and(eq(tickets.clientId, actor.clientId), eq(tickets.id, id)));
  await writeAudit(tx, actor, { action: 'create', entity: 'ticket-message', entityId: m.id, after: { ticketId: id, body } });
  return detailOr404(tx, actor, id);
}

export async function closeTicket(opts: { tx: Db; actor: Actor; id: number }): Promise<TicketDetail> {
  const { tx, actor, id } = opts;
  const before = await lockTicket(tx, actor, id);
  if (before.status === 'Closed') throw new AppError(409, 'TICKET_CLOSED', 'tickets.closed');
  await tx
    .update(tickets)
    .set({ status: 'Closed', closedAt: sql`now()`, closedByName: actor.fullname, updatedAt: sql`now()` })
    .where(and(eq(tickets.clientId, actor.clientId), eq(tickets.id, id)));
  await writeAudit(tx, actor, { action: 'status', entity: 'ticket', entityId: id, before: { status: before.status }, after: { status: 'Closed' } });
  return detailOr404(tx, actor, id);
}

export async function attachTicketFile(opts: {
  tx: Db;
  actor: Actor;
  id: number;
  upload: { filename: string; mime: TransactionFileMime; content: Buffer };
}): Promise<TicketFile> {
  const { tx, actor, id, upload } = opts;
  const before = await lockTicket(tx, actor, id);
  if (before.status === 'Closed') throw new AppError(409, 'TICKET_CLOSED', 'tickets.closed');
  const [{ n }] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ticket_files where client_id = ${actor.clientId} and ticket_id = ${id}`,
  );
  if (Number(n) >= TICKET_FILES_PER_TICKET) throw fieldError('file', `tickets.tooManyFiles|${TICKET_FILES_PER_TICKET}`);
  const stored = await storeFile({ tx, clientId: actor.clientId, userId: actor.userId, purpose: 'ticket', ...upload });
  const [link] = await tx.insert(ticketFiles).values({ clientId: actor.clientId, ticketId: id, fileId: stored.id, createdBy: actor.userId }).returning();
  await writeAudit(tx, actor, {
    action: 'attach',
    entity: 'ticket-file',
    entityId: link.id,
    after: { ticketId: id, fileId: stored.id, filename: stored.filename, mime: stored.mime, size: stored.size },
  });
  return { id: link.id, filename: stored.filename, mime: upload.mime, size: stored.size, createdAt: link.createdAt.toISOString() };
}

/** The attachment with its bytes (tx as the tenant, or as the installation for operators), or 404. */
export async function readTicketFile(opts: { tx: Db; clientId?: number; id: number }) {
  const where = opts.clientId === undefined ? eq(ticketFiles.id, opts.id) : and(eq(ticketFiles.clientId, opts.clientId), eq(ticketFiles.id, opts.id));
  const [row] = await opts.tx
    .select({ id: ticketFiles.id, filename: files.filename, mime: files.mime, content: files.content })
    .from(ticketFiles)
    .innerJoin(files, and(eq(files.clientId, ticketFiles.clientId), eq(files.id, ticketFiles.fileId)))
    .where(where);
  if (!row) throw notFound();
  return row;
}

export async function removeTicketFile(opts: { tx: Db; actor: Actor; id: number }): Promise<void> {
  const { tx, actor, id } = opts;
  const [link] = await tx
    .select()
    .from(ticketFiles)
    .where(and(eq(ticketFiles.clientId, actor.clientId), eq(ticketFiles.id, id)));
  if (!link) throw notFound();
  const ticket = await lockTicket(tx, actor, link.ticketId);
  if (ticket.status === 'Closed') throw new AppError(409, 'TICKET_CLOSED', 'tickets.closed');
  await tx.delete(ticketFiles).where(and(eq(ticketFiles.clientId, actor.clientId), eq(ticketFiles.id, id)));
  await deleteFile({ tx, id: link.fileId });
  await writeAudit(tx, actor, { action: 'delete', entity: 'ticket-file', entityId: id, before: { ticketId: link.ticketId, fileId: link.fileId } });
}
