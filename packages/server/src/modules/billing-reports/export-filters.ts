// The filter lines under an exported report's title ("Zone: Hodan North", "Method: Cash", ...), in the
// caller's language, with the names of the zone, account and customer read in the caller's tenant.
import { sql } from 'drizzle-orm';
import { translate } from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import { methodName, statusName } from './labels.ts';
import type { ReportScope } from './report-scope.ts';

export interface FilterValues {
  zoneId?: number;
  status?: string;
  period?: string;
  minAmount?: string;
  customerId?: number;
  accountId?: number;
  method?: string;
}

export async function describeFilters(scope: ReportScope, f: FilterValues): Promise<string[]> {
  const { tx, clientId, lang } = scope;
  const line = (key: string, value: string) => translate(key, lang, { n: value });
  const out: string[] = [];
  if (f.zoneId) {
    const [z] = await queryRows<{ name: string }>(tx, sql`select name from zones where client_id = ${clientId} and id = ${f.zoneId}`);
    out.push(line('billingReports.zone', z?.name ?? String(f.zoneId)));
  }
  if (f.customerId) {
    const [c] = await queryRows<{ label: string }>(
      tx,
      sql`select customer_no || ' ' || name as label from customers where client_id = ${clientId} and id = ${f.customerId}`,
    );
    out.push(line('billingReports.customer', c?.label ?? String(f.customerId)));
  }
  if (f.accountId) {
    const [a] = await queryRows<{ code: string; name_en: string; name_so: string }>(
      tx,
      sql`
      select code, name_en, name_so from accounts where client_id = ${clientId} and id = ${f.accountId}`,
    );
    out.push(line('billingReports.accountFilter', a ? `${a.code} ${lang === 'so' ? a.name_so : a.name_en}` : String(f.accountId)));
  }
  if (f.method) out.push(line('billingReports.methodFilter', methodName(f.method, lang)));
  if (f.status) out.push(line('billingReports.status', statusName(f.status, lang)));
  if (f.period) out.push(line('billingReports.billingPeriod', f.period));
  if (f.minAmount) out.push(line('billingReports.minAmount', f.minAmount));
  return out;
}
