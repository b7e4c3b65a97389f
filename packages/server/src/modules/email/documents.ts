// POST /api/email/documents: a document as a PDF attachment to one address: a bill (bill-print's renderer),
// a customer's statement (billing-reports' renderer; id: the customer), a customer's payment receipt
// (payments' renderer; id: the payment), a sales invoice or sales receipt (sales' renderer), a purchase
// order (purchases' renderer). The PDF is
// drawn now, in the e-mail's language, and kept with the e-mail; the text is the organisation's template
// of that kind. E-mailing a document needs send-email and that document's own privilege (who may not open
// a document may not send it). GET /api/email/documents/recipient prefills the address from the party.
import { sql } from 'drizzle-orm';
import { type EmailDocument, type EmailDocumentRecipient, type EmailLanguage, type EmailQueued, type EmailValues, renderEmailTemplate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../plugins/errors.ts';
import { billPdfBuffer } from '../bill-print/index.ts';
import { customerStatementPdf } from '../billing-reports/index.ts';
import { billNumber } from '../bills/index.ts';
import { customerBalance } from '../customers/index.ts';
import { getPayment, paymentReceiptPdf } from '../payments/index.ts';
import { pdfBuffer } from '../document-print/index.ts';
import { getPurchaseOrder, purchaseOrderPdf } from '../purchases/index.ts';
import { getSalesDocument, salesDocumentPdf } from '../sales/index.ts';
import { assertConfigured } from './send-email.ts';
import { companyEmailValues, dateText, moneyText, periodText } from './email-values.ts';
import { queueEmailWithAttachments } from './queue-email.ts';
import { emailTemplateOf } from './templates.ts';

/** The privilege that opens each document (its print screen's). */
export const DOCUMENT_PRIVILEGE: Record<EmailDocument, string> = {
  bill: 'batch-bill',
  statement: 'customer-transaction',
  payment_receipt: 'receive-payment',
  invoice: 'sales-invoice',
  receipt: 'sales-receipt',
  purchase_order: 'purchase-order',
};

const safeName = (name: string) => name.replace(/[^A-Za-z0-9-]+/g, '-');

interface Drawn {
  pdf: Buffer;
  filename: string;
  customerId: number | null;
  values: EmailValues;
}

async function partyEmail(tx: Db, clientId: number, party: 'customer' | 'vendor', id: number): Promise<{ email: string | null; name: string | null }> {
  const table = party === 'customer' ? sql`customers` : sql`vendors`;
  const [row] = await queryRows<{ email: string | null; name: string | null }>(
    tx,
    sql`select email, name from ${table} where client_id = ${clientId} and id = ${id}`,
  );
  return { email: row?.email?.trim() || null, name: row?.name ?? null };
}

async function billCustomer(tx: Db, clientId: number, billId: number): Promise<number | null> {
  const [row] = await queryRows<{ customer_id: number }>(tx, sql`select customer_id from bills where client_id = ${clientId} and id = ${billId}`);
  return row ? Number(row.customer_id) : null;
}

async function draw(tx: Db, clientId: number, document: EmailDocument, id: number, lang: EmailLanguage): Promise<Drawn> {
  if (document === 'bill') {
    const drawn = await billPdfBuffer({ tx, clientId, billId: id, lang });
    if (!drawn) throw notFound();
    const { bill } = drawn;
    const customerId = await billCustomer(tx, clientId, id);
    const balance = customerId === null ? '' : moneyText(await customerBalance(tx, clientId, customerId));
    return {
      pdf: drawn.pdf,
      filename: `bill-${safeName(bill.number)}.pdf`,
      customerId,
      values: {
        name: bill.customerName,
        customerNo: bill.customerNo,
        documentNo: bill.number,
        amount: moneyText(bill.amountDue),
        period: periodText(bill.period, lang),
        dueDate: dateText(bill.dueDate),
        date: dateText(bill.billDate),
        balance,
      },
    };
  }
  if (document === 'statement') {
    const [{ today }] = await queryRows<{ today: string }>(tx, sql`select current_date::text as today`);
    const drawn = await customerStatementPdf({ tx, clientId, lang, customerId: id, today });
    return {
      pdf: await pdfBuffer(drawn.pdf),
      filename: `statement-${safeName(drawn.customer.customerNo)}-${today}.pdf`,
      customerId: drawn.customer.id,
      values: {
        name: drawn.customer.name,
        customerNo: drawn.customer.customerNo,
        documentNo: drawn.customer.customerNo,
        balance: moneyText(drawn.closingBalance),
        date: dateText(today),
      },
    };
  }
  if (document === 'payment_receipt') {
    const payment = await getPayment({ tx, clientId, lang, id });
    const pdf = await pdfBuffer(await paymentReceiptPdf({ tx, clientId, lang, payment }));
    return {
      pdf,
      filename: `receipt-${safeName(payment.number)}.pdf`,
      customerId: payment.customer.id,
      values: {
        name: payment.customer.name,
        customerNo: payment.customer.customerNo,
        documentNo: payment.number,
        amount: moneyText(payment.amount),
        date: dateText(payment.date),
        balance: moneyText(payment.balanceNow),
      },
    };
  }
  if (document === 'invoice' || document === 'receipt') {
    const doc = await getSalesDocument({ tx, lang, kind: document, id });
    const pdf = await pdfBuffer(await salesDocumentPdf({ tx, clientId, lang, doc }));
    return {
      pdf,
      filename: `${safeName(doc.number)}.pdf`,
      customerId: doc.walkIn ? null : doc.customerId,
      values: {
        name: doc.customerName,
        customerNo: doc.customerNo,
        documentNo: doc.number,
        amount: moneyText(doc.total),
        date: dateText(doc.date),
        dueDate: doc.dueDate ? dateText(doc.dueDate) : '',
      },
    };
  }
  const order = await getPurchaseOrder({ tx, id });
  const pdf = await pdfBuffer(await purchaseOrderPdf({ tx, clientId, lang, order }));
  return {
    pdf,
    filename: `${safeName(order.number)}.pdf`,
    customerId: null,
    values: { name: order.vendorName, documentNo: order.number, amount: moneyText(order.total), date: dateText(order.date) },
  };
}

export async function emailDocument(opts: {
  tx: Db;
  actor: Actor;
  input: { document: EmailDocument; id: number; to: string; language?: EmailLanguage };
}): Promise<EmailQueued> {
  const { tx, actor, input } = opts;
  const { clientId } = actor;
  const settings = await assertConfigured(tx, clientId);
  const language = input.language ?? settings.defaultLanguage;
  const drawn = await draw(tx, clientId, input.document, input.id, language);
  const template = await emailTemplateOf(tx, clientId, input.document, language);
  const values = { ...(await companyEmailValues(tx, clientId)), ...drawn.values };
  const id = await queueEmailWithAttachments({
    tx,
    actor,
    kind: input.document,
    email: {
      to: input.to,
      language,
      customerId: drawn.customerId,
      documentId: input.id,
      subject: renderEmailTemplate(template.subject, values),
      body: renderEmailTemplate(template.body, values),
      attachments: [{ filename: drawn.filename, contentType: 'application/pdf', content: drawn.pdf }],
    },
  });
  return { queued: 1, messageIds: [id], skipped: [] };
}

/** The party's address and name, to prefill the e-mail dialog of a document. */
export async function documentRecipient(opts: {
  tx: Db;
  clientId: number;
  lang: string;
  document: EmailDocument;
  id: number;
}): Promise<EmailDocumentRecipient> {
  const { tx, clientId, document, id } = opts;
  if (document === 'bill') {
    const [row] = await queryRows<{ bill_no: string | number; customer_id: number }>(
      tx,
      sql`select bill_no, customer_id from bills where client_id = ${clientId} and id = ${id}`,
    );
    if (!row) throw notFound();
    return { ...(await partyEmail(tx, clientId, 'customer', Number(row.customer_id))), documentNo: billNumber(Number(row.bill_no)) };
  }
  if (document === 'statement') {
    const party = await partyEmail(tx, clientId, 'customer', id);
    const [row] = await queryRows<{ customer_no: string }>(tx, sql`select customer_no from customers where client_id = ${clientId} and id = ${id}`);
    if (!row) throw notFound();
    return { ...party, documentNo: row.customer_no };
  }
  if (document === 'payment_receipt') {
    const payment = await getPayment({ tx, clientId, lang: opts.lang === 'so' ? 'so' : 'en', id });
    return { ...(await partyEmail(tx, clientId, 'customer', payment.customer.id)), documentNo: payment.number };
  }
  if (document === 'invoice' || document === 'receipt') {
    const doc = await getSalesDocument({ tx, lang: opts.lang, kind: document, id });
    const party = doc.walkIn ? { email: null, name: doc.customerName } : await partyEmail(tx, clientId, 'customer', doc.customerId);
    return { ...party, documentNo: doc.number };
  }
  const order = await getPurchaseOrder({ tx, id });
  return { ...(await partyEmail(tx, clientId, 'vendor', order.vendorId)), documentNo: order.number };
}
