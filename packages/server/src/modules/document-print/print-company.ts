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
 * The header and the printable logo in one statement (a run of payslips or a busy print screen pays one
 * round trip, not three): the logo's bytes only when PDFs can embed them (PNG or JPEG).
 */
export async function loadPrintFrame(opts: { tx: Db; clientId: number }): Promise<{ company: BillPrintCompany; logo: Buffer | null }> {
  const [c] = await queryRows<CompanyRow & { logo: Buffer | Uint8Array | null }>(
    opts.tx,
    sql`
    select c.name, c.address, c.phone, c.email, c.website, c.currency, c.contact_phone, c.short_code, c.billing_code,
      c.logo_file_id::text as logo_file_id, f.content as logo
    from clients c left join files f on f.id = c.logo_file_id and f.mime in ('image/png', 'image/jpeg')
    where c.id = ${opts.clientId}`,
  );
  return {
    company: {
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
    },
    logo: c?.logo ? Buffer.from(c.logo) : null,
  };
}
