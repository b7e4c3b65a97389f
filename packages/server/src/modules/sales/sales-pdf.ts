// A sales document as a PDF in the caller's language with the organisation's header and logo: the one
// document renderer of document-print, with the trade lines' columns and totals (an invoice adds what was
// paid and what is still due).
import { type Lang, type SalesDocument, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import {
  type PrintableDocument,
  documentTexts,
  loadPrintCompany,
  printableLogo,
  printedDate,
  renderDocumentPdf,
  tradeColumns,
  tradeRows,
  tradeTotals,
} from '../document-print/index.ts';

export async function salesDocumentPdf(opts: { tx: Db; clientId: number; lang: Lang; doc: SalesDocument }) {
  const { tx, lang, doc } = opts;
  const company = await loadPrintCompany({ tx, clientId: opts.clientId });
  const logo = await printableLogo({ tx, fileId: company.logoFileId });
  const t = (key: string) => translate(`sales.print.${key}`, lang);
  const facts: PrintableDocument['facts'] = [{ label: t('date'), value: printedDate(doc.date, lang) }];
  if (doc.dueDate) facts.push({ label: t('dueDate'), value: printedDate(doc.dueDate, lang) });
  if (doc.validUntil) facts.push({ label: t('validUntil'), value: printedDate(doc.validUntil, lang) });
  if (doc.branchName) facts.push({ label: t('branch'), value: doc.branchName });
  if (doc.quotation) facts.push({ label: t('quotationRef'), value: doc.quotation.number });
  if (doc.sale) facts.push({ label: t('sale'), value: doc.sale.number });
  if (doc.accountName) facts.push({ label: doc.kind === 'return' ? t('refundAccount') : t('account'), value: doc.accountName });
  if (doc.reference) facts.push({ label: t('reference'), value: doc.reference });
  const texts = documentTexts[lang];
  return renderDocumentPdf({
    lang,
    company,
    logo,
    title: t(doc.kind),
    number: doc.number,
    cancelled: doc.status === 'Cancelled',
    facts,
    party: { label: t('customer'), name: doc.customerName, lines: [doc.walkIn ? null : doc.customerNo, doc.customerPhone || null] },
    columns: tradeColumns(lang),
    rows: tradeRows(doc.lines),
    totals: tradeTotals(lang, doc, doc.kind === 'invoice' ? doc.paid : undefined),
    notes: doc.notes,
    signatures: doc.kind === 'quotation' ? [texts.preparedBy, texts.approvedBy] : [texts.preparedBy, texts.receivedBy],
  });
}
