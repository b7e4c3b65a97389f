// A requester's drafts: create and edit (lines or one amount; the amount asked for is the lines' sum, each
// line quantity x estimated unit amount to the cent), then submit, which takes the request's gapless
// reference REQ-<year>-nnnnn from the document counter of series 'REQ-<year>' (per organisation and year,
// row-locked until commit: a rolled-back submission leaves no gap). Only the requester edits or submits.
import { sql } from 'drizzle-orm';
import { formatRequestRef, type RequestDetail, type requestBody, type z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { Decimal, dec, nextDocumentNumber, peekDocumentNumber } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, fieldError } from '../../plugins/errors.ts';
import { getRequest, lockRequest } from './requests-common.ts';

type RequestInput = z.output<typeof requestBody>;

export const requestSeries = (year: number) => `REQ-${year}`;
const todayIso = () => new Date().toISOString().slice(0, 10);

function figures(input: RequestInput) {
  const lines = input.lines.map((l, i) => ({
    position: i + 1,
    description: l.description,
    quantity: l.quantity,
    unit_amount: dec(l.unitAmount).toFixed(2),
    amount: dec(l.quantity).times(l.unitAmount).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
  }));
  const amount = lines.length > 0 ? lines.reduce((s, l) => s.plus(l.amount), new Decimal(0)) : dec(input.amount ?? '0');
  if (amount.lte(0)) throw fieldError('amount', 'requests.amountOrLines');
  if (amount.gt('9999999999999999.99')) throw fieldError('amount', 'v.money');
  return { lines, amount: amount.toFixed(2) };
}

async function checkBranch(tx: Db, branchId: number) {
  const [branch] = await queryRows<{ status: string }>(tx, sql`select status from branches where id = ${branchId}`);
  if (branch?.status !== 'Active') throw fieldError('branchId', 'requests.branch');
}

async function writeLines(tx: Db, actor: Actor, id: number, lines: ReturnType<typeof figures>['lines']) {
  if (lines.length === 0) return;
  await tx.execute(sql`
    insert into request_lines (client_id, request_id, position, description, quantity, unit_amount, amount)
    select ${actor.clientId}, ${id}, x.position, x.description, x.quantity, x.unit_amount, x.amount
    from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
      as x(position smallint, description text, quantity numeric, unit_amount numeric, amount numeric)`);
}

export async function createRequest(opts: { tx: Db; actor: Actor; input: RequestInput }): Promise<RequestDetail> {
  const { tx, actor, input } = opts;
  await checkBranch(tx, input.branchId);
  const { lines, amount } = figures(input);
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into requests (client_id, type, requester_id, branch_id, department, purpose, needed_by, amount)
        values (${actor.clientId}, ${input.type}, ${actor.userId}, ${input.branchId}, ${input.department}, ${input.purpose},
                ${input.neededBy ?? null}, ${amount})
        returning id`,
  );
  const id = Number(row.id);
  await writeLines(tx, actor, id, lines);
  const created = await getRequest({ tx, id, lang: actor.lang });
  await writeAudit(tx, actor, { action: 'create', entity: 'request', entityId: id, after: created });
  return created;
}

/** The requester's own draft, locked; anything else is refused before a change. */
async function ownDraft(tx: Db, actor: Actor, id: number) {
  const row = await lockRequest(tx, id);
  if (row.requester_id !== actor.userId) throw new AppError(403, 'NOT_REQUESTER', 'requests.notYours');
  if (row.status !== 'Draft') throw new AppError(409, 'NOT_DRAFT', 'requests.notDraft');
  return row;
}

export async function updateRequest(opts: { tx: Db; actor: Actor; id: number; input: RequestInput }): Promise<RequestDetail> {
  const { tx, actor, id, input } = opts;
  await ownDraft(tx, actor, id);
  await checkBranch(tx, input.branchId);
  const { lines, amount } = figures(input);
  const before = await getRequest({ tx, id, lang: actor.lang });
  await tx.execute(sql`
    update requests set type = ${input.type}, branch_id = ${input.branchId}, department = ${input.department}, purpose = ${input.purpose},
           needed_by = ${input.neededBy ?? null}, amount = ${amount}, updated_at = now()
    where id = ${id}`);
  await tx.execute(sql`delete from request_lines where request_id = ${id}`);
  await writeLines(tx, actor, id, lines);
  const after = await getRequest({ tx, id, lang: actor.lang });
  await writeAudit(tx, actor, { action: 'update', entity: 'request', entityId: id, before, after });
  return after;
}

/** Submits the requester's draft: the reference is taken now, in the submission's transaction. */
export async function submitRequest(opts: { tx: Db; actor: Actor; id: number; today?: string }): Promise<RequestDetail> {
  const { tx, actor, id } = opts;
  await ownDraft(tx, actor, id);
  const year = Number((opts.today ?? todayIso()).slice(0, 4));
  const no = await nextDocumentNumber(tx, actor.clientId, requestSeries(year));
  await tx.execute(sql`
    update requests set status = 'Submitted', ref_year = ${year}, ref_no = ${no}, submitted_at = now(), updated_at = now() where id = ${id}`);
  const after = await getRequest({ tx, id, lang: actor.lang });
  await writeAudit(tx, actor, { action: 'submit', entity: 'request', entityId: id, after: { refNo: after.refNo, status: after.status } });
  return after;
}

/** generate-ref-no: the reference the next submission this year would take; nothing is taken or locked. */
export async function peekRequestRef(opts: { tx: Db; actor: Actor; today?: string }) {
  const year = Number((opts.today ?? todayIso()).slice(0, 4));
  const no = await peekDocumentNumber(opts.tx, opts.actor.clientId, requestSeries(year));
  return { refNo: formatRequestRef(year, no), year };
}
