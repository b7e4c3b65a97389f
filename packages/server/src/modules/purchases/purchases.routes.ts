// Purchasing: vendor bills (/api/elc/vendors/bills, credit-purchase), cash purchases (/api/elc/vendors/cash-purchases,
// cash-purchase), purchase returns (/api/elc/vendors/purchase-returns, purchase-return), purchase orders
// (/api/elc/vendors/orders, purchase-order), the forms' choices (/api/elc/purchases/vendor-choices, any of
// those) and the expenses report (/api/elc/purchases/reports/expenses, expenses-report). Paths and schemas
// are the contracts' vendorBillsEndpoints, cashPurchasesEndpoints, purchaseReturnsEndpoints,
// purchaseOrdersEndpoints and purchasesEndpoints.
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  cashPurchasesEndpoints as cash,
  type ExpensesReportQuery,
  hasPrivilege,
  vendorBillsEndpoints as bills,
  purchaseOrdersEndpoints as orders,
  purchaseReturnsEndpoints as returns,
  purchasePrintEndpoints as print,
  purchasesEndpoints as purchases,
  type ReportFormat,
} from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import type { Db } from '../../db/client.ts';
import { readIdempotencyKey, withIdempotency } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { forbidden } from '../../plugins/errors.ts';
import { serve } from '../../plugins/endpoint.ts';
import { sendPdf } from '../document-print/index.ts';
import { sendReport } from '../finance-reports/index.ts';
import { expensesReport, expensesTable } from './expenses-report.ts';
import { purchaseChoices } from './purchase-choices.ts';
import { purchaseOrderPdf, purchasePdf, purchaseReturnPdf } from './purchases-pdf.ts';
import { cancelPurchase, createPurchase, getPurchase, listPurchases } from './purchase-documents.ts';
import {
  approvePurchaseOrder,
  closePurchaseOrder,
  createPurchaseOrder,
  getPurchaseOrder,
  listPurchaseOrders,
  receivePurchaseOrder,
  updatePurchaseOrder,
} from './purchase-orders.ts';
import { cancelPurchaseReturn, createPurchaseReturn, getPurchaseReturn, listPurchaseReturns } from './purchase-returns.ts';

const tags = ['purchases'];
const PURCHASING = ['credit-purchase', 'cash-purchase', 'purchase-order', 'purchase-return'] as const;
const access = (privilege: string | string[]) => ({ access: { privilege }, tags });
const bill = access('credit-purchase');
const cashed = access('cash-purchase');
const ret = access('purchase-return');
const order = access('purchase-order');

async function expensesFile(req: FastifyRequest, reply: FastifyReply, query: ExpensesReportQuery & { format?: ReportFormat }) {
  const { format, ...rest } = query;
  const table = await tenantTx(req, async (tx, actor) => {
    const [org] = await queryRows<{ name: string }>(tx, sql`select name from clients where id = ${actor.clientId}`);
    const report = await expensesReport({ tx, lang: actor.lang, query: rest as Parameters<typeof expensesReport>[0]['query'] });
    return expensesTable(report, { lang: actor.lang, organisation: org?.name ?? '' });
  });
  return sendReport(reply, table, format as ReportFormat);
}

/** A money-moving POST runs once per Idempotency-Key; a retry gets the stored answer with Idempotent-Replayed. */
async function once<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  operation: string,
  statusCode: number,
  work: (tx: Db, actor: Actor) => Promise<T>,
): Promise<T> {
  const key = readIdempotencyKey(req.headers);
  const result = await tenantTx(req, (tx, actor) =>
    withIdempotency(tx, { clientId: actor.clientId, key, operation, body: { params: req.params, body: req.body } }, async () => ({
      statusCode,
      body: await work(tx, actor),
    })),
  );
  if (result.isReplay) reply.header('idempotent-replayed', 'true');
  reply.code(result.statusCode);
  return result.body;
}

export async function purchasesRoutes(app: FastifyInstance) {
  serve(app, bills.list, bill, async (req) => tenantTx(req, (tx, actor) => listPurchases({ tx, kind: 'bill', lang: actor.lang, query: req.query })));
  serve(app, bills.get, bill, async (req) => tenantTx(req, (tx, actor) => getPurchase({ tx, kind: 'bill', id: req.params.id, lang: actor.lang })));
  serve(app, bills.create, bill, async (req, reply) =>
    once(req, reply, 'vendor-bill', 201, (tx, actor) => createPurchase({ tx, actor, kind: 'bill', input: req.body })),
  );
  serve(app, bills.cancel, bill, async (req) => tenantTx(req, (tx, actor) => cancelPurchase({ tx, actor, kind: 'bill', id: req.params.id, input: req.body })));

  serve(app, cash.list, cashed, async (req) => tenantTx(req, (tx, actor) => listPurchases({ tx, kind: 'cash', lang: actor.lang, query: req.query })));
  serve(app, cash.get, cashed, async (req) => tenantTx(req, (tx, actor) => getPurchase({ tx, kind: 'cash', id: req.params.id, lang: actor.lang })));
  serve(app, cash.create, cashed, async (req, reply) =>
    once(req, reply, 'cash-purchase', 201, (tx, actor) => createPurchase({ tx, actor, kind: 'cash', input: req.body })),
  );
  serve(app, cash.cancel, cashed, async (req) => tenantTx(req, (tx, actor) => cancelPurchase({ tx, actor, kind: 'cash', id: req.params.id, input: req.body })));

  serve(app, returns.list, ret, async (req) => tenantTx(req, (tx, actor) => listPurchaseReturns({ tx, lang: actor.lang, query: req.query })));
  serve(app, returns.get, ret, async (req) => tenantTx(req, (tx, actor) => getPurchaseReturn({ tx, id: req.params.id, lang: actor.lang })));
  serve(app, returns.purchase, ret, async (req) => tenantTx(req, (tx, actor) => getPurchase({ tx, id: req.params.id, lang: actor.lang })));
  serve(app, returns.create, ret, async (req, reply) =>
    once(req, reply, 'purchase-return', 201, (tx, actor) => createPurchaseReturn({ tx, actor, input: req.body })),
  );
  serve(app, returns.cancel, ret, async (req) => tenantTx(req, (tx, actor) => cancelPurchaseReturn({ tx, actor, id: req.params.id, input: req.body })));

  serve(app, orders.list, order, async (req) => tenantTx(req, (tx) => listPurchaseOrders({ tx, query: req.query })));
  serve(app, orders.get, order, async (req) => tenantTx(req, (tx) => getPurchaseOrder({ tx, id: req.params.id })));
  serve(app, orders.create, order, async (req) => tenantTx(req, (tx, actor) => createPurchaseOrder({ tx, actor, input: req.body })));
  serve(app, orders.update, order, async (req) => tenantTx(req, (tx, actor) => updatePurchaseOrder({ tx, actor, id: req.params.id, input: req.body })));
  serve(app, orders.approve, order, async (req) => tenantTx(req, (tx, actor) => approvePurchaseOrder({ tx, actor, id: req.params.id })));
  serve(app, orders.receive, order, async (req, reply) =>
    once(req, reply, 'purchase-receipt', 200, (tx, actor) => receivePurchaseOrder({ tx, actor, id: req.params.id, input: req.body })),
  );
  serve(app, orders.close, order, async (req) =>
    tenantTx(req, (tx, actor) => closePurchaseOrder({ tx, actor, id: req.params.id, input: req.body, cancel: false })),
  );
  serve(app, orders.cancel, order, async (req) =>
    tenantTx(req, (tx, actor) => closePurchaseOrder({ tx, actor, id: req.params.id, input: req.body, cancel: true })),
  );

  // Any one of the purchasing privileges opens the forms' choices (a list in `access` would need all).
  serve(app, purchases.vendorChoices, { access: 'authenticated', tags }, async (req) => {
    const user = caller(req);
    if (!PURCHASING.some((p) => hasPrivilege(user, p))) throw forbidden();
    return tenantTx(req, (tx, actor) => purchaseChoices({ tx, actor }));
  });
  const report = access('expenses-report');
  serve(app, purchases.expenses, report, async (req, reply) => {
    if (req.query.format) return expensesFile(req, reply, req.query) as never;
    const { format: _format, ...query } = req.query;
    return tenantTx(req, (tx, actor) => expensesReport({ tx, lang: actor.lang, query }));
  });
  serve(app, purchases.expensesExport, report, async (req, reply) => expensesFile(req, reply, req.query as never));

  // Printable PDFs, under each document's privilege.
  serve(app, print.billPdf, bill, async (req, reply) => {
    const out = await tenantTx(req, async (tx, actor) => {
      const doc = await getPurchase({ tx, kind: 'bill', id: req.params.id, lang: actor.lang });
      return { name: doc.number, pdf: await purchasePdf({ tx, clientId: actor.clientId, lang: actor.lang, doc }) };
    });
    return sendPdf(reply, out.pdf, out.name);
  });
  serve(app, print.cashPurchasePdf, cashed, async (req, reply) => {
    const out = await tenantTx(req, async (tx, actor) => {
      const doc = await getPurchase({ tx, kind: 'cash', id: req.params.id, lang: actor.lang });
      return { name: doc.number, pdf: await purchasePdf({ tx, clientId: actor.clientId, lang: actor.lang, doc }) };
    });
    return sendPdf(reply, out.pdf, out.name);
  });
  serve(app, print.returnPdf, ret, async (req, reply) => {
    const out = await tenantTx(req, async (tx, actor) => {
      const doc = await getPurchaseReturn({ tx, id: req.params.id, lang: actor.lang });
      return { name: doc.number, pdf: await purchaseReturnPdf({ tx, clientId: actor.clientId, lang: actor.lang, ret: doc }) };
    });
    return sendPdf(reply, out.pdf, out.name);
  });
  serve(app, print.orderPdf, order, async (req, reply) => {
    const out = await tenantTx(req, async (tx, actor) => {
      const doc = await getPurchaseOrder({ tx, id: req.params.id });
      return { name: doc.number, pdf: await purchaseOrderPdf({ tx, clientId: actor.clientId, lang: actor.lang, order: doc }) };
    });
    return sendPdf(reply, out.pdf, out.name);
  });
}
