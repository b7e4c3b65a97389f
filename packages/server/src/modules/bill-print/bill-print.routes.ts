// Printing bills (privilege batch-bill): GET /api/bills/print/company (the header and payment
// instructions the web's print page shows), GET /api/bills/:id/print.pdf (one bill) and
// GET /api/bills/print/batch.pdf?period&zoneId (every open bill of a zone's period, one per page),
// both PDFs drawn on the server in the caller's language. Paths and schemas are the contracts'
// billPrintEndpoints.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { billPrintEndpoints as api } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { type BillSelection, loadPrintableBills, printableLogo, printCompany } from './load-printable-bills.ts';
import { pdfTexts } from './pdf-texts.ts';
import { renderBillsPdf } from './render-bill-pdf.ts';

const batchAccess = { access: { privilege: 'batch-bill' }, tags: ['bills'] } as const;

/** Everything a PDF needs, read in one tenant transaction. */
async function loadForPrint(tx: Db, clientId: number, which: BillSelection) {
  const bills = await loadPrintableBills({ tx, clientId, which });
  if (bills.length === 0) return { bills, company: null, logo: null };
  const company = await printCompany({ tx, clientId });
  const logo = await printableLogo({ tx, fileId: company.logoFileId });
  return { bills, company, logo };
}

/** Aborts when the response closes (sent, or the client went away first), so drawing stops. */
function responseClosed(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
  return controller.signal;
}

/** A file name of plain ASCII letters, digits and dashes. */
const safeName = (name: string) => name.replace(/[^A-Za-z0-9-]+/g, '-');

function sendPdf(reply: FastifyReply, doc: NodeJS.ReadableStream, filename: string, disposition: 'inline' | 'attachment') {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `${disposition}; filename="${safeName(filename)}.pdf"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(doc);
}

export async function billPrintRoutes(app: FastifyInstance) {
  serve(app, api.company, batchAccess, async (req) => tenantTx(req, (tx) => printCompany({ tx, clientId: caller(req).clientId })));

  serve(app, api.batchPdf, batchAccess, async (req, reply) => {
    const { period, zoneId } = req.query;
    const { bills, company, logo } = await tenantTx(req, (tx) => loadForPrint(tx, caller(req).clientId, { period, zoneId }));
    if (!company) throw new AppError(404, 'NO_BILLS', 'billPrint.noBills');
    const title = `${pdfTexts[req.lang].title[bills[0].service]} ${period} · ${bills[0].zoneName}`;
    const doc = renderBillsPdf({ bills, company, logo, lang: req.lang, title, signal: responseClosed(reply) });
    return sendPdf(reply, doc, `bills-${period}-${bills[0].zoneName}`, 'attachment');
  });

  serve(app, api.billPdf, batchAccess, async (req, reply) => {
    const { bills, company, logo } = await tenantTx(req, (tx) => loadForPrint(tx, caller(req).clientId, { billId: req.params.id }));
    if (!company) throw notFound();
    const bill = bills[0];
    const doc = renderBillsPdf({
      bills,
      company,
      logo,
      lang: req.lang,
      title: `${pdfTexts[req.lang].title[bill.service]} ${bill.number}`,
      signal: responseClosed(reply),
    });
    return sendPdf(reply, doc, `bill-${bill.number}`, 'inline');
  });
}
