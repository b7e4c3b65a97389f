// A customer's statement as a PDF in the caller's language (e-mailed as an attachment): the statement of
// customer-transaction.ts (every page of it, in order) drawn by document-print's one renderer: the
// organisation's header and logo, the customer, the period, the opening balance, each ledger line with its
// running balance, the totals and the balance owed.
import { type Lang, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { type PrintableDocument, loadPrintCompany, printableLogo, printedDate, renderDocumentPdf } from '../document-print/index.ts';
import { customerTransaction } from './customer-transaction.ts';

const PAGE_SIZE = 1000;

export interface StatementPdf {
  pdf: PDFKit.PDFDocument;
  customer: { id: number; customerNo: string; name: string };
  closingBalance: string;
}

export async function customerStatementPdf(opts: {
  tx: Db;
  clientId: number;
  lang: Lang;
  customerId: number;
  startDate?: string;
  endDate?: string;
  today: string;
}): Promise<StatementPdf> {
  const { tx, clientId, lang, customerId, startDate, endDate } = opts;
  const query = { customerId, startDate, endDate, _limit: PAGE_SIZE };
  const first = await customerTransaction({ tx, clientId, lang, query: { ...query, _page: 1 } });
  const lines = [...first.lines];
  for (let page = 2; lines.length < first.total; page += 1) {
    const next = await customerTransaction({ tx, clientId, lang, query: { ...query, _page: page } });
    if (next.lines.length === 0) break;
    lines.push(...next.lines);
  }
  const company = await loadPrintCompany({ tx, clientId });
  const logo = await printableLogo({ tx, fileId: company.logoFileId });
  const t = (key: string) => translate(`billingReports.statementPdf.${key}`, lang);
  const range =
    startDate || endDate ? [startDate ? printedDate(startDate, lang) : '', endDate ? printedDate(endDate, lang) : ''].join(' – ').trim() : t('allDates');
  const facts: PrintableDocument['facts'] = [
    { label: t('printed'), value: printedDate(opts.today, lang) },
    { label: t('period'), value: range },
  ];
  if (first.customer.zoneName) facts.push({ label: t('zone'), value: first.customer.zoneName });
  const pdf = renderDocumentPdf({
    lang,
    company,
    logo,
    title: t('title'),
    number: first.customer.customerNo,
    facts,
    party: { label: t('customer'), name: first.customer.name, lines: [first.customer.customerNo, first.customer.phone || null] },
    columns: [
      { key: 'date', label: t('date'), width: 2 },
      { key: 'document', label: t('document'), width: 2 },
      { key: 'description', label: t('description'), width: 5 },
      { key: 'debit', label: t('debit'), width: 2, kind: 'money' },
      { key: 'credit', label: t('credit'), width: 2, kind: 'money' },
      { key: 'balance', label: t('balance'), width: 2, kind: 'money' },
    ],
    rows: [
      { date: startDate ? printedDate(startDate, lang) : '', document: '', description: t('opening'), debit: '', credit: '', balance: first.openingBalance },
      ...lines.map((l) => ({
        date: printedDate(l.date, lang),
        document: l.document ?? l.number,
        description: l.description,
        debit: l.debit,
        credit: l.credit,
        balance: l.balance,
      })),
    ],
    totals: [
      { label: t('opening'), value: first.openingBalance },
      { label: t('totalDebit'), value: first.totals.debit },
      { label: t('totalCredit'), value: first.totals.credit },
      { label: t('closing'), value: first.closingBalance, bold: true },
    ],
  });
  return { pdf, customer: { id: first.customer.id, customerNo: first.customer.customerNo, name: first.customer.name }, closingBalance: first.closingBalance };
}
