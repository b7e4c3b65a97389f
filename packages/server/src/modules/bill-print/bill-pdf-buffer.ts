// One bill's PDF as bytes (drawn to the end), for modules that attach it to something (e-mail), with the
// bill's facts the message needs. Null when the bill does not exist in the organisation. And a period's
// bills in one PDF (the organisation's export).
import type { Lang } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { loadPrintCompany, pdfBuffer, printableLogo } from '../document-print/index.ts';
import { type PrintableBill, loadPrintableBills } from './load-printable-bills.ts';
import { pdfTexts } from './pdf-texts.ts';
import { renderBillsPdf } from './render-bill-pdf.ts';

export async function billPdfBuffer(opts: { tx: Db; clientId: number; billId: number; lang: Lang }): Promise<{ bill: PrintableBill; pdf: Buffer } | null> {
  const { tx, clientId, lang } = opts;
  const bills = await loadPrintableBills({ tx, clientId, which: { billId: opts.billId } });
  if (bills.length === 0) return null;
  const company = await loadPrintCompany({ tx, clientId });
  const logo = await printableLogo({ tx, fileId: company.logoFileId });
  const bill = bills[0];
  const doc = renderBillsPdf({ bills, company, logo, lang, title: `${pdfTexts[lang].title[bill.service]} ${bill.number}` });
  return { bill, pdf: await pdfBuffer(doc) };
}

/**
 * Every bill of a period (all zones, cancelled ones too) in ONE PDF, a page each, as the zone batch prints
 * them: for the organisation's export. Null when the period has no bill in the organisation.
 */
export async function periodBillsPdfBuffer(opts: { tx: Db; clientId: number; period: string; lang: Lang }): Promise<{ bills: number; pdf: Buffer } | null> {
  const { tx, clientId, lang, period } = opts;
  const bills = await loadPrintableBills({ tx, clientId, which: { period, allZones: true } });
  if (bills.length === 0) return null;
  const company = await loadPrintCompany({ tx, clientId });
  const logo = await printableLogo({ tx, fileId: company.logoFileId });
  const doc = renderBillsPdf({ bills, company, logo, lang, title: `${pdfTexts[lang].title[bills[0].service]} ${period}` });
  return { bills: bills.length, pdf: await pdfBuffer(doc) };
}
