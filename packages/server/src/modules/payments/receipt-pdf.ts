// A customer's payment receipt as a PDF in the caller's language (e-mailed as an attachment): the
// organisation's header and logo, the receipt's number, date, method, account and reference, the customer,
// the bills the payment was applied to (bill amount, paid on it now, still open), the amount received, what
// was applied and kept as credit, the balance before and after, the amount in words; the one document
// renderer of document-print.
import { dec } from '../../ledger/index.ts';
import { type Lang, type PaymentDetail, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import {
  type PrintableDocument,
  documentTexts,
  loadPrintCompany,
  printableLogo,
  printedDate,
  printedPeriod,
  renderDocumentPdf,
} from '../document-print/index.ts';

export async function paymentReceiptPdf(opts: { tx: Db; clientId: number; lang: Lang; payment: PaymentDetail }) {
  const { tx, lang, payment: p } = opts;
  const company = await loadPrintCompany({ tx, clientId: opts.clientId });
  const logo = await printableLogo({ tx, fileId: company.logoFileId });
  const t = (key: string, values?: Record<string, string>) => translate(`payments.receiptPdf.${key}`, lang, values);
  const facts: PrintableDocument['facts'] = [
    { label: t('date'), value: printedDate(p.date, lang) },
    { label: t('method'), value: translate(`billingReports.method.${p.method}`, lang) },
    { label: t('account'), value: p.account.name },
  ];
  if (p.reference) facts.push({ label: t('reference'), value: p.reference });
  if (p.manualReceipt) facts.push({ label: t('manualReceipt'), value: `${p.manualReceipt.series}-${p.manualReceipt.number}` });
  const totals: NonNullable<PrintableDocument['totals']> = [
    { label: t('amount'), value: p.amount, bold: true },
    { label: t('allocated'), value: p.allocated },
  ];
  if (dec(p.credit).gt(0)) totals.push({ label: t('credit'), value: p.credit });
  totals.push({ label: t('balanceBefore'), value: p.balanceBefore }, { label: t('balanceAfter'), value: p.balanceAfter, bold: true });
  const words = lang === 'so' ? p.amountInWords.so : p.amountInWords.en;
  return renderDocumentPdf({
    lang,
    company,
    logo,
    title: t('title'),
    number: p.number,
    cancelled: p.status === 'Cancelled',
    facts,
    party: { label: t('customer'), name: p.customer.name, lines: [p.customer.customerNo, p.customer.phone || null] },
    columns: [
      { key: 'bill', label: t('bill'), width: 2 },
      { key: 'period', label: t('period'), width: 2 },
      { key: 'billAmount', label: t('billAmount'), width: 2, kind: 'money' },
      { key: 'applied', label: t('applied'), width: 2, kind: 'money' },
      { key: 'open', label: t('open'), width: 2, kind: 'money' },
    ],
    rows: p.allocations.map((a) => ({
      bill: a.billNumber,
      period: printedPeriod(a.period, lang),
      billAmount: a.billAmount,
      applied: a.amount,
      open: a.billOpen,
    })),
    totals,
    notes: [p.allocations.length === 0 ? t('noBills') : null, t('inWords', { words })].filter(Boolean).join('\n'),
    signatures: [documentTexts[lang].receivedBy],
  });
}
