// GET /api/elc/vendor-payments/:id/voucher.pdf: a vendor payment as its printed voucher, drawn by the one
// document renderer (document-print): the organisation's header and logo, "Payment voucher" with its
// number, date, paying account, method, reference and journal entry, the vendor paid, the bills it
// settled, the amount paid, what went to bills and what is left as the vendor's credit, the memo (and the
// reason when cancelled) and the signature lines.
import { sql } from 'drizzle-orm';
import { type Lang, translate } from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import type { Db } from '../../db/client.ts';
import { documentTexts, loadPrintCompany, type PrintableDocument, printableLogo, printedDate, renderDocumentPdf } from '../document-print/index.ts';
import { getVendor } from './list-vendors.ts';
import { getVendorPayment } from './vendor-payments.ts';

/** Everything the voucher shows, read in the caller's tenant transaction. */
export async function loadVoucher(opts: { tx: Db; clientId: number; lang: Lang; id: number }): Promise<PrintableDocument> {
  const { tx, clientId, lang, id } = opts;
  const payment = await getVendorPayment({ tx, clientId, lang, id });
  const vendor = await getVendor({ tx, clientId, lang, id: payment.vendor.id });
  const company = await loadPrintCompany({ tx, clientId });
  const logo = await printableLogo({ tx, fileId: company.logoFileId });
  // The one who made the payment signs it as "Prepared by": their profile's signature image, when they have one.
  const [preparer] = await queryRows<{ signature_file_id: string | null }>(
    tx,
    sql`select u.signature_file_id from vendor_payments p join users u on u.client_id = p.client_id and u.id = p.created_by
        where p.client_id = ${clientId} and p.id = ${id}`,
  );
  const preparedSignature = await printableLogo({ tx, fileId: preparer?.signature_file_id ?? null });
  const t = (key: string, params: Record<string, string | number> = {}) => translate(key, lang, params);
  const words = documentTexts[lang];
  const kindName = (kind: string) => t(kind === 'opening' ? 'vendors.kind.opening' : kind === 'vendor-bill' ? 'vendors.kind.bill' : 'vendors.kind.other');
  const notes = [payment.memo, payment.cancelReason ? t('vendors.voucher.cancelled', { n: payment.cancelReason }) : null].filter(Boolean).join('\n');
  return {
    lang,
    company,
    logo,
    title: t('vendors.voucher.title'),
    number: payment.number,
    cancelled: payment.status === 'Cancelled',
    facts: [
      { label: t('vendors.voucher.date'), value: printedDate(payment.date, lang) },
      { label: t('vendors.voucher.account'), value: `${payment.account.code} ${payment.account.name}` },
      { label: t('vendors.voucher.method'), value: t(`vendors.method.${payment.method}`) },
      ...(payment.reference ? [{ label: t('vendors.voucher.reference'), value: payment.reference }] : []),
      { label: t('vendors.voucher.entry'), value: payment.entryNumber },
    ],
    party: {
      label: t('vendors.voucher.paidTo'),
      name: vendor.name,
      lines: [
        vendor.number,
        vendor.contactPerson,
        vendor.phone,
        vendor.address,
        vendor.taxNumber ? words.taxNumber.replace('{value}', vendor.taxNumber) : null,
      ],
    },
    columns: [
      { key: 'document', label: t('vendors.voucher.document'), width: 3 },
      { key: 'kind', label: t('vendors.voucher.kind'), width: 3 },
      { key: 'date', label: t('vendors.voucher.billDate'), width: 2 },
      { key: 'amount', label: t('vendors.voucher.amount'), width: 2, kind: 'money' },
    ],
    rows: payment.allocations.map((a) => ({ document: a.number, kind: kindName(a.kind), date: printedDate(a.date, lang), amount: a.amount })),
    totals: [
      { label: t('vendors.voucher.toBills'), value: payment.allocated },
      { label: t('vendors.voucher.credit'), value: payment.unallocated },
      { label: t('vendors.voucher.total'), value: payment.amount, bold: true },
    ],
    notes: notes || null,
    signatures: [words.preparedBy, words.approvedBy, words.receivedBy],
    signatureImages: [preparedSignature, null, null],
  };
}

export const renderVoucher = (input: PrintableDocument) => renderDocumentPdf(input);
