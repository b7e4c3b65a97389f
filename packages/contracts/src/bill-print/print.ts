// Printing bills: the company header and payment instructions every printed bill carries (the web's
// print page and the server's PDFs show the same), and the query of a zone's batch PDF.
import { id, z } from '../common/validation.ts';
import { period } from '../billing/fields.ts';

/** GET /api/bills/print/company: what a bill shows of the organisation (privilege batch-bill). */
export const billPrintCompany = z.object({
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  currency: z.string(),
  /** The line customers call with questions about a bill. */
  contactPhone: z.string().nullable(),
  /** The mobile-money short code customers dial to pay, and the organisation's billing (merchant) code. */
  shortCode: z.string().nullable(),
  billingCode: z.string().nullable(),
  /** GET /api/files/<id> for the logo; null without one. */
  logoFileId: z.string().nullable(),
});
export type BillPrintCompany = z.infer<typeof billPrintCompany>;

/** GET /api/bills/print/batch.pdf?period&zoneId: every open bill of a zone for a period, one per page. */
export const batchBillPdfQuery = z.object({ period, zoneId: id });
export type BatchBillPdfQuery = z.input<typeof batchBillPdfQuery>;
