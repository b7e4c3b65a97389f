// /api/finance/*: chart of accounts (list-account to read, add-account to change), general journal
// (general-journal), and the reports (each under its catalogue privilege). Routes are thin: validate
// with the contract, run one service in the caller's tenant transaction. Posting routes honour an
// Idempotency-Key header.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  account,
  accountBody,
  accountIdParams,
  accountListQuery,
  accountPage,
  accountStatement,
  accountStatementQuery,
  accountStatusBody,
  balanceSheet,
  balanceSheetQuery,
  entryIdParams,
  incomeStatement,
  incomeStatementQuery,
  journalBody,
  journalEntry,
  journalListQuery,
  journalPage,
  journalReportPage,
  ledgerParties,
  ledgerPartiesQuery,
  okResponse,
  reverseBody,
  translate,
  trialBalance,
  trialBalanceQuery,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { readIdempotencyKey, withIdempotency } from '../../ledger/index.ts';
import { actorOf, caller, tenantTx } from '../../plugins/auth.ts';
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

const privilege = (key: string) => ({ access: { privilege: key } }) as const;
const tags = ['finance'];

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Runs a posting once per Idempotency-Key: the first answer is stored with the posting and replayed
 * (with header Idempotent-Replayed: true) to a retry of the same request.
 */
async function idempotentPost<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  operation: string,
  body: unknown,
  work: (tx: Db, actor: Actor) => Promise<T>,
): Promise<T> {
  const key = readIdempotencyKey(req.headers);
  const result = await tenantTx(req, (tx, actor) =>
    withIdempotency(tx, { clientId: actor.clientId, key, operation, body }, async () => ({ statusCode: 201, body: await work(tx, actor) })),
  );
  if (result.isReplay) reply.header('idempotent-replayed', 'true');
  reply.code(result.statusCode);
  return result.body;
}

export async function financeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Chart of accounts ------------------------------------------------------------------------------
  r.get(
    '/api/finance/accounts',
    {
      config: privilege('list-account'),
      schema: { tags, querystring: accountListQuery, response: { 200: accountPage } },
    },
    async (req) => tenantTx(req, (tx) => listAccounts({ tx, clientId: caller(req).clientId, lang: req.lang, query: req.query })),
  );

  r.get(
    '/api/finance/accounts/:id',
    {
      config: privilege('list-account'),
      schema: { tags, params: accountIdParams, response: { 200: account } },
    },
    async (req) => tenantTx(req, (tx) => getAccount({ tx, clientId: caller(req).clientId, lang: req.lang, id: req.params.id })),
  );

  r.post(
    '/api/finance/accounts',
    {
      config: privilege('add-account'),
      schema: { tags, body: accountBody, response: { 201: account } },
    },
    async (req, reply) => {
      const created = await tenantTx(req, (tx, actor) => createAccount({ tx, actor, input: req.body }));
      return reply.code(201).send(created);
    },
  );

  r.put(
    '/api/finance/accounts/:id',
    {
      config: privilege('add-account'),
      schema: { tags, params: accountIdParams, body: accountBody, response: { 200: account } },
    },
    async (req) => tenantTx(req, (tx, actor) => updateAccount({ tx, actor, id: req.params.id, input: req.body })),
  );

  r.patch(
    '/api/finance/accounts/:id/status',
    {
      config: privilege('add-account'),
      schema: { tags, params: accountIdParams, body: accountStatusBody, response: { 200: account } },
    },
    async (req) => tenantTx(req, (tx, actor) => setAccountStatus({ tx, actor, id: req.params.id, status: req.body.status })),
  );

  r.delete(
    '/api/finance/accounts/:id',
    {
      config: privilege('add-account'),
      schema: { tags, params: accountIdParams, response: { 200: okResponse } },
    },
    async (req) => {
      await tenantTx(req, (tx, actor) => deleteAccount({ tx, actor, id: req.params.id }));
      return { ok: true as const, message: translate('common.deleted', req.lang) };
    },
  );

  // General journal --------------------------------------------------------------------------------
  r.post(
    '/api/finance/transaction',
    {
      config: privilege('general-journal'),
      schema: { tags, body: journalBody, response: { 201: journalEntry } },
    },
    async (req, reply) => {
      // Without a key, the entry joins the organisation's group commit; with one, the key is claimed and
      // its answer stored in the posting's own transaction.
      if (readIdempotencyKey(req.headers) === undefined) {
        const entry = await postGeneralJournalGrouped(req.server.db, actorOf(req), req.body);
        reply.code(201);
        return entry;
      }
      return idempotentPost(req, reply, 'POST /api/finance/transaction', req.body, (tx, actor) => postGeneralJournal({ tx, actor, input: req.body }));
    },
  );

  r.get(
    '/api/finance/transaction',
    {
      config: privilege('general-journal'),
      schema: { tags, querystring: journalListQuery, response: { 200: journalPage } },
    },
    async (req) => tenantTx(req, (tx) => listJournal({ tx, clientId: caller(req).clientId, query: req.query })),
  );

  // The journal's party picker: customers by name or number (the same lookup as the personal account's).
  r.get(
    '/api/finance/parties',
    {
      config: privilege('general-journal'),
      schema: { tags, querystring: ledgerPartiesQuery, response: { 200: ledgerParties } },
    },
    async (req) => tenantTx(req, (tx) => listLedgerParties({ tx, clientId: caller(req).clientId, query: req.query })),
  );

  r.get(
    '/api/finance/transaction/:id',
    {
      config: privilege('general-journal'),
      schema: { tags, params: entryIdParams, response: { 200: journalEntry } },
    },
    async (req) => tenantTx(req, (tx) => getJournalEntry({ tx, clientId: caller(req).clientId, lang: req.lang, id: req.params.id })),
  );

  r.post(
    '/api/finance/transaction/:id/reverse',
    {
      config: privilege('general-journal'),
      schema: { tags, params: entryIdParams, body: reverseBody, response: { 201: journalEntry } },
    },
    async (req, reply) =>
      idempotentPost(req, reply, `POST /api/finance/transaction/${req.params.id}/reverse`, req.body, (tx, actor) =>
        reverseEntry({ tx, actor, id: req.params.id, input: req.body }),
      ),
  );

  // Reports ----------------------------------------------------------------------------------------
  r.get(
    '/api/finance/reports/journal',
    {
      config: privilege('journal-report'),
      schema: { tags, querystring: journalListQuery, response: { 200: journalReportPage } },
    },
    async (req) =>
      tenantTx(req, (tx) => journalReport({ tx, clientId: caller(req).clientId, lang: req.lang, query: { ...req.query, _order: req.query._order ?? 'asc' } })),
  );

  r.get(
    '/api/finance/reports/trial-balance',
    {
      config: privilege('trail-balance'),
      schema: { tags, querystring: trialBalanceQuery, response: { 200: trialBalance } },
    },
    async (req) => tenantTx(req, (tx) => readTrialBalance({ tx, clientId: caller(req).clientId, lang: req.lang, query: req.query })),
  );

  r.get(
    '/api/finance/incomestatement',
    {
      config: privilege('income-statement'),
      schema: { tags, querystring: incomeStatementQuery, response: { 200: incomeStatement } },
    },
    async (req) => tenantTx(req, (tx) => readIncomeStatement({ tx, clientId: caller(req).clientId, lang: req.lang, query: req.query })),
  );

  r.get(
    '/api/finance/balancesheet',
    {
      config: privilege('balance-sheet'),
      schema: { tags, querystring: balanceSheetQuery, response: { 200: balanceSheet } },
    },
    async (req) => tenantTx(req, (tx) => readBalanceSheet({ tx, clientId: caller(req).clientId, lang: req.lang, date: req.query.date ?? today() })),
  );

  r.get(
    '/api/finance/reports/account-transaction',
    {
      config: privilege('account-transaction'),
      schema: { tags, querystring: accountStatementQuery, response: { 200: accountStatement } },
    },
    async (req) => tenantTx(req, (tx) => readAccountStatement({ tx, clientId: caller(req).clientId, lang: req.lang, query: req.query })),
  );
}
