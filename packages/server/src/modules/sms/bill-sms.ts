// POST /api/sms/bill-sms (and /preview): one message per open bill of a run, or of a period (and zone),
// in the request's language if given, else the customer's preferred language, else the organisation's
// default; the bill template of that language filled from the bill (period, consumption, amount, due
// date), the customer's ledger balance and the company's short code. A bill that already has a message is
// skipped unless resend is asked; a phone that cannot receive SMS is skipped. The preview computes the
// same and writes nothing.
import type { Actor } from '../../lib/actor.ts';
import { sql } from 'drizzle-orm';
import {
  type BillSmsOptions,
  type BillSmsPreview,
  type SmsLanguage,
  type SmsQueued,
  type SmsSkipped,
  type billSmsBody,
  type z,
  billMoney,
  normaliseSomaliPhone,
  plainDecimal,
  renderSmsTemplate,
  smsSegments,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { fieldError } from '../../plugins/errors.ts';
import { customerBalances } from './customer-balances.ts';
import { type OutgoingSms, queueMessages } from './queue-messages.ts';
import { getSmsSettings } from './sms-settings.ts';
import { companyValues, dateText, periodText } from './sms-values.ts';
import { templateBodies } from './templates.ts';

type BillSmsInput = z.infer<typeof billSmsBody>;

interface BillRow {
  bill_id: string | number;
  run_id: string | number;
  customer_id: number;
  customer_no: string;
  customer_name: string;
  phone: string;
  period: string;
  consumption: string;
  amount: string;
  due_date: string;
  preferred_language: SmsLanguage | null;
  is_messaged: boolean;
}

interface Planned {
  messages: Array<OutgoingSms & { customerName: string }>;
  skipped: SmsSkipped[];
  bills: number;
}

async function planBillSms(tx: Db, clientId: number, input: BillSmsInput): Promise<Planned> {
  if (input.runId) {
    const [run] = await queryRows<{ id: number }>(tx, sql`select id from bill_runs where client_id = ${clientId} and id = ${input.runId}`);
    if (!run) throw fieldError('runId', 'v.notFound');
  }
  const byRun = input.runId ? sql`b.run_id = ${input.runId}` : sql`b.period = ${input.period ?? ''}`;
  const zone = input.zoneId ?? null;
  const bills = await queryRows<BillRow>(
    tx,
    sql`
    select b.id as bill_id, b.run_id, b.customer_id, c.customer_no, c.name as customer_name, c.phone, b.period,
           b.consumption::text as consumption, b.amount::text as amount, b.due_date::text as due_date,
           l.language as preferred_language,
           exists (select 1 from sms_messages m where m.client_id = b.client_id and m.bill_id = b.id and m.kind = 'bill') as is_messaged
    from bills b
    join customers c on c.client_id = b.client_id and c.id = b.customer_id
    left join sms_customer_languages l on l.client_id = b.client_id and l.customer_id = b.customer_id
    where b.client_id = ${clientId} and b.status = 'Open' and ${byRun}
      and (${zone}::int is null or b.zone_id = ${zone}::int)
    order by b.zone_id, b.id`,
  );

  const settings = await getSmsSettings({ tx, clientId });
  const templates = await templateBodies(tx, clientId, 'bill');
  const company = await companyValues(tx, clientId);
  const balances = await customerBalances(
    tx,
    clientId,
    bills.map((b) => b.customer_id),
  );
  const messages: Planned['messages'] = [];
  const skipped: SmsSkipped[] = [];
  for (const b of bills) {
    const phone = normaliseSomaliPhone(b.phone);
    const billId = Number(b.bill_id);
    const skip = (reason: SmsSkipped['reason']) =>
      skipped.push({ customerId: b.customer_id, customerName: b.customer_name, billId, phone: phone ?? b.phone, reason });
    if (b.is_messaged && !input.resend) {
      skip('already_sent');
      continue;
    }
    if (!phone) {
      skip('invalid_phone');
      continue;
    }
    const language = input.language ?? b.preferred_language ?? settings.defaultLanguage;
    messages.push({
      customerId: b.customer_id,
      customerName: b.customer_name,
      billId,
      runId: Number(b.run_id),
      phone,
      language,
      body: renderSmsTemplate(templates[language], {
        ...company,
        name: b.customer_name,
        customerNo: b.customer_no,
        period: periodText(b.period, language),
        consumption: plainDecimal(b.consumption),
        amount: billMoney(b.amount),
        balance: balances.get(b.customer_id) ?? '0.00',
        dueDate: dateText(b.due_date),
      }),
    });
  }
  return { messages, skipped, bills: bills.length };
}

const PREVIEW_SIZE = 5;

export async function previewBillSms(opts: { tx: Db; clientId: number; input: BillSmsInput }): Promise<BillSmsPreview> {
  const plan = await planBillSms(opts.tx, opts.clientId, opts.input);
  return {
    count: plan.messages.length,
    bills: plan.bills,
    skipped: plan.skipped,
    messages: plan.messages.slice(0, PREVIEW_SIZE).map((m) => ({
      billId: m.billId,
      customerId: m.customerId,
      customerName: m.customerName,
      phone: m.phone,
      language: m.language,
      body: m.body,
      parts: smsSegments(m.body).parts,
    })),
  };
}

export async function sendBillSms(opts: { tx: Db; actor: Actor; input: BillSmsInput }): Promise<SmsQueued> {
  const { tx, actor, input } = opts;
  const { clientId } = actor;
  // Two bill SMS requests for the same bills must not both find them "not messaged yet".
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sms-bill'), ${clientId})`);
  const plan = await planBillSms(tx, clientId, input);
  const target = {
    runId: input.runId ?? null,
    period: input.period ?? null,
    zoneId: input.zoneId ?? null,
    language: input.language ?? null,
    resend: input.resend,
  };
  const queued = await queueMessages({ tx, actor, kind: 'bill', target, messages: plan.messages.map(({ customerName: _n, ...m }) => m) });
  return { batchId: queued?.batchId ?? null, queued: plan.messages.length, skipped: plan.skipped };
}

/** Recent bill runs (with how many of their bills have a message) and zones, for the bill SMS screen. */
export async function billSmsOptions(opts: { tx: Db; clientId: number }): Promise<BillSmsOptions> {
  const { tx, clientId } = opts;
  const runs = await queryRows<{
    id: string | number;
    period: string;
    zone_name: string | null;
    bill_count: number;
    messaged: number;
    created_at: Date | string;
  }>(
    tx,
    sql`
      select r.id, r.period, z.name as zone_name, r.bill_count,
             (select count(distinct m.bill_id) from sms_messages m where m.client_id = r.client_id and m.run_id = r.id and m.kind = 'bill')::int as messaged,
             r.created_at
      from bill_runs r
      left join zones z on z.client_id = r.client_id and z.id = r.zone_id
      where r.client_id = ${clientId} and r.status = 'Posted' and r.bill_count > 0
      order by r.id desc
      limit 100`,
  );
  const zones = await queryRows<{ id: number; name: string }>(
    tx,
    sql`
    select id, name from zones where client_id = ${clientId} and status = 'Active' order by lower(name), id`,
  );
  const settings = await getSmsSettings({ tx, clientId });
  return {
    runs: runs.map((r) => ({
      id: Number(r.id),
      period: r.period,
      zoneName: r.zone_name,
      billCount: r.bill_count,
      messaged: r.messaged,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    zones,
    defaultLanguage: settings.defaultLanguage,
  };
}
