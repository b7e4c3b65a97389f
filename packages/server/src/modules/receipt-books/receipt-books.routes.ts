// /api/books: receipt books. list-book reads (list, view, the closing report and its file); add-book issues
// a book; book-status changes a book's status and voids numbers; ref-number serves the cashier's payment
// form (receive-payment); the collectors picker serves issuing and the list filter (add-book or list-book,
// checked in the handler). Paths and schemas are the contracts' receiptBooksEndpoints.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasPrivilege, type ReportFormat, receiptBooksEndpoints as books, type receiptBookGapsQuery, type z } from '@ubo/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { forbidden } from '../../plugins/errors.ts';
import { sendReport } from '../finance-reports/index.ts';
import { setReceiptBookStatus, voidReceiptNumber } from './change-receipt-book.ts';
import { issueReceiptBook } from './issue-receipt-book.ts';
import { listCollectors, refNumber } from './manual-receipts.ts';
import { getReceiptBook, listReceiptBooks } from './read-receipt-books.ts';
import { receiptBookGaps, receiptBookGapsTable } from './receipt-book-gaps.ts';

const tags = ['books'];
const read = { access: { privilege: 'list-book' }, tags } as const;
const add = { access: { privilege: 'add-book' }, tags } as const;
const status = { access: { privilege: 'book-status' }, tags } as const;

async function sendGaps(req: FastifyRequest, reply: FastifyReply, query: z.output<typeof receiptBookGapsQuery>, format: ReportFormat) {
  const table = await tenantTx(req, async (tx, a) => {
    const [org] = await queryRows<{ name: string }>(tx, sql`select name from clients where id = ${a.clientId}`);
    return receiptBookGapsTable(await receiptBookGaps({ tx, clientId: a.clientId, query }), a.lang, org?.name ?? '');
  });
  return sendReport(reply, table, format);
}

export async function receiptBooksRoutes(app: FastifyInstance) {
  serve(app, books.list, read, async (req) => tenantTx(req, (tx, a) => listReceiptBooks({ tx, clientId: a.clientId, query: req.query })));
  serve(app, books.create, add, async (req) => tenantTx(req, (tx, actor) => issueReceiptBook({ tx, actor, input: req.body })));
  serve(app, books.refNumber, { access: { privilege: 'receive-payment' }, tags }, async (req) => tenantTx(req, (tx, actor) => refNumber({ tx, actor })));
  serve(app, books.collectors, { access: 'authenticated', tags }, async (req) => {
    const auth = caller(req);
    if (!hasPrivilege(auth, 'add-book') && !hasPrivilege(auth, 'list-book')) throw forbidden();
    return tenantTx(req, (tx, a) => listCollectors({ tx, clientId: a.clientId }));
  });
  serve(app, books.gaps, read, async (req, reply) => {
    const { format, ...query } = req.query;
    if (format) return sendGaps(req, reply, query, format) as never;
    return tenantTx(req, (tx, a) => receiptBookGaps({ tx, clientId: a.clientId, query }));
  });
  serve(app, books.gapsExport, read, async (req, reply) => {
    const { format, ...query } = req.query;
    return sendGaps(req, reply, query, format);
  });
  serve(app, books.get, read, async (req) => tenantTx(req, (tx, a) => getReceiptBook({ tx, clientId: a.clientId, id: req.params.id })));
  serve(app, books.setStatus, status, async (req) => tenantTx(req, (tx, actor) => setReceiptBookStatus({ tx, actor, id: req.params.id, input: req.body })));
  serve(app, books.voidNumber, status, async (req) => tenantTx(req, (tx, actor) => voidReceiptNumber({ tx, actor, id: req.params.id, input: req.body })));
}
