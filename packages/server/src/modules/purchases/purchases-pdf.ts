// Purchasing documents as PDFs in the caller's language with the organisation's header and logo, through
// document-print's one renderer: a vendor bill or cash purchase (trade lines and totals, what is paid and
// open), a purchase order (ordered and received per line; signatures for approval) and a purchase return.
import { type Lang, type PurchaseDocument, type PurchaseOrder, type PurchaseReturn, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import {
  documentTexts,
  loadPrintCompany,
  type PrintableDocument,
  printableLogo,
  printedDate,
  renderDocumentPdf,
  tradeColumns,
  tradeRows,
  tradeTotals,
} from '../document-print/index.ts';

async function header(tx: Db, clientId: number) {
  const company = await loadPrintCompany({ tx, clientId });
  const logo = await printableLogo({ tx, fileId: company.logoFileId });
  return { company, logo };
}

const f = (lang: Lang) => (key: string) => translate(`purchases.print.${key}`, lang);

export async function purchasePdf(opts: { tx: Db; clientId: number; lang: Lang; doc: PurchaseDocument }) {
  const { tx, lang, doc } = opts;
  const t = f(lang);
  const facts: PrintableDocument['facts'] = [{ label: t('date'), value: printedDate(doc.date, lang) }];
  if (doc.dueDate) facts.push({ label: t('dueDate'), value: printedDate(doc.dueDate, lang) });
  if (doc.vendorBillNo) facts.push({ label: t('vendorBillNo'), value: doc.vendorBillNo });
  facts.push({ label: t('branch'), value: doc.branchName });
  if (doc.paymentAccountName) facts.push({ label: t('paidFrom'), value: doc.paymentAccountName });
  if (doc.orderNumber) facts.push({ label: t('order'), value: doc.orderNumber });
  const texts = documentTexts[lang];
  return renderDocumentPdf({
    lang,
    ...(await header(tx, opts.clientId)),
    title: t(doc.kind),
    number: doc.number,
    cancelled: doc.status === 'Cancelled',
    facts,
    party: { label: t('vendor'), name: doc.vendorName, lines: [doc.vendorNumber] },
    columns: tradeColumns(lang),
    rows: tradeRows(doc.lines),
    totals: tradeTotals(lang, doc, doc.kind === 'bill' ? doc.paid : undefined),
    notes: doc.notes,
    signatures: [texts.preparedBy, texts.approvedBy],
  });
}

export async function purchaseOrderPdf(opts: { tx: Db; clientId: number; lang: Lang; order: PurchaseOrder }) {
  const { tx, lang, order } = opts;
  const t = f(lang);
  const facts: PrintableDocument['facts'] = [{ label: t('date'), value: printedDate(order.date, lang) }];
  if (order.expectedDate) facts.push({ label: t('expectedDate'), value: printedDate(order.expectedDate, lang) });
  facts.push({ label: t('deliverTo'), value: order.branchName });
  facts.push({ label: t('status'), value: translate(`purchases.print.status.${order.status}`, lang) });
  if (order.approvedByName) facts.push({ label: t('approvedBy'), value: order.approvedByName });
  const texts = documentTexts[lang];
  return renderDocumentPdf({
    lang,
    ...(await header(tx, opts.clientId)),
    title: t('order'),
    number: order.number,
    cancelled: order.status === 'Cancelled',
    facts,
    party: { label: t('vendor'), name: order.vendorName, lines: [order.vendorNumber] },
    columns: tradeColumns(lang),
    rows: tradeRows(order.lines),
    totals: tradeTotals(lang, order),
    notes: order.notes,
    signatures: [texts.preparedBy, texts.approvedBy],
  });
}

export async function purchaseReturnPdf(opts: { tx: Db; clientId: number; lang: Lang; ret: PurchaseReturn }) {
  const { tx, lang, ret } = opts;
  const t = f(lang);
  const facts: PrintableDocument['facts'] = [
    { label: t('date'), value: printedDate(ret.date, lang) },
    { label: t('purchase'), value: ret.purchaseNumber },
    { label: t('branch'), value: ret.branchName },
  ];
  if (ret.refundAccountName) facts.push({ label: t('refundInto'), value: ret.refundAccountName });
  const texts = documentTexts[lang];
  return renderDocumentPdf({
    lang,
    ...(await header(tx, opts.clientId)),
    title: t('return'),
    number: ret.number,
    cancelled: ret.status === 'Cancelled',
    facts,
    party: { label: t('vendor'), name: ret.vendorName },
    columns: tradeColumns(lang, { discount: false }),
    rows: ret.lines.map((l) => ({
      description: [l.itemCode && l.itemName ? `${l.itemCode} ${l.itemName}` : null, l.description].filter(Boolean).join(' — '),
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      tax: l.tax,
      total: l.total,
    })),
    totals: tradeTotals(lang, { subtotal: ret.amount, discount: '0.00', tax: ret.tax, total: ret.total }),
    notes: ret.reason,
    signatures: [texts.preparedBy, texts.receivedBy],
  });
}
