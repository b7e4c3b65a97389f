// Payslips as PDFs through the one document renderer (document-print): one employee's payslip (earnings and
// deductions, gross, net) in the caller's language, every payslip of a run in one PDF (a page each, read in
// one statement), and a run's register (every employee of the run on one
// table running over pages, with the run's totals).
import { sql } from 'drizzle-orm';
import { type BillPrintCompany, type Lang, type PayslipRow, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import {
  documentTexts,
  loadPrintFrame,
  type PrintableDocument,
  type PrintFrameRow,
  printFrameColumns,
  printFrameJoin,
  printFrameOf,
  printedPeriod,
  renderDocumentPdf,
  renderDocumentsPdf,
} from '../document-print/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { dec } from '../../ledger/index.ts';
import { getPayrollRun } from './payroll-run.ts';
import type { ReportTable } from '../finance-reports/index.ts';

async function frame(tx: Db, clientId: number) {
  return loadPrintFrame({ tx, clientId });
}

interface SlipPrintRow extends PayslipRow {
  run_number: string;
  period: string;
  run_status: string;
  job: string | null;
  phone: string | null;
}

/**
 * The run and its payslips (or one employee's) with what a payslip prints of the employee, in ONE
 * statement: a run of a thousand payslips is one round trip, not a thousand.
 */
async function printableSlips(tx: Db, runId: number, employeeId?: number, frameOf?: number): Promise<Array<SlipPrintRow & Partial<PrintFrameRow>>> {
  const rows = await queryRows<SlipPrintRow & Partial<PrintFrameRow>>(
    tx,
    sql`select ${frameOf ? sql`${printFrameColumns},` : sql``} r.number as run_number, r.period, r.status as run_status, j.name as job, e.phone,
          s.employee_id as "employeeId", e.number as "employeeNumber", concat_ws(' ', e.first_name, e.middle_name, e.last_name) as "employeeName",
          d.name as department, s.payment_method as "paymentMethod", s.days_paid as "daysPaid", s.days_in_period as "daysInPeriod",
          s.basic::text as basic, s.allowances::text as allowances, s.bonuses::text as bonuses, s.gross::text as gross, s.taxable::text as taxable,
          s.tax::text as tax, s.deductions::text as deductions, s.loan_recovery::text as "loanRecovery", s.advance_recovery::text as "advanceRecovery",
          s.rounding::text as rounding, s.net::text as net
        from hr_payroll_runs r
          join hr_payslips s on s.run_id = r.id
          join employees e on e.id = s.employee_id
          join hr_departments d on d.id = s.department_id
          left join hr_job_titles j on j.id = e.job_title_id
          ${frameOf ? printFrameJoin(frameOf) : sql``}
        where r.id = ${runId} ${employeeId ? sql`and s.employee_id = ${employeeId}` : sql``}
        order by e.number, e.id`,
  );
  const money = ['basic', 'allowances', 'bonuses', 'gross', 'taxable', 'tax', 'deductions', 'loanRecovery', 'advanceRecovery', 'rounding', 'net'] as const;
  return rows.map((r) => {
    const out = { ...r, employeeId: Number(r.employeeId), daysPaid: Number(r.daysPaid), daysInPeriod: Number(r.daysInPeriod) };
    for (const k of money) out[k] = dec(r[k]).toFixed(2);
    return out;
  });
}

/** One payslip as a document: earnings and deductions, gross, net, in `lang`. */
function payslipDocument(slip: SlipPrintRow, lang: Lang, printFrame: { company: BillPrintCompany; logo: Buffer | null }): PrintableDocument {
  const t = (key: string) => translate(key, lang);
  const earning = (key: string, value: string) => ({ item: t(key), earnings: value, deductions: null });
  const deduction = (key: string, value: string) => ({ item: t(key), earnings: null, deductions: value });
  const totalDeductions = dec(slip.tax).plus(slip.deductions).plus(slip.loanRecovery).plus(slip.advanceRecovery).toFixed(2);
  return {
    lang,
    ...printFrame,
    title: t('hr.slip.title'),
    number: `${slip.run_number} / ${slip.employeeNumber}`,
    cancelled: slip.run_status === 'Cancelled',
    facts: [
      { label: t('hr.slip.period'), value: printedPeriod(slip.period, lang) },
      { label: t('hr.slip.days'), value: `${slip.daysPaid} / ${slip.daysInPeriod}` },
      { label: t('hr.slip.method'), value: t(`hr.method.${slip.paymentMethod}`) },
      { label: t('hr.slip.status'), value: t(`hr.run.${slip.run_status}`) },
    ],
    party: { label: t('hr.slip.employee'), name: slip.employeeName, lines: [slip.employeeNumber, slip.department, slip.job, slip.phone] },
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
      // Net pay rounded to the HR settings' unit: what that added (negative: took off), so the figures add up.
      ...(dec(slip.rounding).isZero() ? [] : [{ label: t('hr.slip.rounding'), value: slip.rounding }]),
      { label: t('hr.slip.net'), value: slip.net, bold: true },
    ],
    signatures: [documentTexts[lang].preparedBy, documentTexts[lang].receivedBy],
  };
}

export async function loadPayslip(opts: { tx: Db; clientId: number; lang: Lang; runId: number; employeeId: number }): Promise<PrintableDocument> {
  const { tx, clientId, lang, runId, employeeId } = opts;
  // One statement: the payslip, the employee and the organisation's header and logo.
  const [slip] = await printableSlips(tx, runId, employeeId, clientId);
  if (!slip) throw notFound();
  return payslipDocument(slip, lang, printFrameOf(slip as PrintFrameRow));
}

/** Every payslip of a run, one document each (the same as each alone), for one PDF or one e-mail each. */
export async function loadRunPayslips(opts: {
  tx: Db;
  clientId: number;
  lang: Lang;
  runId: number;
}): Promise<{ number: string; documents: PrintableDocument[]; employeeIds: number[] }> {
  const { tx, clientId, lang, runId } = opts;
  const [run] = await queryRows<{ number: string }>(tx, sql`select number from hr_payroll_runs where id = ${runId}`);
  if (!run) throw notFound();
  const slips = await printableSlips(tx, runId);
  const printFrame = await frame(tx, clientId);
  return { number: run.number, documents: slips.map((s) => payslipDocument(s, lang, printFrame)), employeeIds: slips.map((s) => s.employeeId) };
}

/** The payslips of a run in one PDF, a page each. */
export const renderRunPayslips = (run: { number: string; documents: PrintableDocument[] }, lang: Lang) =>
  renderDocumentsPdf(run.documents, `${translate('hr.slip.title', lang)} ${run.number}`);

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
