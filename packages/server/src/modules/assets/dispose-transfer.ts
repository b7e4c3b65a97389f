// Disposing of an asset (a sale for an amount into a money account, or a write-off): its cost and
// accumulated depreciation leave the books and the difference between the proceeds and the net book value
// is the gain or loss, in one entry. Transferring an asset between branches or custodians changes where it
// is and keeps the history (asset_transfers), posting nothing. A disposal is dated after the latest
// depreciated month, so every run stays reversible until something is disposed of after it.
import { sql } from 'drizzle-orm';
import {
  type Asset,
  type AssetHistory,
  type Lang,
  type assetDisposalBody,
  type assetEditBody,
  type assetTransferBody,
  translate,
  type z,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { postJournal } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, notFound, type FieldError } from '../../plugins/errors.ts';
import { ASSET_DISPOSAL_SOURCE_TYPE, checkBranch, checkMoneyAccount, checkOpenDate, latestPostedMonth, monthBounds, validation } from './assets-common.ts';
import { disposalPosting } from './assets.posting.ts';
import { lockAssetBooks } from './depreciation.ts';
import { getAsset, periodOnField } from './register-asset.ts';

interface LockedAsset {
  id: number;
  tag: string;
  status: string;
  branch_id: number;
  custodian: string | null;
  location: string | null;
  recorded_on: string;
  cost: string;
  accumulated: string;
  cost_account_id: number;
  accumulated_account_id: number;
  disposal_account_id: number;
}

async function lockAsset(tx: Db, clientId: number, id: number): Promise<LockedAsset> {
  const [a] = await queryRows<LockedAsset>(
    tx,
    sql`select a.id, a.tag, a.status, a.branch_id, a.custodian, a.location, a.recorded_on::text, a.cost::text,
               (a.opening_accumulated + a.depreciated)::text as accumulated, c.cost_account_id, c.accumulated_account_id, c.disposal_account_id
        from assets a join asset_categories c on c.client_id = a.client_id and c.id = a.category_id
        where a.client_id = ${clientId} and a.id = ${id} for update of a`,
  );
  if (!a) throw notFound();
  if (a.status === 'Disposed') throw new AppError(409, 'ASSET_DISPOSED', 'assets.disposed');
  return a;
}

export async function disposeAsset(opts: { tx: Db; actor: Actor; id: number; input: z.output<typeof assetDisposalBody> }): Promise<Asset> {
  const { tx, actor, id, input } = opts;
  const { clientId } = actor;
  await lockAssetBooks(tx, clientId);
  const a = await lockAsset(tx, clientId, id);
  const problems: FieldError[] = [];
  if (input.kind === 'sale' && input.accountId) await checkMoneyAccount(tx, input.accountId, problems, 'accountId');
  const latest = await latestPostedMonth(tx, clientId);
  if (latest && input.date <= monthBounds(latest)[1]) problems.push({ field: 'date', message: `assets.dateInDepreciatedMonth|${latest}` });
  if (input.date < a.recorded_on) problems.push({ field: 'date', message: `assets.dateBeforeRecorded|${a.recorded_on}` });
  await checkOpenDate(tx, clientId, input.date, problems, 'date');
  if (problems.length) throw validation(problems);
  const moneyAccountId = input.kind === 'sale' ? (input.accountId ?? null) : null;
  const proceeds = input.kind === 'sale' ? input.proceeds : '0';
  const posting = disposalPosting({
    costAccountId: Number(a.cost_account_id),
    accumulatedAccountId: Number(a.accumulated_account_id),
    disposalAccountId: Number(a.disposal_account_id),
    moneyAccountId,
    cost: a.cost,
    accumulated: a.accumulated,
    proceeds,
  });
  const entry = await postJournal(tx, {
    clientId,
    date: input.date,
    reference: a.tag,
    memo: translate('assets.disposalMemo', actor.lang, { tag: a.tag }),
    sourceType: ASSET_DISPOSAL_SOURCE_TYPE,
    sourceId: id,
    branchId: Number(a.branch_id),
    userId: actor.userId,
    lines: posting.lines,
    limitField: 'proceeds',
  }).catch(periodOnField('date'));
  await tx.execute(sql`
    insert into asset_disposals (client_id, asset_id, date, kind, proceeds, account_id, cost, accumulated, gain_loss, reason, journal_entry_id, created_by)
    values (${clientId}, ${id}, ${input.date}, ${input.kind}, ${proceeds}, ${moneyAccountId}, ${a.cost}, ${a.accumulated}, ${posting.gainLoss},
      ${input.reason}, ${entry.id}, ${actor.userId})`);
  await tx.execute(sql`update assets set status = 'Disposed', disposed_on = ${input.date}, updated_at = now() where client_id = ${clientId} and id = ${id}`);
  await writeAudit(tx, actor, { action: 'dispose', entity: 'asset', entityId: id, after: { ...input, gainLoss: posting.gainLoss, entry: entry.number } });
  return getAsset({ tx, clientId, lang: actor.lang, id });
}

/**
 * Edits what describes an asset (name, custodian, location, serial number, notes); its money fields stay as
 * posted. A new custodian or location is kept in the transfer history (dated today, same branch), so the
 * history shows who held the asset and where, whichever way it changed. Audited with before and after.
 */
export async function editAsset(opts: { tx: Db; actor: Actor; id: number; input: z.output<typeof assetEditBody> }): Promise<Asset> {
  const { tx, actor, id, input } = opts;
  const { clientId } = actor;
  const a = await lockAsset(tx, clientId, id);
  const [before] = await queryRows<{ name: string; serial_no: string | null; notes: string | null }>(
    tx,
    sql`select name, serial_no, notes from assets where client_id = ${clientId} and id = ${id}`,
  );
  if ((a.custodian ?? null) !== input.custodian || (a.location ?? null) !== input.location) {
    await tx.execute(sql`
      insert into asset_transfers (client_id, asset_id, date, from_branch_id, to_branch_id, from_custodian, to_custodian, from_location, to_location, note, created_by)
      values (${clientId}, ${id}, current_date, ${a.branch_id}, ${a.branch_id}, ${a.custodian}, ${input.custodian}, ${a.location}, ${input.location},
        ${translate('assets.editedNote', actor.lang)}, ${actor.userId})`);
  }
  await tx.execute(sql`
    update assets set name = ${input.name}, custodian = ${input.custodian}, location = ${input.location}, serial_no = ${input.serialNo},
      notes = ${input.notes}, updated_at = now()
    where client_id = ${clientId} and id = ${id}`);
  await writeAudit(tx, actor, {
    action: 'update',
    entity: 'asset',
    entityId: id,
    before: { name: before.name, custodian: a.custodian, location: a.location, serialNo: before.serial_no, notes: before.notes },
    after: input,
  });
  return getAsset({ tx, clientId, lang: actor.lang, id });
}

export async function transferAsset(opts: { tx: Db; actor: Actor; id: number; input: z.output<typeof assetTransferBody> }): Promise<Asset> {
  const { tx, actor, id, input } = opts;
  const { clientId } = actor;
  const a = await lockAsset(tx, clientId, id);
  const problems: FieldError[] = [];
  await checkBranch(tx, input.branchId, problems, 'branchId');
  if (input.date < a.recorded_on) problems.push({ field: 'date', message: `assets.dateBeforeRecorded|${a.recorded_on}` });
  const [last] = await queryRows<{ date: string }>(
    tx,
    sql`select max(date)::text as date from asset_transfers where client_id = ${clientId} and asset_id = ${id}`,
  );
  if (last?.date && input.date < last.date) problems.push({ field: 'date', message: `assets.dateBeforeRecorded|${last.date}` });
  if (Number(a.branch_id) === input.branchId && (a.custodian ?? null) === input.custodian && (a.location ?? null) === input.location)
    problems.push({ field: 'branchId', message: 'assets.transferSame' });
  if (problems.length) throw validation(problems);
  await tx.execute(sql`
    insert into asset_transfers (client_id, asset_id, date, from_branch_id, to_branch_id, from_custodian, to_custodian, from_location, to_location, note, created_by)
    values (${clientId}, ${id}, ${input.date}, ${a.branch_id}, ${input.branchId}, ${a.custodian}, ${input.custodian}, ${a.location}, ${input.location},
      ${input.note}, ${actor.userId})`);
  await tx.execute(sql`
    update assets set branch_id = ${input.branchId}, custodian = ${input.custodian}, location = ${input.location}, updated_at = now()
    where client_id = ${clientId} and id = ${id}`);
  await writeAudit(tx, actor, {
    action: 'transfer',
    entity: 'asset',
    entityId: id,
    before: { branchId: Number(a.branch_id), custodian: a.custodian, location: a.location },
    after: input,
  });
  return getAsset({ tx, clientId, lang: actor.lang, id });
}

export async function assetHistory(opts: { tx: Db; clientId: number; lang: Lang; id: number }): Promise<AssetHistory> {
  const { tx, clientId, lang, id } = opts;
  await getAsset({ tx, clientId, lang, id });
  const [d] = await queryRows<{
    date: string;
    kind: 'sale' | 'write-off';
    proceeds: string;
    account_id: number | null;
    code: string | null;
    account: string | null;
    cost: string;
    accumulated: string;
    gain_loss: string;
    reason: string | null;
  }>(
    tx,
    sql`select d.date::text, d.kind, d.proceeds::text, d.account_id, ac.code, case when ${lang} = 'so' then ac.name_so else ac.name_en end as account,
               d.cost::text, d.accumulated::text, d.gain_loss::text, d.reason
        from asset_disposals d left join accounts ac on ac.client_id = d.client_id and ac.id = d.account_id
        where d.client_id = ${clientId} and d.asset_id = ${id}`,
  );
  const transfers = await queryRows<{
    id: number;
    date: string;
    from_branch: string;
    to_branch: string;
    from_custodian: string | null;
    to_custodian: string | null;
    from_location: string | null;
    to_location: string | null;
    note: string | null;
    by: string | null;
  }>(
    tx,
    sql`select t.id, t.date::text, fb.name as from_branch, tb.name as to_branch, t.from_custodian, t.to_custodian, t.from_location, t.to_location, t.note,
               u.username as by
        from asset_transfers t
        join branches fb on fb.client_id = t.client_id and fb.id = t.from_branch_id
        join branches tb on tb.client_id = t.client_id and tb.id = t.to_branch_id
        left join users u on u.id = t.created_by
        where t.client_id = ${clientId} and t.asset_id = ${id} order by t.date desc, t.id desc`,
  );
  return {
    disposal: d
      ? {
          date: d.date,
          kind: d.kind,
          proceeds: d.proceeds,
          account: d.account_id ? { id: Number(d.account_id), code: d.code ?? '', name: d.account ?? '' } : null,
          cost: d.cost,
          accumulated: d.accumulated,
          gainLoss: d.gain_loss,
          reason: d.reason,
        }
      : null,
    transfers: transfers.map((t) => ({
      id: Number(t.id),
      date: t.date,
      fromBranch: t.from_branch,
      toBranch: t.to_branch,
      fromCustodian: t.from_custodian,
      toCustodian: t.to_custodian,
      fromLocation: t.from_location,
      toLocation: t.to_location,
      note: t.note,
      by: t.by,
    })),
  };
}
