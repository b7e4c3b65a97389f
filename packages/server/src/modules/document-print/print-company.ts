// The organisation as every printed document shows it (name, contact lines, currency, logo) and the
// logo's bytes when a PDF can embed them.
import { sql } from 'drizzle-orm';
import type { BillPrintCompany } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { readFile } from '../files/index.ts';

interface CompanyRow {
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  currency: string;
  contact_phone: string | null;
  short_code: string | null;
  billing_code: string | null;
  logo_file_id: string | null;
}

/** The organisation's header (and the billing payment instructions a bill adds). */
export async function loadPrintCompany(opts: { tx: Db; clientId: number }): Promise<BillPrintCompany> {
  const [c] = await queryRows<CompanyRow>(
    opts.tx,
    sql`
    select name, address, phone, email, website, currency, contact_phone, short_code, billing_code, logo_file_id::text as logo_file_id
    from clients where id = ${opts.clientId}`,
  );
  return {
    name: c?.name ?? '',
    address: c?.address ?? null,
    phone: c?.phone ?? null,
    email: c?.email ?? null,
    website: c?.website ?? null,
    currency: c?.currency ?? '',
    contactPhone: c?.contact_phone ?? null,
    shortCode: c?.short_code ?? null,
    billingCode: c?.billing_code ?? null,
    logoFileId: c?.logo_file_id ?? null,
  };
}

/** The logo's bytes when PDFs can embed them (PNG or JPEG); a WEBP logo is left off the PDF. */
export async function printableLogo(opts: { tx: Db; fileId: string | null }): Promise<Buffer | null> {
  if (!opts.fileId) return null;
  const file = await readFile({ tx: opts.tx, id: opts.fileId });
  if (!file || (file.mime !== 'image/png' && file.mime !== 'image/jpeg')) return null;
  return Buffer.from(file.content);
}

/**
 * The frame's columns (prefixed frame_), for a caller that reads them beside its own row in one statement:
 * add `printFrameColumns` to its select list and `printFrameJoin(clientId)` to its from clause, then map the
 * row with `printFrameOf`.
 */
export const printFrameColumns = sql`fc.name as frame_name, fc.address as frame_address, fc.phone as frame_phone, fc.email as frame_email,
  fc.website as frame_website, fc.currency as frame_currency, fc.contact_phone as frame_contact_phone, fc.short_code as frame_short_code,
  fc.billing_code as frame_billing_code, fc.logo_file_id::text as frame_logo_file_id, ff.content as frame_logo`;
export const printFrameJoin = (clientId: number) =>
  sql`join clients fc on fc.id = ${clientId} left join files ff on ff.id = fc.logo_file_id and ff.mime in ('image/png', 'image/jpeg')`;

export interface PrintFrameRow {
  frame_name: string;
  frame_address: string | null;
  frame_phone: string | null;
  frame_email: string | null;
  frame_website: string | null;
  frame_currency: string;
  frame_contact_phone: string | null;
  frame_short_code: string | null;
  frame_billing_code: string | null;
  frame_logo_file_id: string | null;
  frame_logo: Buffer | Uint8Array | null;
}

export function printFrameOf(c: PrintFrameRow | undefined): { company: BillPrintCompany; logo: Buffer | null } {
  return {
    company: {
      name: c?.frame_name ?? '',
      address: c?.frame_address ?? null,
      phone: c?.frame_phone ?? null,
      email: c?.frame_email ?? null,
      website: c?.frame_website ?? null,
      currency: c?.frame_currency ?? '',
      contactPhone: c?.frame_contact_phone ?? null,
      shortCode: c?.frame_short_code ?? null,
      billingCode: c?.frame_billing_code ?? null,
      logoFileId: c?.frame_logo_file_id ?? null,
    },
    logo: c?.frame_logo ? Buffer.from(c.frame_logo) : null,
  };
}

/**
 * The header and the printable logo in one statement (a run of payslips or a busy print screen pays one
 * round trip, not three): the logo's bytes only when PDFs can embed them (PNG or JPEG).
 */
export async function loadPrintFrame(opts: { tx: Db; clientId: number }): Promise<{ company: BillPrintCompany; logo: Buffer | null }> {
  const [row] = await queryRows<PrintFrameRow>(opts.tx, sql`select ${printFrameColumns} from (select 1) one ${printFrameJoin(opts.clientId)}`);
  return printFrameOf(row);
}
