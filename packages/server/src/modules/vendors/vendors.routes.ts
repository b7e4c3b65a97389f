// /api/elc/vendors (list-vendor to read; add-vendor to create, edit and change status): the vendor register,
// a vendor's open bills and statement (the spec's elc/vendors transaction). /api/elc/vendor-payments
// (pay-bill): Pay bill (honours an Idempotency-Key), the payment voucher PDF, its vendors, accounts and open bills, the list, cancel by reversal; a vendor's
// payments on its page come from /api/elc/vendors/:id/payments (list-vendor). /api/vendor-reports (vendor-transaction, vendor-summary): the reports as JSON, or their file
// with format, and <path>/export. Paths and schemas are the contracts' vendorsEndpoints,
// vendorPaymentsEndpoints and vendorReportsEndpoints.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ReportFormat, vendorPaymentsEndpoints as payments, vendorReportsEndpoints as reports, vendorsEndpoints as vendors } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { readIdempotencyKey, withIdempotency } from '../../ledger/index.ts';
import { tenantTx } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { serve } from '../../plugins/endpoint.ts';
import { type ReportTable, sendReport } from '../finance-reports/index.ts';
import { queryRows } from '../../db/rows.ts';
import { sql } from 'drizzle-orm';
import { getVendor, listVendors, vendorChoices, vendorOpenBills } from './list-vendors.ts';
import { createVendor, setVendorStatus, updateVendor } from './save-vendor.ts';
import { vendorLedger } from './vendor-ledger.ts';
import { cancelVendorPayment, getVendorPayment, listVendorPayments, payVendor, vendorPaymentChoices } from './vendor-payments.ts';
import { vendorSummaryTable, vendorTransactionTable } from './vendor-report-tables.ts';
import { vendorSummary } from './vendor-summary.ts';
import { loadVoucher, renderVoucher } from './vendor-payment-voucher.ts';
import { sendPdf } from '../document-print/index.ts';

const tags = ['vendors'];
const read = { access: { privilege: 'list-vendor' }, tags };
const edit = { access: { privilege: 'add-vendor' }, tags };
const pay = { access: { privilege: 'pay-bill' }, tags };

/** Every line of a statement for a file: at most this many. */
const EXPORT_MAX_LINES = 50_000;

async function sendFile(
  req: FastifyRequest,
  reply: FastifyReply,
  format: ReportFormat,
  build: (tx: Db, actor: Actor, organisation: string) => Promise<ReportTable>,
) {
  const table = await tenantTx(req, async (tx, actor) => {
    const [org] = await queryRows<{ name: string }>(tx, sql`select name from clients where id = ${actor.clientId}`);
    return build(tx, actor, org?.name ?? '');
  });
  return sendReport(reply, table, format);
}

export async function vendorsRoutes(app: FastifyInstance) {
  serve(app, vendors.list, read, async (req) => tenantTx(req, (tx, a) => listVendors({ tx, clientId: a.clientId, lang: a.lang, query: req.query })));
  serve(app, vendors.choices, read, async (req) => tenantTx(req, (tx, a) => vendorChoices({ tx, clientId: a.clientId, lang: a.lang })));
  serve(app, vendors.get, read, async (req) => tenantTx(req, (tx, a) => getVendor({ tx, clientId: a.clientId, lang: a.lang, id: req.params.id })));
  serve(app, vendors.create, edit, async (req) => tenantTx(req, (tx, actor) => createVendor({ tx, actor, input: req.body })));
  serve(app, vendors.update, edit, async (req) => tenantTx(req, (tx, actor) => updateVendor({ tx, actor, id: req.params.id, input: req.body })));
  serve(app, vendors.setStatus, edit, async (req) => tenantTx(req, (tx, actor) => setVendorStatus({ tx, actor, id: req.params.id, status: req.body.status })));
  serve(app, vendors.openBills, read, async (req) => tenantTx(req, (tx, a) => vendorOpenBills({ tx, clientId: a.clientId, vendorId: req.params.id })));
  serve(app, vendors.payments, read, async (req) =>
    tenantTx(req, (tx, a) => listVendorPayments({ tx, clientId: a.clientId, lang: a.lang, query: { ...req.query, vendorId: req.params.id } })),
  );
  serve(app, vendors.transaction, read, async (req) =>
    tenantTx(req, (tx, a) => vendorLedger({ tx, clientId: a.clientId, lang: a.lang, query: { ...req.query, vendorId: req.params.id } })),
  );

  serve(app, payments.list, pay, async (req) => tenantTx(req, (tx, a) => listVendorPayments({ tx, clientId: a.clientId, lang: a.lang, query: req.query })));
  serve(app, payments.vendors, pay, async (req) =>
    tenantTx(req, async (tx, a) => ({ data: (await vendorChoices({ tx, clientId: a.clientId, lang: a.lang })).vendors.filter((v) => v.status === 'Active') })),
  );
  serve(app, payments.choices, pay, async (req) => tenantTx(req, (tx, a) => vendorPaymentChoices({ tx, clientId: a.clientId, lang: a.lang })));
  serve(app, payments.openBills, pay, async (req) => tenantTx(req, (tx, a) => vendorOpenBills({ tx, clientId: a.clientId, vendorId: req.query.vendorId })));
  serve(app, payments.get, pay, async (req) => tenantTx(req, (tx, a) => getVendorPayment({ tx, clientId: a.clientId, lang: a.lang, id: req.params.id })));
  serve(app, payments.create, pay, async (req, reply) => {
    // Money moves: a retry with the same Idempotency-Key gets the stored answer instead of paying twice.
    const key = readIdempotencyKey(req.headers);
    const result = await tenantTx(req, (tx, actor) =>
      withIdempotency(tx, { clientId: actor.clientId, key, operation: `POST ${payments.create.path}`, body: req.body }, async () => ({
        statusCode: 201,
        body: await payVendor({ tx, actor, input: req.body }),
      })),
    );
    if (result.isReplay) reply.header('idempotent-replayed', 'true');
    reply.code(result.statusCode);
    return result.body;
  });
  serve(app, payments.voucherPdf, pay, async (req, reply) => {
    const voucher = await tenantTx(req, (tx, a) => loadVoucher({ tx, clientId: a.clientId, lang: a.lang, id: req.params.id }));
    return sendPdf(reply, renderVoucher(voucher), `payment-voucher-${voucher.number}`, 'inline');
  });
  serve(app, payments.cancel, pay, async (req) => tenantTx(req, (tx, actor) => cancelVendorPayment({ tx, actor, id: req.params.id, input: req.body })));

  const transactionAccess = { access: { privilege: 'vendor-transaction' }, tags };
  const transactionFile = (req: FastifyRequest, reply: FastifyReply, query: Parameters<typeof vendorLedger>[0]['query'], format: ReportFormat) =>
    sendFile(req, reply, format, async (tx, a, org) => {
      const report = await vendorLedger({ tx, clientId: a.clientId, lang: a.lang, query: { ...query, _page: 1, _limit: EXPORT_MAX_LINES } });
      // A file holds every line of its range; a longer range is asked to be shortened.
      if (report.total > EXPORT_MAX_LINES) {
        const key = `financeReports.exportTooLarge|${EXPORT_MAX_LINES}`;
        throw new AppError(400, 'EXPORT_TOO_LARGE', key, [{ field: 'startDate', message: key }]);
      }
      return vendorTransactionTable(report, a.lang, org);
    });
  serve(app, reports.transaction, transactionAccess, async (req, reply) => {
    const { format, ...query } = req.query;
    if (format) return transactionFile(req, reply, query, format) as never;
    return tenantTx(req, (tx, a) => vendorLedger({ tx, clientId: a.clientId, lang: a.lang, query }));
  });
  serve(app, reports.transactionExport, transactionAccess, async (req, reply) => {
    const { format, ...query } = req.query;
    return transactionFile(req, reply, query, format);
  });

  const summaryAccess = { access: { privilege: 'vendor-summary' }, tags };
  const summaryFile = (req: FastifyRequest, reply: FastifyReply, query: Parameters<typeof vendorSummary>[0]['query'], format: ReportFormat) =>
    sendFile(req, reply, format, async (tx, a, org) => vendorSummaryTable(await vendorSummary({ tx, clientId: a.clientId, query }), a.lang, org));
  serve(app, reports.summary, summaryAccess, async (req, reply) => {
    const { format, ...query } = req.query;
    if (format) return summaryFile(req, reply, query, format) as never;
    return tenantTx(req, (tx, a) => vendorSummary({ tx, clientId: a.clientId, query }));
  });
  serve(app, reports.summaryExport, summaryAccess, async (req, reply) => {
    const { format, ...query } = req.query;
    return summaryFile(req, reply, query, format);
  });
}
