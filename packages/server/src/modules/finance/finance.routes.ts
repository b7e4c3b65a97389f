// /api/finance/*: chart of accounts (list-account to read, add-account to change), general journal
// (general-journal), and the reports (each under its catalogue privilege). Routes are thin: validate
// with the contract, run one service in the caller's tenant transaction. Posting routes honour an
// Idempotency-Key header. Paths and schemas are the contracts' financeEndpoints.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type Endpoint, endpointPath, financeEndpoints as api, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { readIdempotencyKey, withIdempotency } from '../../ledger/index.ts';
import { actorOf, caller, tenantTx } from '../../plugins/auth.ts';
import { type EndpointRequest, serve } from '../../plugins/endpoint.ts';
import type { Actor } from '../../lib/actor.ts';
import { accountStatement as readAccountStatement } from './account-statement.ts';
import { balanceSheet as readBalanceSheet } from './balance-sheet.ts';
import { deleteAccount, setAccountStatus } from './change-account-status.ts';
import { incomeStatement as readIncomeStatement } from './income-statement.ts';
import { getAccount, listAccounts } from './list-accounts.ts';
import { getJournalEntry, journalReport, listJournal } from './list-journal.ts';
import { listLedgerParties } from './list-ledger-parties.ts';
import { postGeneralJournal, postGeneralJournalGrouped } from './post-general-journal.ts';
import { reverseEntry } from './reverse-entry.ts';
import { createAccount, updateAccount } from './save-account.ts';
import { trialBalance as readTrialBalance } from './trial-balance.ts';

const privilege = (key: string) => ({ access: { privilege: key }, tags: ['finance'] }) as const;

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Runs a posting of `endpoint` once per Idempotency-Key: the first answer (with the endpoint's success
 * status) is stored with the posting and replayed (with header Idempotent-Replayed: true) to a retry of
 * the same request. The stored operation is the method and the filled path ('POST /api/finance/transfer/5/cancel').
 * Shared with the treasury's postings.
 */
export async function idempotentPost<E extends Endpoint, T>(
  endpoint: E,
  req: EndpointRequest<E>,
  reply: FastifyReply,
  work: (tx: Db, actor: Actor) => Promise<T>,
): Promise<T> {
  const key = readIdempotencyKey(req.headers);
  const operation = `${endpoint.method} ${endpointPath(endpoint.path, req.params as Record<string, unknown>)}`;
  const result = await tenantTx(req, (tx, actor) =>
    withIdempotency(tx, { clientId: actor.clientId, key, operation, body: req.body }, async () => ({
      statusCode: endpoint.status,
      body: await work(tx, actor),
    })),
  );
  if (result.isReplay) reply.header('idempotent-replayed', 'true');
  reply.code(result.statusCode);
  return result.body;
}

export async function financeRoutes(app: FastifyInstance) {
  // Chart of accounts ------------------------------------------------------------------------------
  serve(app, api.accounts, privilege('list-account'), async (req) =>
    tenantTx(req, (tx) => listAccounts({ tx, clientId: caller(req).clientId, lang: req.lang, query: req.query })),
  );

  serve(app, api.account, privilege('list-account'), async (req) =>
    tenantTx(req, (tx) => getAccount({ tx, clientId: caller(req).clientId, lang: req.lang, id: req.params.id })),
  );

  serve(app, api.createAccount, privilege('add-account'), async (req) => tenantTx(req, (tx, actor) => createAccount({ tx, actor, input: req.body })));

  serve(app, api.updateAccount, privilege('add-account'), async (req) =>
    tenantTx(req, (tx, actor) => updateAccount({ tx, actor, id: req.params.id, input: req.body })),
  );

  serve(app, api.setAccountStatus, privilege('add-account'), async (req) =>
    tenantTx(req, (tx, actor) => setAccountStatus({ tx, actor, id: req.params.id, status: req.body.status })),
  );

  serve(app, api.removeAccount, privilege('add-account'), async (req) => {
    await tenantTx(req, (tx, actor) => deleteAccount({ tx, actor, id: req.params.id }));
    return { ok: true as const, message: translate('common.deleted', req.lang) };
  });

  // General journal --------------------------------------------------------------------------------
  serve(app, api.postEntry, privilege('general-journal'), async (req, reply) => {
    // Without a key, the entry joins the organisation's group commit; with one, the key is claimed and
    // its answer stored in the posting's own transaction.
    if (readIdempotencyKey(req.headers) === undefined) return postGeneralJournalGrouped(req.server.db, actorOf(req), req.body);
    return idempotentPost(api.postEntry, req, reply, (tx, actor) => postGeneralJournal({ tx, actor, input: req.body }));
  });

  serve(app, api.entries, privilege('general-journal'), async (req) =>
    tenantTx(req, (tx) => listJournal({ tx, clientId: caller(req).clientId, query: req.query })),
  );

  // The journal's party picker: customers by name or number (the same lookup as the personal account's).
  serve(app, api.parties, privilege('general-journal'), async (req) =>
    tenantTx(req, (tx) => listLedgerParties({ tx, clientId: caller(req).clientId, query: req.query })),
  );

  serve(app, api.entry, privilege('general-journal'), async (req) =>
    tenantTx(req, (tx) => getJournalEntry({ tx, clientId: caller(req).clientId, lang: req.lang, id: req.params.id })),
  );

  serve(app, api.reverseEntry, privilege('general-journal'), async (req, reply) =>
    idempotentPost(api.reverseEntry, req, reply, (tx, actor) => reverseEntry({ tx, actor, id: req.params.id, input: req.body })),
  );

  // Reports ----------------------------------------------------------------------------------------
  serve(app, api.journalReport, privilege('journal-report'), async (req) =>
    tenantTx(req, (tx) => journalReport({ tx, clientId: caller(req).clientId, lang: req.lang, query: { ...req.query, _order: req.query._order ?? 'asc' } })),
  );

  serve(app, api.trialBalance, privilege('trail-balance'), async (req) =>
    tenantTx(req, (tx) => readTrialBalance({ tx, clientId: caller(req).clientId, lang: req.lang, query: req.query })),
  );

  serve(app, api.incomeStatement, privilege('income-statement'), async (req) =>
    tenantTx(req, (tx) => readIncomeStatement({ tx, clientId: caller(req).clientId, lang: req.lang, query: req.query })),
  );

  serve(app, api.balanceSheet, privilege('balance-sheet'), async (req) =>
    tenantTx(req, (tx) => readBalanceSheet({ tx, clientId: caller(req).clientId, lang: req.lang, date: req.query.date ?? today() })),
  );

  serve(app, api.accountStatement, privilege('account-transaction'), async (req) =>
    tenantTx(req, (tx) => readAccountStatement({ tx, clientId: caller(req).clientId, lang: req.lang, query: req.query })),
  );
}
