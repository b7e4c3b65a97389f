// Group commit for the general journal. An organisation's postings are serialised by its journal counter
// row (gapless numbers), which stays locked until commit; one transaction per entry therefore caps an
// organisation at one commit, and several round trips, per entry. Here journal requests of one
// organisation that arrive while an earlier group is being written wait, and are then written together:
// one transaction, one block of numbers, one statement for every entry, line, daily balance and audit
// line (planBatch), one commit. A request that finds nobody writing is written on the
// next turn of the event loop, so a quiet organisation waits for nothing.
//
// Every request still gets its own entry, number, audit line and answer, and is answered only after its
// group committed. A refused posting (inactive account, closed period) is taken out and posted alone for
// its own refusal while the rest go on as a group; any other failure the database answers (a value it
// refuses in one request, say a NUL byte) posts each request alone, so each gets its own answer and the
// refused one alone fails.
import type { JournalEntry } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { inTenant } from '../../db/tenant.ts';
import type { AuditLine } from '../../plugins/audit.ts';
import { AppError } from '../../plugins/errors.ts';
import { stockAccountsAmong } from './stock-accounts.ts';
import {
  type PlannedBatch,
  type PostedEntryDetail,
  type PostedLine,
  type Posting,
  passesWithoutDatabase,
  planBatch,
  queryPrepared,
  refusedPosting,
} from '../../ledger/index.ts';

/** One journal request, as the group commit needs it. */
export interface GroupedJournal {
  posting: Posting;
  /** The request's audit line (entity journal-entry), written by the group's statement; the ledger adds the entry's number. */
  audit(posted: { total: string; lines: PostedLine[] }): AuditLine;
  /** Posts this request alone inside `tx` (the fallback), answering as `answer` would. */
  single(tx: Db): Promise<JournalEntry>;
  answer(posted: PostedEntryDetail): JournalEntry;
}

interface Waiting {
  job: GroupedJournal;
  resolve(entry: JournalEntry): void;
  reject(err: unknown): void;
}

/** Bounds one group's statement and transaction; more waiting requests form the next group. */
export const MAX_GROUP = 200;

interface Organisation {
  queue: Waiting[];
  /**
   * One group at a time per organisation: the counter row serialises their numbering and commit anyway,
   * and a second writer (measured) only split the waiting requests into smaller groups.
   */
  isWriting: boolean;
}

/** Per database, per organisation: the requests waiting and whether a group is being written (absent: neither). */
const organisationsOf = new WeakMap<Db, Map<number, Organisation>>();

/** Posts the request's entry with the organisation's other waiting journal requests; answers its own entry. */
export function postGrouped(db: Db, clientId: number, job: GroupedJournal): Promise<JournalEntry> {
  let organisations = organisationsOf.get(db);
  if (!organisations) {
    organisations = new Map();
    organisationsOf.set(db, organisations);
  }
  let organisation = organisations.get(clientId);
  if (!organisation) {
    organisation = { queue: [], isWriting: false };
    organisations.set(clientId, organisation);
  }
  const entry = new Promise<JournalEntry>((resolve, reject) => (organisation as Organisation).queue.push({ job, resolve, reject }));
  if (!organisation.isWriting) {
    // Started on the next turn of the event loop, so requests already on their way (in-process PGlite
    // answers their sign-in checks without any I/O) join this group instead of each writing its own.
    organisation.isWriting = true;
    setImmediate(() => void writeWhileWaiting(db, clientId, organisations, organisation));
  }
  return entry;
}

async function writeWhileWaiting(db: Db, clientId: number, organisations: Map<number, Organisation>, organisation: Organisation): Promise<void> {
  try {
    while (organisation.queue.length > 0) {
      const group = organisation.queue.splice(0, MAX_GROUP);
      // A fault of this code must not leave a request waiting forever (a settled request ignores this).
      await writeGroup(db, clientId, group).catch((err: unknown) => {
        for (const w of group) w.reject(err);
      });
    }
  } finally {
    organisation.isWriting = false;
    organisations.delete(clientId);
  }
}

/**
 * Posts the request alone and answers it. A value the database refuses as data (SQLSTATE class 22: a NUL
 * byte in a text, a number out of its column's range) came from this request's input: a 400, not a 500.
 */
function postAlone(db: Db, clientId: number, w: Waiting): Promise<void> {
  return inTenant(db, clientId, (tx) => w.job.single(tx), w.job.posting.userId ?? undefined).then(w.resolve, (err: unknown) =>
    w.reject(sqlState(err)?.startsWith('22') ? new AppError(400, 'BAD_REQUEST', 'common.badRequest') : err),
  );
}

/** The group's statement in its own tenant transaction. */
async function runStatement(db: Db, clientId: number, planned: PlannedBatch): Promise<unknown[]> {
  return inTenant(db, clientId, (tx) => queryPrepared(tx, planned.statement));
}

/** The SQLSTATE of an error the database answered with, also when the query builder wrapped it (`cause`). */
function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** An error the database server answered with (SQLSTATE), as opposed to a lost connection. */
const isServerRefusal = (err: unknown) => sqlState(err) !== undefined;

async function writeGroup(db: Db, clientId: number, group: Waiting[]): Promise<void> {
  // A request failing a check that needs no database (a field, the balance) is refused on its own.
  // ... and so is one with a line on an inventory account that items use (stock-accounts.ts): one read
  // for the whole group, and the request posted alone gets its refusal on that line's field (a group of
  // one is posted alone anyway, which checks it in its own transaction).
  const stockAccounts =
    group.length > 1
      ? await inTenant(db, clientId, (tx) =>
          stockAccountsAmong(
            tx,
            group.flatMap((w) => w.job.posting.lines.map((l) => l.accountId)),
          ),
        )
      : new Set<number>();
  const alone = group.filter((w) => !passesWithoutDatabase(w.job.posting) || w.job.posting.lines.some((l) => stockAccounts.has(l.accountId)));
  let pending = group.filter((w) => !alone.includes(w));
  const refusedAlone = Promise.all(alone.map((w) => postAlone(db, clientId, w)));
  while (pending.length > 1) {
    const members = pending;
    const planned = planBatch(
      { clientId, postings: members.map((w) => w.job.posting) },
      {
        detail: true,
        audit: (posted) => members[posted.ord].job.audit(posted),
      },
    );
    if (!('statement' in planned)) throw new Error('journal group commit: a screened posting failed its screening');
    let rows: unknown[];
    try {
      rows = await runStatement(db, clientId, planned);
    } catch (err) {
      // The server refused the statement or the commit (a serialization failure, say): nothing was
      // written, so each request is posted alone. A lost connection leaves the commit unknown: refusing
      // is then the only answer that cannot post twice.
      if (isServerRefusal(err)) await Promise.all(members.map((w) => postAlone(db, clientId, w)));
      else for (const w of members) w.reject(err);
      pending = [];
      break;
    }
    if (!planned.hasSettings(rows)) {
      // An organisation without ledger settings (made outside createOrganisation): postJournal creates them.
      await Promise.all(members.map((w) => postAlone(db, clientId, w)));
      pending = [];
      break;
    }
    let posted: PostedEntryDetail[];
    try {
      posted = planned.finish(rows);
    } catch (err) {
      // The statement refused the group and wrote nothing: the refused request goes alone, the rest again.
      const refused = refusedPosting(err);
      if (refused === null) throw err;
      await postAlone(db, clientId, members[refused]);
      pending = members.filter((_, i) => i !== refused);
      continue;
    }
    // Committed: from here on a request is answered, never posted again.
    for (const [i, entry] of posted.entries()) {
      try {
        members[i].resolve(members[i].job.answer(entry));
      } catch (err) {
        members[i].reject(err);
      }
    }
    pending = [];
  }
  if (pending.length === 1) await postAlone(db, clientId, pending[0]);
  await refusedAlone;
}
