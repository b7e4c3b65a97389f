// The organisation's documents as PDFs for its export (on request, documents/ in the ZIP), drawn by the
// modules' own loaders and renderers exactly as they print them: the bills of each billing period in one
// PDF, each sales document (invoice, receipt, return), each purchase document (vendor bill, cash purchase,
// purchase order, purchase return) and each payroll run's payslips in one PDF. Listed first (a cheap read,
// so the job can report its total), drawn one at a time. Everything runs in the caller's tenant
// transaction: the lists filter by the organisation and row-level security keeps any other one's out.
import type { Lang } from '@ubo/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { periodBillsPdfBuffer } from '../bill-print/index.ts';
import { pdfBuffer } from '../document-print/index.ts';
import { loadRunPayslips, renderRunPayslips } from '../hr/index.ts';
import { getPurchase, getPurchaseOrder, getPurchaseReturn, purchaseOrderPdf, purchasePdf, purchaseReturnPdf } from '../purchases/index.ts';
import { getSalesDocument, salesDocumentPdf } from '../sales/index.ts';

/** One document (or one period's bills) to draw: where it goes in the ZIP and how it is drawn. */
export interface ExportDocument {
  folder: 'bills' | 'sales' | 'purchases' | 'payslips';
  /** Draws it: its file name (without folder) and bytes, or null when there is nothing to print after all. */
  render: () => Promise<{ name: string; pdf: Buffer } | null>;
}

const fileName = (text: string) => `${text.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 80) || 'document'}.pdf`;
const ids = (rows: { id: string | number }[]) => rows.map((r) => Number(r.id));

/** The organisation's documents to draw, in a stable order (periods, then by number). */
export async function listExportDocuments(opts: { tx: Db; clientId: number; lang: Lang }): Promise<ExportDocument[]> {
  const { tx, clientId, lang } = opts;
  const periods = await queryRows<{ period: string }>(tx, sql`select distinct period from bills where client_id = ${clientId} order by period`);
  const sales = await queryRows<{ id: string }>(
    tx,
    sql`select id from sales_documents where client_id = ${clientId} and kind in ('invoice', 'receipt', 'return') order by kind, doc_no, id`,
  );
  const purchases = await queryRows<{ id: string }>(tx, sql`select id from purchases where client_id = ${clientId} order by kind, doc_no, id`);
  const orders = await queryRows<{ id: string }>(tx, sql`select id from purchase_orders where client_id = ${clientId} order by id`);
  const returns = await queryRows<{ id: string }>(tx, sql`select id from purchase_returns where client_id = ${clientId} order by id`);
  const runs = await queryRows<{ id: string }>(tx, sql`select id from hr_payroll_runs where client_id = ${clientId} and status <> 'Generating' order by id`);
  const documents: ExportDocument[] = [];
  for (const { period } of periods) {
    documents.push({
      folder: 'bills',
      render: async () => {
        const out = await periodBillsPdfBuffer({ tx, clientId, period, lang });
        return out && { name: `bills-${period}.pdf`, pdf: out.pdf };
      },
    });
  }
  for (const id of ids(sales)) {
    documents.push({
      folder: 'sales',
      render: async () => {
        const doc = await getSalesDocument({ tx, lang, id });
        return { name: fileName(doc.number), pdf: await pdfBuffer(await salesDocumentPdf({ tx, clientId, lang, doc })) };
      },
    });
  }
  for (const id of ids(purchases)) {
    documents.push({
      folder: 'purchases',
      render: async () => {
        const doc = await getPurchase({ tx, id, lang });
        return { name: fileName(doc.number), pdf: await pdfBuffer(await purchasePdf({ tx, clientId, lang, doc })) };
      },
    });
  }
  for (const id of ids(orders)) {
    documents.push({
      folder: 'purchases',
      render: async () => {
        const order = await getPurchaseOrder({ tx, id });
        return { name: fileName(order.number), pdf: await pdfBuffer(await purchaseOrderPdf({ tx, clientId, lang, order })) };
      },
    });
  }
  for (const id of ids(returns)) {
    documents.push({
      folder: 'purchases',
      render: async () => {
        const ret = await getPurchaseReturn({ tx, id, lang });
        return { name: fileName(ret.number), pdf: await pdfBuffer(await purchaseReturnPdf({ tx, clientId, lang, ret })) };
      },
    });
  }
  for (const runId of ids(runs)) {
    documents.push({
      folder: 'payslips',
      render: async () => {
        const run = await loadRunPayslips({ tx, clientId, lang, runId });
        if (run.documents.length === 0) return null;
        return { name: fileName(`payslips-${run.number}`), pdf: await pdfBuffer(renderRunPayslips(run, lang)) };
      },
    });
  }
  return documents;
}

/** What the README says of documents/. */
export const documentsReadme = (counts: Record<ExportDocument['folder'], number>): string[] => [
  '## documents/ (PDFs, as the application prints them)',
  '',
  `- documents/bills/bills-YYYY-MM.pdf: every bill of one billing period (all zones, cancelled ones marked), a page each (${counts.bills} files)`,
  `- documents/sales/: each invoice, receipt and sales return, one PDF each, named by its number (${counts.sales} files)`,
  `- documents/purchases/: each vendor bill, cash purchase, purchase order and purchase return, one PDF each (${counts.purchases} files)`,
  `- documents/payslips/payslips-<run>.pdf: the payslips of one payroll run, a page each (${counts.payslips} files)`,
  '',
];
