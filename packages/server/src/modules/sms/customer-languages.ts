// Customers' preferred SMS language (bill SMS use it unless the request names one). Kept by the SMS
// module so the customers' own record stays as it is; set, changed and removed from the SMS settings.
import { sql } from 'drizzle-orm';
import type { SmsCustomerLanguage, SmsLanguage, smsCustomerLanguageQuery, z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { writeAudit } from '../../plugins/audit.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../plugins/errors.ts';
import { customerMatches } from '../customers/index.ts';

interface Row {
  customer_id: number;
  customer_no: string;
  name: string;
  phone: string;
  language: SmsLanguage;
}

const toView = (r: Row): SmsCustomerLanguage => ({ customerId: r.customer_id, customerNo: r.customer_no, name: r.name, phone: r.phone, language: r.language });

export async function listCustomerLanguages(opts: { tx: Db; clientId: number; query: z.infer<typeof smsCustomerLanguageQuery> }) {
  const { tx, clientId, query } = opts;
  const matches = query.q ? customerMatches(sql`c.id`, clientId, query.q) : null;
  const where = sql`l.client_id = ${clientId} ${matches ? sql`and ${matches}` : sql``}`;
  const from = sql`from sms_customer_languages l join customers c on c.client_id = l.client_id and c.id = l.customer_id`;
  const [count] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n ${from} where ${where}`);
  const rows = await queryRows<Row>(
    tx,
    sql`
    select l.customer_id, c.customer_no, c.name, c.phone, l.language ${from} where ${where}
    order by lower(c.name), c.id limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  return { data: rows.map(toView), total: count.n, page: query._page, limit: query._limit };
}

async function readOne(tx: Db, clientId: number, customerId: number): Promise<Row | undefined> {
  const [row] = await queryRows<Row>(
    tx,
    sql`
    select c.id as customer_id, c.customer_no, c.name, c.phone, l.language
    from customers c left join sms_customer_languages l on l.client_id = c.client_id and l.customer_id = c.id
    where c.client_id = ${clientId} and c.id = ${customerId}`,
  );
  return row;
}

export async function setCustomerLanguage(opts: { tx: Db; actor: Actor; customerId: number; language: SmsLanguage }): Promise<SmsCustomerLanguage> {
  const { tx, actor, customerId, language } = opts;
  const { clientId } = actor;
  const before = await readOne(tx, clientId, customerId);
  if (!before) throw notFound();
  await tx.execute(sql`
    insert into sms_customer_languages (client_id, customer_id, language) values (${clientId}, ${customerId}, ${language})
    on conflict (client_id, customer_id) do update set language = excluded.language, updated_at = now()`);
  if (before.language !== language) {
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'sms-customer-language',
      entityId: customerId,
      before: { language: before.language },
      after: { language },
    });
  }
  return toView({ ...before, language });
}

export async function removeCustomerLanguage(opts: { tx: Db; actor: Actor; customerId: number }): Promise<void> {
  const { tx, actor, customerId } = opts;
  const { clientId } = actor;
  const before = await readOne(tx, clientId, customerId);
  if (!before?.language) throw notFound();
  await tx.execute(sql`delete from sms_customer_languages where client_id = ${clientId} and customer_id = ${customerId}`);
  await writeAudit(tx, actor, { action: 'delete', entity: 'sms-customer-language', entityId: customerId, before: { language: before.language } });
}
