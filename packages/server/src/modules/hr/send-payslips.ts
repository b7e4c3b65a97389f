// Sends an approved or paid run's payslips to the employees: by e-mail (each employee's payslip PDF, drawn
// now in the chosen language, attached; through the e-mail outbox) or by SMS (the net pay in one line, through
// the SMS outbox, kind 'payslip'). Everything is queued in the caller's transaction and recorded as one
// delivery per run, employee and channel (hr_payslip_deliveries, unique), with the run row locked: sending
// again reaches only those not reached yet, and the route kicks the dispatcher after the commit, so a
// rolled-back request sends nothing and the outbox sends each message once. Employees without an address
// for the channel are skipped and counted.
import { sql } from 'drizzle-orm';
import { isEmailAddress, type Lang, normaliseSomaliPhone, type PayslipChannel, type SendPayslipsResult, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { groupedAmount, pdfBuffer, printedPeriod, renderDocumentPdf } from '../document-print/index.ts';
import { assertEmailConfigured, type QueuedEmail, queueEmails } from '../email/index.ts';
import { type OutgoingSms, queueMessages } from '../sms/index.ts';
import { hrPayslipDeliveries } from './hr.tables.ts';
import { loadRunPayslips } from './payslip-pdf.ts';

type Skipped = SendPayslipsResult['skipped'][number];

interface Recipient {
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  email: string | null;
  phone: string | null;
  net: string;
  sent: boolean;
}

export async function sendPayslips(opts: { tx: Db; actor: Actor; runId: number; channel: PayslipChannel; language?: Lang }): Promise<SendPayslipsResult> {
  const { tx, actor, runId, channel } = opts;
  const lang = opts.language ?? actor.lang;
  const [run] = await queryRows<{ number: string; period: string; status: string; company: string; currency: string }>(
    tx,
    sql`select r.number, r.period, r.status, c.name as company, c.currency from hr_payroll_runs r join clients c on c.id = r.client_id
        where r.client_id = ${actor.clientId} and r.id = ${runId} for update of r`,
  );
  if (!run) throw notFound();
  if (run.status !== 'Approved' && run.status !== 'Paid') {
    throw new AppError(409, 'PAYROLL_STATUS', `hr.payslipsNotSendable|${translate(`hr.run.${run.status}`, actor.lang)}`);
  }
  if (channel === 'email') await assertEmailConfigured(tx, actor.clientId);

  const people = await queryRows<Recipient>(
    tx,
    sql`select s.employee_id as "employeeId", e.number as "employeeNumber", concat_ws(' ', e.first_name, e.middle_name, e.last_name) as "employeeName",
          e.email, e.phone, s.net::text as net,
          exists (select 1 from hr_payslip_deliveries d where d.run_id = s.run_id and d.employee_id = s.employee_id and d.channel = ${channel}) as sent
        from hr_payslips s join employees e on e.id = s.employee_id
        where s.run_id = ${runId} order by e.number, e.id`,
  );
  const skipped: Skipped[] = [];
  const reach: Array<Recipient & { to: string }> = [];
  for (const p of people) {
    const skip = (reason: Skipped['reason']) =>
      skipped.push({ employeeId: Number(p.employeeId), employeeNumber: p.employeeNumber, employeeName: p.employeeName, reason });
    if (p.sent) skip('already_sent');
    else if (channel === 'email') {
      const to = p.email?.trim() ?? '';
      if (!to) skip('no_email');
      else if (!isEmailAddress(to)) skip('invalid_email');
      else reach.push({ ...p, employeeId: Number(p.employeeId), to });
    } else {
      const to = normaliseSomaliPhone(p.phone);
      if (!p.phone?.trim()) skip('no_phone');
      else if (!to) skip('invalid_phone');
      else reach.push({ ...p, employeeId: Number(p.employeeId), to });
    }
  }
  if (reach.length === 0) return { channel, sent: 0, skipped };

  const values = (p: Recipient) => ({
    name: p.employeeName,
    company: run.company,
    period: printedPeriod(run.period, lang),
    run: run.number,
    currency: run.currency,
    net: groupedAmount(p.net),
  });
  let messageIds: number[];
  if (channel === 'email') {
    const slips = await loadRunPayslips({ tx, clientId: actor.clientId, lang, runId });
    const documentOf = new Map(slips.documents.map((d, i) => [slips.employeeIds[i], d]));
    const emails: QueuedEmail[] = [];
    for (const p of reach) {
      const document = documentOf.get(p.employeeId);
      if (!document) continue;
      emails.push({
        to: p.to,
        language: lang,
        documentId: runId,
        subject: translate('hr.payslipEmail.subject', lang, values(p)),
        body: translate('hr.payslipEmail.body', lang, values(p)),
        attachments: [
          {
            filename: `payslip-${`${run.number}-${p.employeeNumber}`.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`,
            contentType: 'application/pdf',
            content: await pdfBuffer(renderDocumentPdf(document)),
          },
        ],
      });
    }
    messageIds = await queueEmails({ tx, actor, kind: 'payslip', target: { type: 'payroll-run', runId }, emails });
  } else {
    const messages: OutgoingSms[] = reach.map((p) => ({
      customerId: null,
      billId: null,
      runId: null,
      phone: p.to,
      body: translate('hr.payslipSms', lang, values(p)),
      language: lang,
    }));
    messageIds = (await queueMessages({ tx, actor, kind: 'payslip', target: { type: 'payroll-run', runId }, messages }))?.messageIds ?? [];
  }
  await tx.insert(hrPayslipDeliveries).values(
    reach.map((p, i) => ({
      clientId: actor.clientId,
      runId,
      employeeId: p.employeeId,
      channel,
      messageId: messageIds[i],
      recipient: p.to,
      createdBy: actor.userId,
    })),
  );
  return { channel, sent: reach.length, skipped };
}
