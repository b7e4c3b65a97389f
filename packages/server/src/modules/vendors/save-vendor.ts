// POST/PUT/PATCH status /api/elc/vendors: a vendor's number is typed or the next of the series V-0001
// (a typed number of the series' form is claimed, so the series never hands it out again); numbers are
// unique per organisation regardless of case. The default expense account must be an active expense
// account. A non-zero opening balance is posted in the same transaction (opening-balance.ts); once posted
// its amount and date stay. Every change is audited in its transaction.
import { sql } from 'drizzle-orm';
import { type ReferenceStatus, VENDOR_SERIES, type Vendor, type VendorInput, bdec, vendorNumber } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { claimDocumentNumber, nextDocumentNumber } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { pgCode } from '../../lib/sql.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { type FieldError, notFound } from '../../plugins/errors.ts';
import { getVendor } from './list-vendors.ts';
import { postVendorOpeningBalance } from './opening-balance.ts';
import { validationError } from './vendors-common.ts';

const SERIES_FORM = /^V-(\d{1,9})$/i;

async function numberTaken(tx: Db, clientId: number, number: string, exceptId: number): Promise<boolean> {
  const [row] = await queryRows<{ one: number }>(
    tx,
    sql`select 1 as one from vendors where client_id = ${clientId} and lower(number) = lower(${number}) and id <> ${exceptId} limit 1`,
  );
  return Boolean(row);
}

async function checkVendor(tx: Db, actor: Actor, input: VendorInput, exceptId: number): Promise<void> {
  const problems: FieldError[] = [];
  if (input.number && (await numberTaken(tx, actor.clientId, input.number, exceptId))) problems.push({ field: 'number', message: 'common.duplicate' });
  if (input.defaultExpenseAccountId) {
    const [a] = await queryRows<{ ok: boolean }>(
      tx,
      sql`select status = 'Active' and type = 'expense' as ok from accounts where client_id = ${actor.clientId} and id = ${input.defaultExpenseAccountId}`,
    );
    if (!a?.ok) problems.push({ field: 'defaultExpenseAccountId', message: 'vendors.expenseAccount' });
  }
  if (problems.length > 0) throw validationError(problems);
}

/** The number a new vendor gets: the one typed (claimed when it has the series' form), or the series' next free one. */
async function assignNumber(tx: Db, clientId: number, typed: string | undefined): Promise<string> {
  if (typed) {
    const m = SERIES_FORM.exec(typed);
    if (m) await claimDocumentNumber(tx, clientId, VENDOR_SERIES, Number(m[1]));
    return typed;
  }
  for (let i = 0; i < 1000; i++) {
    const candidate = vendorNumber(await nextDocumentNumber(tx, clientId, VENDOR_SERIES));
    if (!(await numberTaken(tx, clientId, candidate, 0))) return candidate;
  }
  throw validationError([{ field: 'number', message: 'common.duplicate' }]);
}

function takenOnUnique(err: unknown): never {
  if (pgCode(err) === '23505') throw validationError([{ field: 'number', message: 'common.duplicate' }]);
  throw err;
}

const auditView = (v: Vendor) => {
  const { createdAt: _c, updatedAt: _u, balance: _b, openBills: _o, defaultExpenseAccount, ...rest } = v;
  return { ...rest, defaultExpenseAccountId: defaultExpenseAccount?.id ?? null };
};

export async function createVendor(opts: { tx: Db; actor: Actor; input: VendorInput }): Promise<Vendor> {
  const { tx, actor, input } = opts;
  await checkVendor(tx, actor, input, 0);
  const number = await assignNumber(tx, actor.clientId, input.number);
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`
    insert into vendors (client_id, number, name, contact_person, phone, email, address, tax_number, payment_terms_days,
                         default_expense_account_id, opening_balance, opening_date, notes, created_by)
    values (${actor.clientId}, ${number}, ${input.name}, ${input.contactPerson}, ${input.phone}, ${input.email}, ${input.address},
            ${input.taxNumber}, ${input.paymentTermsDays}, ${input.defaultExpenseAccountId ?? null}, ${input.openingBalance},
            ${input.openingDate ?? null}, ${input.notes}, ${actor.userId})
    returning id`,
  ).catch(takenOnUnique);
  const id = Number(row.id);
  await postVendorOpeningBalance({ tx, actor, vendorId: id });
  const created = await getVendor({ tx, clientId: actor.clientId, lang: actor.lang, id });
  await writeAudit(tx, actor, { action: 'create', entity: 'vendor', entityId: id, after: auditView(created) });
  return created;
}

export async function updateVendor(opts: { tx: Db; actor: Actor; id: number; input: VendorInput }): Promise<Vendor> {
  const { tx, actor, id, input } = opts;
  const [locked] = await queryRows<{ opening_balance: string; opening_date: string | null; entry: number | null }>(
    tx,
    sql`select opening_balance::text, opening_date::text as opening_date, opening_journal_entry_id as entry
        from vendors where client_id = ${actor.clientId} and id = ${id} for update`,
  );
  if (!locked) throw notFound();
  const openingChanged =
    !bdec(locked.opening_balance).eq(bdec(input.openingBalance)) || (bdec(input.openingBalance).gt(0) && (input.openingDate ?? null) !== locked.opening_date);
  if (openingChanged && locked.entry !== null) throw validationError([{ field: 'openingBalance', message: 'vendors.openingPosted' }]);
  await checkVendor(tx, actor, input, id);
  const before = await getVendor({ tx, clientId: actor.clientId, lang: actor.lang, id });
  const number = input.number ?? before.number;
  const m = SERIES_FORM.exec(number);
  if (m && number !== before.number) await claimDocumentNumber(tx, actor.clientId, VENDOR_SERIES, Number(m[1]));
  await tx
    .execute(sql`
    update vendors set number = ${number}, name = ${input.name}, contact_person = ${input.contactPerson}, phone = ${input.phone},
           email = ${input.email}, address = ${input.address}, tax_number = ${input.taxNumber}, payment_terms_days = ${input.paymentTermsDays},
           default_expense_account_id = ${input.defaultExpenseAccountId ?? null}, notes = ${input.notes},
           ${locked.entry === null ? sql`opening_balance = ${input.openingBalance}, opening_date = ${input.openingDate ?? null},` : sql``}
           updated_at = now()
    where client_id = ${actor.clientId} and id = ${id}`)
    .catch(takenOnUnique);
  if (locked.entry === null) await postVendorOpeningBalance({ tx, actor, vendorId: id });
  const after = await getVendor({ tx, clientId: actor.clientId, lang: actor.lang, id });
  await writeAudit(tx, actor, { action: 'update', entity: 'vendor', entityId: id, before: auditView(before), after: auditView(after) });
  return after;
}

export async function setVendorStatus(opts: { tx: Db; actor: Actor; id: number; status: ReferenceStatus }): Promise<Vendor> {
  const { tx, actor, id, status } = opts;
  const [row] = await queryRows<{ status: string }>(tx, sql`select status from vendors where client_id = ${actor.clientId} and id = ${id} for update`);
  if (!row) throw notFound();
  if (row.status !== status) {
    await tx.execute(sql`update vendors set status = ${status}, updated_at = now() where client_id = ${actor.clientId} and id = ${id}`);
    await writeAudit(tx, actor, { action: 'status', entity: 'vendor', entityId: id, before: { status: row.status }, after: { status } });
  }
  return getVendor({ tx, clientId: actor.clientId, lang: actor.lang, id });
}
