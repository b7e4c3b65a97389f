// Sales: quotations (privilege quotation), sales invoices (sales-invoice), cash sales (sales-receipt) and
// sales returns (sales-return): list, view, create, cancel and PDF each; a quotation converts into an
// invoice (quotation and sales-invoice both). What the forms choose from: any of the four. The sales
// reports: sales activity (sales-activity) and return transactions (return-transaction), as JSON, or CSV
// and XLSX. Paths and schemas are the contracts' sales endpoints.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type Lang,
  type ReportFormat,
  type SalesKind,
  hasPrivilege,
  quotationsEndpoints as quotations,
  salesChoicesEndpoints as choices,
  salesInvoicesEndpoints as invoices,
  salesReceiptsEndpoints as receipts,
  salesReportsEndpoints as reports,
  salesReturnsEndpoints as returns,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { readIdempotencyKey, withIdempotency } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import { serve } from '../../plugins/endpoint.ts';
import { sendPdf } from '../document-print/index.ts';
import { type ReportTable, sendReport } from '../finance-reports/index.ts';
import { organisationName } from './organisation-name.ts';
import { cancelSalesDocument } from './cancel-sales.ts';
import { convertQuotation, createQuotation, createSale } from './create-sale.ts';
import { salesChoices, salesCustomers } from './sales-choices.ts';
import { getSalesDocument, listSalesDocuments, returnableSales } from './sales-documents.ts';
import { salesDocumentPdf } from './sales-pdf.ts';
import { returnTransactionTable, returnTransactions, salesActivity, salesActivityTable } from './sales-reports.ts';
import { createSalesReturn } from './sales-returns.ts';

const tags = ['sales'];
const SALES_PRIVILEGES = ['sales-invoice', 'sales-receipt', 'quotation', 'sales-return'];
const access = (privilege: string | string[]) => ({ access: { privilege }, tags });

type DocumentGroup = typeof invoices | typeof receipts | typeof quotations | typeof returns;

/** list, get, cancel and pdf of one kind. */
function serveDocuments(app: FastifyInstance, group: DocumentGroup, kind: SalesKind, privilege: string) {
  const config = access(privilege);
  serve(app, group.list, config, async (req) => tenantTx(req, (tx, actor) => listSalesDocuments({ tx, lang: actor.lang, kind, query: req.query })));
  serve(app, group.get, config, async (req) => tenantTx(req, (tx, actor) => getSalesDocument({ tx, lang: actor.lang, kind, id: req.params.id })));
  serve(app, group.cancel, config, async (req) => tenantTx(req, (tx, actor) => cancelSalesDocument({ tx, actor, kind, id: req.params.id, input: req.body })));
  serve(app, group.pdf, config, async (req, reply) => {
    const doc = await tenantTx(req, async (tx, actor) => {
      const found = await getSalesDocument({ tx, lang: actor.lang, kind, id: req.params.id });
      return { found, pdf: await salesDocumentPdf({ tx, clientId: actor.clientId, lang: actor.lang, doc: found }) };
    });
    return sendPdf(reply, doc.pdf, `${doc.found.number}`, 'inline');
  });
}

/** A report as JSON, or as its file when a format is given. */
function fileOr<Q, R>(
  req: FastifyRequest,
  reply: FastifyReply,
  query: Q & { format?: ReportFormat },
  run: (tx: Db, lang: Lang, q: Q, all: boolean) => Promise<R>,
  table: (r: R, ctx: { lang: Lang; organisation: string }) => ReportTable,
) {
  const { format, ...rest } = query;
  if (!format) return tenantTx(req, (tx, actor) => run(tx, actor.lang, rest as Q, false));
  return tenantTx(req, async (tx, actor) =>
    table(await run(tx, actor.lang, rest as Q, true), { lang: actor.lang, organisation: await organisationName(tx, actor.clientId) }),
  ).then((t) => sendReport(reply, t, format));
}

const EXPORT_ROWS = 100_000;

/** A money-moving POST runs once per Idempotency-Key; a retry gets the stored answer with Idempotent-Replayed. */
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

export async function salesRoutes(app: FastifyInstance) {
  serveDocuments(app, invoices, 'invoice', 'sales-invoice');
  serveDocuments(app, receipts, 'receipt', 'sales-receipt');
  serveDocuments(app, quotations, 'quotation', 'quotation');
  serveDocuments(app, returns, 'return', 'sales-return');

  serve(app, invoices.create, access('sales-invoice'), async (req, reply) =>
    idempotentPost(req, reply, 'sales-invoice', req.body, (tx, actor) => createSale({ tx, actor, input: { kind: 'invoice', ...req.body } })),
  );
  serve(app, receipts.create, access('sales-receipt'), async (req, reply) =>
    idempotentPost(req, reply, 'sales-receipt', req.body, (tx, actor) => createSale({ tx, actor, input: { kind: 'receipt', ...req.body } })),
  );
  serve(app, quotations.create, access('quotation'), async (req) => tenantTx(req, (tx, actor) => createQuotation({ tx, actor, input: req.body })));
  // Converting posts an invoice: both privileges.
  serve(app, quotations.convert, access(['quotation', 'sales-invoice']), async (req) =>
    tenantTx(req, (tx, actor) => convertQuotation({ tx, actor, id: req.params.id, input: req.body })),
  );
  serve(app, returns.create, access('sales-return'), async (req, reply) =>
    idempotentPost(req, reply, 'sales-return', req.body, (tx, actor) => createSalesReturn({ tx, actor, input: req.body })),
  );
  serve(app, returns.returnable, access('sales-return'), async (req) =>
    tenantTx(req, (tx, actor) => returnableSales({ tx, lang: actor.lang, query: req.query })),
  );
  serve(app, returns.returnableSale, access('sales-return'), async (req) =>
    tenantTx(req, async (tx, actor) => {
      const sale = await getSalesDocument({ tx, lang: actor.lang, id: req.params.id });
      if (sale.kind !== 'invoice' && sale.kind !== 'receipt') throw notFound();
      return sale;
    }),
  );
  // Any one of the four sales privileges reads what the forms choose from.
  serve(app, choices.get, { access: 'authenticated', tags }, async (req) => {
    if (!SALES_PRIVILEGES.some((p) => hasPrivilege(caller(req), p))) throw forbidden();
    return tenantTx(req, (tx, actor) => salesChoices({ tx, lang: actor.lang }));
  });
  serve(app, choices.customers, { access: 'authenticated', tags }, async (req) => {
    if (!SALES_PRIVILEGES.some((p) => hasPrivilege(caller(req), p))) throw forbidden();
    return tenantTx(req, (tx) => salesCustomers({ tx, q: req.query.q }));
  });

  const activity = (tx: Db, lang: Lang, q: Parameters<typeof salesActivity>[0]['query'], all: boolean) =>
    salesActivity({ tx, lang, query: all ? { ...q, _page: 1, _limit: EXPORT_ROWS } : q });
  serve(app, reports.salesActivity, access('sales-activity'), async (req, reply) => fileOr(req, reply, req.query, activity, salesActivityTable) as never);
  serve(app, reports.salesActivityExport, access('sales-activity'), async (req, reply) => fileOr(req, reply, req.query, activity, salesActivityTable) as never);
  const returned = (tx: Db, lang: Lang, q: Parameters<typeof returnTransactions>[0]['query'], all: boolean) =>
    returnTransactions({ tx, lang, query: all ? { ...q, _page: 1, _limit: EXPORT_ROWS } : q });
  serve(
    app,
    reports.returnTransaction,
    access('return-transaction'),
    async (req, reply) => fileOr(req, reply, req.query, returned, returnTransactionTable) as never,
  );
  serve(
    app,
    reports.returnTransactionExport,
    access('return-transaction'),
    async (req, reply) => fileOr(req, reply, req.query, returned, returnTransactionTable) as never,
  );
}
