// Buying assets: several on one purchase (series FA), on credit from a vendor (the payable credited naming
// the vendor, and a payable open item of kind 'asset-purchase' that vendor payments settle like a bill) or
// for cash from a money account. The purchase registers its assets; all in the request's transaction.
import { sql } from 'drizzle-orm';
import { type AssetPurchase, type AssetPurchaseInput, type Lang, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { Decimal, documentNumber, nextDocumentNumber, postJournal, systemAccountId } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { notFound, type FieldError } from '../../plugins/errors.ts';
import { addOpenItems, applyPartyCredit } from '../open-items/index.ts';
import {
  ASSET_PURCHASE_KIND,
  ASSET_PURCHASE_SERIES,
  ASSET_PURCHASE_SOURCE_TYPE,
  addDays,
  checkMoneyAccount,
  checkOpenDate,
  validation,
} from './assets-common.ts';
import { purchasePosting } from './assets.posting.ts';
import { insertAssets, periodOnField, resolveAssets } from './register-asset.ts';

export async function buyAssets(opts: { tx: Db; actor: Actor; input: AssetPurchaseInput }): Promise<AssetPurchase> {
  const { tx, actor, input } = opts;
  const { clientId } = actor;
  const problems: FieldError[] = [];
  let vendor: { id: number; number: string; name: string; terms: number } | undefined;
  if (input.kind === 'credit' && input.vendorId) {
    const [v] = await queryRows<{ id: number; number: string; name: string; status: string; terms: number }>(
      tx,
      sql`select id, number, name, status, payment_terms_days as terms from vendors where id = ${input.vendorId}`,
    );
    if (!v) problems.push({ field: 'vendorId', message: 'v.notFound' });
    else if (v.status !== 'Active') problems.push({ field: 'vendorId', message: 'assets.vendorInactive' });
    else vendor = { ...v, id: Number(v.id), terms: Number(v.terms) };
  }
  if (input.kind === 'cash' && input.accountId) await checkMoneyAccount(tx, input.accountId, problems, 'accountId');
  const resolved = await resolveAssets(tx, input.assets, problems, (i) => `assets.${i}.`);
  await checkOpenDate(tx, clientId, input.date, problems, 'date');
  if (problems.length) throw validation(problems);

  const total = resolved.reduce((s, a) => s.plus(a.cost), new Decimal(0)).toFixed(2);
  const number = documentNumber(ASSET_PURCHASE_SERIES, await nextDocumentNumber(tx, clientId, ASSET_PURCHASE_SERIES));
  const payableId = await systemAccountId(tx, clientId, 'payable');
  const creditAccountId = vendor ? payableId : (input.accountId as number);
  const dueDate = vendor ? addDays(input.date, vendor.terms) : input.date;
  // The purchase's id first: its entry names it, and the row is written once, with its entry.
  const [reserved] = await queryRows<{ id: number }>(tx, sql`select nextval(pg_get_serial_sequence('asset_purchases', 'id'))::int as id`);
  const purchaseId = Number(reserved.id);
  const entry = await postJournal(tx, {
    clientId,
    date: input.date,
    series: 'JV',
    reference: input.reference ?? number,
    memo: translate('assets.purchaseMemo', actor.lang, { n: number }),
    sourceType: ASSET_PURCHASE_SOURCE_TYPE,
    sourceId: purchaseId,
    branchId: actor.branchId ?? null,
    userId: actor.userId,
    lines: purchasePosting({
      assets: resolved.map((a) => ({ costAccountId: a.category.cost_account_id, cost: a.cost, memo: `${a.tag} ${a.name}` })),
      credit: { accountId: creditAccountId, vendorId: vendor?.id ?? null },
      total,
    }),
    limitField: 'assets',
  }).catch(periodOnField('date'));
  await tx.execute(sql`
    insert into asset_purchases (id, client_id, number, kind, vendor_id, account_id, date, due_date, reference, total, journal_entry_id, created_by)
    values (${purchaseId}, ${clientId}, ${number}, ${input.kind}, ${vendor?.id ?? null}, ${vendor ? null : creditAccountId}, ${input.date}, ${dueDate},
      ${input.reference}, ${total}, ${entry.id}, ${actor.userId})`);
  await insertAssets(tx, actor, resolved, { source: 'purchase', purchaseId, recordedOn: input.date, journalEntryId: entry.id });
  if (vendor) {
    const party = { partyType: 'vendor' as const, partyId: vendor.id, accountId: payableId };
    await addOpenItems(tx, clientId, [
      {
        ...party,
        side: 'credit',
        kind: ASSET_PURCHASE_KIND,
        sourceType: ASSET_PURCHASE_SOURCE_TYPE,
        sourceId: purchaseId,
        number,
        date: input.date,
        dueDate,
        amount: total,
        journalEntryId: entry.id,
      },
    ]);
    await applyPartyCredit(tx, clientId, [party]);
  }
  await writeAudit(tx, actor, { action: 'create', entity: 'asset-purchase', entityId: purchaseId, after: { ...input, number, total, entry: entry.number } });
  return getAssetPurchase({ tx, clientId, lang: actor.lang, id: purchaseId });
}

export async function getAssetPurchase(opts: { tx: Db; clientId: number; lang: Lang; id: number }): Promise<AssetPurchase> {
  const { tx, clientId, lang, id } = opts;
  const [p] = await queryRows<{
    id: number;
    number: string;
    kind: AssetPurchase['kind'];
    vendor_id: number | null;
    vendor_number: string | null;
    vendor_name: string | null;
    account_id: number | null;
    account_code: string | null;
    account_name: string | null;
    date: string;
    due_date: string;
    reference: string | null;
    total: string;
    entry_number: string;
  }>(
    tx,
    sql`select p.id, p.number, p.kind, v.id as vendor_id, v.number as vendor_number, v.name as vendor_name, ac.id as account_id, ac.code as account_code,
               case when ${lang} = 'so' then ac.name_so else ac.name_en end as account_name, p.date::text, p.due_date::text, p.reference, p.total::text,
               e.series || '-' || lpad(e.entry_no::text, 6, '0') as entry_number
        from asset_purchases p
        left join vendors v on v.client_id = p.client_id and v.id = p.vendor_id
        left join accounts ac on ac.client_id = p.client_id and ac.id = p.account_id
        join journal_entries e on e.client_id = p.client_id and e.id = p.journal_entry_id
        where p.client_id = ${clientId} and p.id = ${id}`,
  );
  if (!p) throw notFound();
  const assets = await queryRows<{ id: number; tag: string; name: string; cost: string }>(
    tx,
    sql`select id, tag, name, cost::text from assets where client_id = ${clientId} and purchase_id = ${id} order by id`,
  );
  return {
    id: Number(p.id),
    number: p.number,
    kind: p.kind,
    vendor: p.vendor_id ? { id: Number(p.vendor_id), number: p.vendor_number ?? '', name: p.vendor_name ?? '' } : null,
    account: p.account_id ? { id: Number(p.account_id), code: p.account_code ?? '', name: p.account_name ?? '' } : null,
    date: p.date,
    dueDate: p.due_date,
    reference: p.reference,
    total: p.total,
    entryNumber: p.entry_number,
    assets: assets.map((a) => ({ ...a, id: Number(a.id) })),
  };
}
