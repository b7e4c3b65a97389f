// PATCH /api/finance/accounts/:id/status and DELETE /api/finance/accounts/:id. An account in use is
// never deleted, only made inactive; a system account is neither. An account is made inactive only at
// a zero balance: postings to an inactive account are refused, so a balance left there could never be
// cleared.
import { and, eq, sql } from 'drizzle-orm';
import type { Account, AccountStatus } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { queryRows } from '../../db/rows.ts';
import { accounts, dec, money } from '../../ledger/index.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { getAccount } from './list-accounts.ts';

async function lockAccount(tx: Db, clientId: number, id: number) {
  const [row] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.clientId, clientId), eq(accounts.id, id)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

export async function setAccountStatus(opts: { tx: Db; actor: Actor; id: number; status: AccountStatus }): Promise<Account> {
  const { tx, actor, id, status } = opts;
  const { clientId } = actor;
  const before = await lockAccount(tx, clientId, id);
  if (before.status !== status) {
    if (status === 'Inactive') {
      if (before.isSystem) throw new AppError(409, 'SYSTEM_ACCOUNT', 'finance.systemAccount');
      const [b] = await queryRows<{ net: string }>(
        tx,
        sql`
        select coalesce(sum(debit - credit), 0) as net from account_daily_balances where client_id = ${clientId} and account_id = ${id}`,
      );
      const net = dec(b.net);
      if (!net.isZero()) throw new AppError(409, 'ACCOUNT_HAS_BALANCE', `finance.accountHasBalance|${money(net.abs())}`);
    }
    await tx.update(accounts).set({ status, updatedAt: new Date() }).where(eq(accounts.id, id));
    await writeAudit(tx, actor, { action: 'status', entity: 'account', entityId: id, before: { status: before.status }, after: { status } });
  }
  return getAccount({ tx, clientId, lang: actor.lang, id });
}

export async function deleteAccount(opts: { tx: Db; actor: Actor; id: number }): Promise<void> {
  const { tx, actor, id } = opts;
  const { clientId } = actor;
  const before = await lockAccount(tx, clientId, id);
  if (before.isSystem) throw new AppError(409, 'SYSTEM_ACCOUNT', 'finance.systemAccount');
  const [usage] = await queryRows<{ in_use: boolean }>(
    tx,
    sql`
    select exists (select 1 from journal_lines where client_id = ${clientId} and account_id = ${id})
        or exists (select 1 from accounts where client_id = ${clientId} and parent_id = ${id}) as in_use`,
  );
  if (usage.in_use) throw new AppError(409, 'IN_USE', 'finance.accountInUse');
  await tx.delete(accounts).where(eq(accounts.id, id));
  await writeAudit(tx, actor, {
    action: 'delete',
    entity: 'account',
    entityId: id,
    before: { code: before.code, nameEn: before.nameEn, nameSo: before.nameSo, type: before.type, subtype: before.subtype },
  });
}
