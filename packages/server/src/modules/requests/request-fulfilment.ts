// An approved request becomes a purchase order, a vendor bill or a cash purchase (the purchases module
// calls these in its document's own transaction). fulfilRequest marks it Fulfilled with what it became,
// once: a request not approved, or already fulfilled, is refused on the document's requestId field.
// releaseRequest gives it back (Approved again) when that document is cancelled.
import { sql } from 'drizzle-orm';
import type { RequestOutcomeKind } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { fieldError } from '../../plugins/errors.ts';
import { refOf } from './requests-common.ts';

export interface RequestOutcome {
  kind: RequestOutcomeKind;
  documentId: number;
  number: string;
}

/** Checks (under the row lock) that the request can still be fulfilled; answers its reference. */
export async function checkRequestFulfillable(opts: { tx: Db; requestId: number; field?: string }): Promise<string> {
  const { tx, requestId, field = 'requestId' } = opts;
  const [row] = await queryRows<{ status: string; ref_year: number | null; ref_no: number | null; fulfilled_number: string | null }>(
    tx,
    sql`select status, ref_year, ref_no, fulfilled_number from requests where id = ${requestId} for update`,
  );
  if (!row) throw fieldError(field, 'requests.unknown');
  const ref = refOf(row) ?? String(requestId);
  if (row.status === 'Fulfilled') throw fieldError(field, `requests.alreadyFulfilled|${ref}|${row.fulfilled_number ?? ''}`);
  if (row.status !== 'Approved') throw fieldError(field, `requests.notApproved|${ref}`);
  return ref;
}

export async function fulfilRequest(opts: { tx: Db; actor: Actor; requestId: number; outcome: RequestOutcome; field?: string }): Promise<void> {
  const { tx, actor, requestId, outcome } = opts;
  const ref = await checkRequestFulfillable({ tx, requestId, field: opts.field });
  await tx.execute(sql`
    update requests set status = 'Fulfilled', fulfilled_by = ${actor.userId}, fulfilled_at = now(), fulfilled_kind = ${outcome.kind},
           fulfilled_id = ${outcome.documentId}, fulfilled_number = ${outcome.number}, updated_at = now()
    where id = ${requestId}`);
  await writeAudit(tx, actor, { action: 'fulfil', entity: 'request', entityId: requestId, after: { refNo: ref, ...outcome } });
}

/** The document a request became was cancelled: the request is approved again and may be fulfilled anew. */
export async function releaseRequest(opts: { tx: Db; actor: Actor; requestId: number; outcome: Pick<RequestOutcome, 'kind' | 'documentId'> }): Promise<void> {
  const { tx, actor, requestId, outcome } = opts;
  const released = await queryRows<{ id: string }>(
    tx,
    sql`update requests set status = 'Approved', fulfilled_by = null, fulfilled_at = null, fulfilled_kind = null, fulfilled_id = null,
               fulfilled_number = null, updated_at = now()
        where id = ${requestId} and status = 'Fulfilled' and fulfilled_kind = ${outcome.kind} and fulfilled_id = ${outcome.documentId}
        returning id`,
  );
  if (released.length > 0) await writeAudit(tx, actor, { action: 'release', entity: 'request', entityId: requestId, before: outcome });
}
