// The values a message's placeholders take: the organisation's name, payment short code and currency, and
// periods and dates written the way a customer reads them in each language.
import { eq } from 'drizzle-orm';
import { MONTH_NAMES, type SmsLanguage, type SmsValues } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { clients } from '../organisations/index.ts';

const MONTHS: Record<SmsLanguage, readonly string[]> = MONTH_NAMES;

/** '2025-04' as 'April 2025' / 'Abriil 2025'. */
export function periodText(period: string, language: SmsLanguage): string {
  const [year, month] = period.split('-').map(Number);
  return `${MONTHS[language][month - 1]} ${year}`;
}

/** '2025-04-15' as '15/04/2025', the order used in Somalia in both languages. */
export function dateText(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

export type CompanyValues = Pick<SmsValues, 'company' | 'shortCode' | 'currency'>;

export async function companyValues(tx: Db, clientId: number): Promise<CompanyValues> {
  const [c] = await tx.select({ name: clients.name, shortCode: clients.shortCode, currency: clients.currency }).from(clients).where(eq(clients.id, clientId));
  return { company: c?.name ?? '', shortCode: c?.shortCode ?? '', currency: c?.currency ?? '' };
}
