// Printing bills (privilege batch-bill): GET /api/bills/print/company (the header and payment
// instructions the web's print page shows), GET /api/bills/:id/print.pdf (one bill) and
// GET /api/bills/print/batch.pdf?period&zoneId (every open bill of a zone's period, one per page),
// both PDFs drawn on the server in the caller's language.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { batchBillPdfQuery, billPrintCompany, z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { type BillSelection, loadPrintableBills, printableLogo, printCompany } from './load-printable-bills.ts';
import { pdfTexts } from './pdf-texts.ts';
import { renderBillsPdf } from './render-bill-pdf.ts';

const batchAccess = { access: { privilege: 'batch-bill' } } as const;
const billIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['bills'];

  r.get('/api/bills/print/company', { config: batchAccess, schema: { tags, response: { 200: billPrintCompany } } }, async (req) =>
    tenantTx(req, (tx) => printCompany({ tx, clientId: caller(req).clientId })),
  );

  r.get('/api/bills/print/batch.pdf', { config: batchAccess, schema: { tags, querystring: batchBillPdfQuery } }, async (req, reply) => {
    const { period, zoneId } = req.query;
    const { bills, company, logo } = await tenantTx(req, (tx) => loadForPrint(tx, caller(req).clientId, { period, zoneId }));
    if (!company) throw new AppError(404, 'NO_BILLS', 'billPrint.noBills');
    const title = `${pdfTexts[req.lang].title[bills[0].service]} ${period} · ${bills[0].zoneName}`;
    const doc = renderBillsPdf({ bills, company, logo, lang: req.lang, title, signal: responseClosed(reply) });
    return sendPdf(reply, doc, `bills-${period}-${bills[0].zoneName}`, 'attachment');
  });

  r.get('/api/bills/:id/print.pdf', { config: batchAccess, schema: { tags, params: billIdParams } }, async (req, reply) => {
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
