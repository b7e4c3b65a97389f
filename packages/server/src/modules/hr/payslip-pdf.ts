// Payslips as PDFs through the one document renderer (document-print): one employee's payslip (earnings and
// deductions, gross, net) in the caller's language, and a run's register (every employee of the run on one
// table running over pages, with the run's totals).
import { sql } from 'drizzle-orm';
import { type Lang, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { documentTexts, loadPrintCompany, type PrintableDocument, printableLogo, printedPeriod, renderDocumentPdf } from '../document-print/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { dec } from '../../ledger/index.ts';
import { getPayrollRun, runPayslips } from './payroll-run.ts';
import type { ReportTable } from '../finance-reports/index.ts';

async function frame(tx: Db, clientId: number) {
  const company = await loadPrintCompany({ tx, clientId });
  return { company, logo: await printableLogo({ tx, fileId: company.logoFileId }) };
}

export async function loadPayslip(opts: { tx: Db; clientId: number; lang: Lang; runId: number; employeeId: number }): Promise<PrintableDocument> {
  const { tx, clientId, lang, runId, employeeId } = opts;
  const t = (key: string) => translate(key, lang);
  const [run] = await queryRows<{ number: string; period: string; status: string }>(
    tx,
    sql`select number, period, status from hr_payroll_runs where id = ${runId}`,
  );
  if (!run) throw notFound();
  const [slip] = await runPayslips(tx, runId, employeeId);
  if (!slip) throw notFound();
  const [e] = await queryRows<{ job: string | null; phone: string | null }>(
    tx,
    sql`select j.name as job, e.phone from employees e left join hr_job_titles j on j.id = e.job_title_id where e.id = ${employeeId}`,
  );
  const earning = (key: string, value: string) => ({ item: t(key), earnings: value, deductions: null });
  const deduction = (key: string, value: string) => ({ item: t(key), earnings: null, deductions: value });
  const totalDeductions = dec(slip.tax).plus(slip.deductions).plus(slip.loanRecovery).plus(slip.advanceRecovery).toFixed(2);
  return {
    lang,
    ...(await frame(tx, clientId)),
    title: t('hr.slip.title'),
    number: `${run.number} / ${slip.employeeNumber}`,
    cancelled: run.status === 'Cancelled',
    facts: [
      { label: t('hr.slip.period'), value: printedPeriod(run.period, lang) },
      { label: t('hr.slip.days'), value: `${slip.daysPaid} / ${slip.daysInPeriod}` },
      { label: t('hr.slip.method'), value: t(`hr.method.${slip.paymentMethod}`) },
      { label: t('hr.slip.status'), value: t(`hr.run.${run.status}`) },
    ],
    party: { label: t('hr.slip.employee'), name: slip.employeeName, lines: [slip.employeeNumber, slip.department, e?.job, e?.phone] },
    columns: [
      { key: 'item', label: t('hr.slip.item'), width: 5 },
      { key: 'earnings', label: t('hr.slip.earnings'), width: 2, kind: 'money' },
      { key: 'deductions', label: t('hr.slip.deductions'), width: 2, kind: 'money' },
    ],
    rows: [
      earning('hr.slip.basic', slip.basic),
      earning('hr.slip.allowances', slip.allowances),
      earning('hr.slip.bonuses', slip.bonuses),
      deduction('hr.slip.tax', slip.tax),
      deduction('hr.slip.otherDeductions', slip.deductions),
      deduction('hr.slip.loan', slip.loanRecovery),
      deduction('hr.slip.advance', slip.advanceRecovery),
    ],
    totals: [
      { label: t('hr.slip.gross'), value: slip.gross },
      { label: t('hr.slip.totalDeductions'), value: totalDeductions },
      { label: t('hr.slip.net'), value: slip.net, bold: true },
    ],
    signatures: [documentTexts[lang].preparedBy, documentTexts[lang].receivedBy],
  };
}

export async function loadPayrollRegister(opts: { tx: Db; clientId: number; lang: Lang; runId: number }): Promise<PrintableDocument> {
  const { tx, clientId, lang, runId } = opts;
  const t = (key: string) => translate(key, lang);
  const run = await getPayrollRun({ tx, actor: { lang }, id: runId });
  return {
    lang,
    ...(await frame(tx, clientId)),
    title: t('hr.slip.register'),
    number: run.number,
    cancelled: run.status === 'Cancelled',
    facts: [
      { label: t('hr.slip.period'), value: printedPeriod(run.period, lang) },
      ...(run.department ? [{ label: t('hr.slip.department'), value: run.department }] : []),
      { label: t('hr.slip.status'), value: t(`hr.run.${run.status}`) },
    ],
    columns: [
      { key: 'number', label: t('hr.slip.number'), width: 2 },
      { key: 'name', label: t('hr.slip.name'), width: 4 },
      { key: 'basic', label: t('hr.slip.basic'), width: 2, kind: 'money' },
      { key: 'gross', label: t('hr.slip.gross'), width: 2, kind: 'money' },
      { key: 'tax', label: t('hr.slip.tax'), width: 2, kind: 'money' },
      { key: 'deductions', label: t('hr.slip.totalDeductions'), width: 2, kind: 'money' },
      { key: 'net', label: t('hr.slip.net'), width: 2, kind: 'money' },
    ],
    rows: run.rows.map((r) => ({
      number: r.employeeNumber,
      name: r.employeeName,
      basic: r.basic,
      gross: r.gross,
      tax: r.tax,
      deductions: dec(r.deductions).plus(r.loanRecovery).plus(r.advanceRecovery).toFixed(2),
      net: r.net,
    })),
    totals: [
      { label: t('hr.slip.gross'), value: run.totals.gross },
      { label: t('hr.slip.tax'), value: run.totals.tax },
      { label: t('hr.slip.net'), value: run.totals.net, bold: true },
    ],
    signatures: [documentTexts[lang].preparedBy, documentTexts[lang].approvedBy],
  };
}

export const renderPayslip = (input: PrintableDocument) => renderDocumentPdf(input);

/** The bank and mobile-money list of a run: who is paid how much, where. */
export async function payrollBankTable(opts: { tx: Db; clientId: number; lang: Lang; runId: number }): Promise<ReportTable> {
  const { tx, lang, runId } = opts;
  const t = (key: string) => translate(key, lang);
  const [run] = await queryRows<{ number: string; period: string }>(tx, sql`select number, period from hr_payroll_runs where id = ${runId}`);
  if (!run) throw notFound();
  const rows = await queryRows<{ number: string; name: string; method: string; bank: string | null; account: string | null; net: string }>(
    tx,
    sql`select e.number, concat_ws(' ', e.first_name, e.middle_name, e.last_name) as name, s.payment_method as method, b.name as bank,
          case s.payment_method when 'bank' then e.bank_account when 'mobile' then e.mobile_number end as account, s.net::text as net
        from hr_payslips s join employees e on e.id = s.employee_id left join hr_bank_types b on b.id = e.bank_type_id
        where s.run_id = ${runId} order by s.payment_method, e.number`,
  );
  return {
    title: `${t('hr.slip.register')} ${run.number}`,
    subtitle: [`${t('hr.slip.period')}: ${run.period}`],
    columns: [
      { key: 'number', header: t('hr.slip.number'), kind: 'text' },
      { key: 'name', header: t('hr.slip.name'), kind: 'text', width: 30 },
      { key: 'method', header: t('hr.slip.method'), kind: 'text' },
      { key: 'bank', header: t('hr.method.bank'), kind: 'text' },
      { key: 'account', header: t('hr.slip.account'), kind: 'text', width: 20 },
      { key: 'net', header: t('hr.slip.net'), kind: 'money' },
    ],
    rows: rows.map((r) => ({ cells: { ...r, method: t(`hr.method.${r.method}`), net: dec(r.net).toFixed(2) } })),
    fileName: `payroll-${run.number}-bank`,
  };
}
