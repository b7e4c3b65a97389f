// Printing bills (privilege batch-bill): GET /api/bills/print/company (the header and payment
// instructions the web's print page shows), GET /api/bills/:id/print.pdf (one bill) and
// GET /api/bills/print/batch.pdf?period&zoneId (every open bill of a zone's period, one per page),
// both PDFs drawn on the server in the caller's language. Paths and schemas are the contracts'
// billPrintEndpoints.
import type { FastifyInstance } from 'fastify';
import { billPrintEndpoints as api } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { loadPrintCompany, printableLogo, responseClosed, sendPdf } from '../document-print/index.ts';
import { type BillSelection, loadPrintableBills } from './load-printable-bills.ts';
import { pdfTexts } from './pdf-texts.ts';
import { renderBillsPdf } from './render-bill-pdf.ts';

const batchAccess = { access: { privilege: 'batch-bill' }, tags: ['bills'] } as const;

/** Everything a PDF needs, read in one tenant transaction. */
async function loadForPrint(tx: Db, clientId: number, which: BillSelection) {
  const bills = await loadPrintableBills({ tx, clientId, which });
  if (bills.length === 0) return { bills, company: null, logo: null };
  const company = await loadPrintCompany({ tx, clientId });
  const logo = await printableLogo({ tx, fileId: company.logoFileId });
  return { bills, company, logo };
}

export async function billPrintRoutes(app: FastifyInstance) {
  serve(app, api.company, batchAccess, async (req) => tenantTx(req, (tx) => loadPrintCompany({ tx, clientId: caller(req).clientId })));

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
