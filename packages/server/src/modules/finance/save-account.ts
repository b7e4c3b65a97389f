// POST /api/finance/accounts and PUT /api/finance/accounts/:id. The code is unique per organisation; a
// parent has the same type and never sits below its own child; a system account keeps its code, type
// and subtype (modules find it by code); an account with postings or sub-accounts keeps its type.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Account, AccountBody } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { queryRows } from '../../db/rows.ts';
import { accounts } from '../../ledger/index.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { fieldError, notFound } from '../../plugins/errors.ts';
import { getAccount } from './list-accounts.ts';

type AccountRecord = typeof accounts.$inferSelect;

async function assertCodeFree(tx: Db, clientId: number, code: string, exceptId?: number): Promise<void> {
  const same = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.clientId, clientId), eq(accounts.code, code), exceptId ? ne(accounts.id, exceptId) : undefined));
  if (same.length > 0) throw fieldError('code', 'finance.codeTaken');
}

/** The parent exists in the organisation, has the same type, and is not the account or below it. */
async function assertParent(tx: Db, clientId: number, parentId: number | null | undefined, type: string, selfId?: number): Promise<void> {
  if (parentId === null || parentId === undefined) return;
  const [parent] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.clientId, clientId), eq(accounts.id, parentId)));
  if (!parent) throw fieldError('parentId', 'v.notFound');
  if (parent.type !== type) throw fieldError('parentId', 'finance.parentType');
  if (selfId === undefined) return;
  const [cycle] = await queryRows<{ found: boolean }>(
    tx,
    sql`
    with recursive up(id, parent_id) as (
      select id, parent_id from accounts where client_id = ${clientId} and id = ${parentId}
      union
      select a.id, a.parent_id from accounts a join up on a.id = up.parent_id where a.client_id = ${clientId}
    )
    select exists (select 1 from up where id = ${selfId}) as found`,
  );
  if (cycle.found) throw fieldError('parentId', 'finance.parentCycle');
}

async function clientCurrency(tx: Db, clientId: number): Promise<string> {
  const [row] = await queryRows<{ currency: string }>(tx, sql`select currency from clients where id = ${clientId}`);
  return row?.currency ?? 'USD';
}

function auditView(a: AccountRecord) {
  return {
    code: a.code,
    nameEn: a.nameEn,
    nameSo: a.nameSo,
    type: a.type,
    subtype: a.subtype,
    parentId: a.parentId,
    currency: a.currency,
    description: a.description,
    status: a.status,
  };
}

export async function createAccount(opts: { tx: Db; actor: Actor; input: AccountBody }): Promise<Account> {
  const { tx, actor, input } = opts;
  const { clientId } = actor;
  await assertCodeFree(tx, clientId, input.code);
  await assertParent(tx, clientId, input.parentId, input.type);
  const [row] = await tx
    .insert(accounts)
    .values({
      clientId,
      code: input.code,
      nameEn: input.nameEn,
      nameSo: input.nameSo,
      type: input.type,
      subtype: input.subtype,
      parentId: input.parentId ?? null,
      currency: input.currency ?? (await clientCurrency(tx, clientId)),
      description: input.description ?? null,
    })
    .returning();
  await writeAudit(tx, actor, { action: 'create', entity: 'account', entityId: row.id, after: auditView(row) });
  return getAccount({ tx, clientId, lang: actor.lang, id: row.id });
}

export async function updateAccount(opts: { tx: Db; actor: Actor; id: number; input: AccountBody }): Promise<Account> {
  const { tx, actor, id, input } = opts;
  const { clientId } = actor;
  const [before] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.clientId, clientId), eq(accounts.id, id)))
    .for('update');
  if (!before) throw notFound();
  if (before.isSystem) {
    if (input.code !== before.code) throw fieldError('code', 'finance.systemAccountFixed');
    if (input.type !== before.type) throw fieldError('type', 'finance.systemAccountFixed');
    if (input.subtype !== before.subtype) throw fieldError('subtype', 'finance.systemAccountFixed');
  }
  if (input.type !== before.type) {
    const [usage] = await queryRows<{ is_used: boolean; has_children: boolean }>(
      tx,
      sql`
      select exists (select 1 from account_daily_balances where client_id = ${clientId} and account_id = ${id}) as is_used,
             exists (select 1 from accounts where client_id = ${clientId} and parent_id = ${id}) as has_children`,
    );
    if (usage.is_used) throw fieldError('type', 'finance.typeInUse');
    if (usage.has_children) throw fieldError('type', 'finance.typeHasChildren');
  }
  await assertCodeFree(tx, clientId, input.code, id);
  await assertParent(tx, clientId, input.parentId, input.type, id);
  const [after] = await tx
    .update(accounts)
    .set({
      code: input.code,
      nameEn: input.nameEn,
      nameSo: input.nameSo,
      type: input.type,
      subtype: input.subtype,
      parentId: input.parentId ?? null,
      currency: input.currency ?? before.currency,
      description: input.description ?? null,
      updatedAt: new Date(),
    })
    .where(eq(accounts.id, id))
    .returning();
  await writeAudit(tx, actor, { action: 'update', entity: 'account', entityId: id, before: auditView(before), after: auditView(after) });
  return getAccount({ tx, clientId, lang: actor.lang, id });
}
