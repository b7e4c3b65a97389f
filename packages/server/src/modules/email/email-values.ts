// The values an e-mail's placeholders take: the organisation's name and currency, money and dates as a
// customer reads them.
import { sql } from 'drizzle-orm';
import { MONTH_NAMES, type EmailLanguage, type EmailValues, billMoney } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export async function companyEmailValues(tx: Db, clientId: number): Promise<Pick<EmailValues, 'company' | 'currency'>> {
  const [c] = await queryRows<{ name: string; currency: string | null }>(tx, sql`select name, currency from clients where id = ${clientId}`);
  return { company: c?.name ?? '', currency: c?.currency ?? '' };
}

/** '2025-04' as 'April 2025' / 'Abriil 2025'. */
export function periodText(period: string, language: EmailLanguage): string {
  const [year, month] = period.split('-').map(Number);
  return `${MONTH_NAMES[language][month - 1]} ${year}`;
}

/** '2025-04-15' as '15/04/2025'. */
export function dateText(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

export const moneyText = (amount: string) => billMoney(amount);
