// /api/hr: the reference lists (each its own privilege), employees (employee; pay changes salaries), the
// salaries screen (salaries), leave (leaves decides; employee or leaves records and reads), the HRM settings
// and tax rules (hrm-setting). Paths and schemas are the contracts' HR endpoint groups.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  adjustmentsEndpoints as adj,
  employeesEndpoints as emp,
  hasPrivilege,
  hrSettingsEndpoints as hs,
  leavesEndpoints as lv,
  loansEndpoints as ln,
  payrollEndpoints as pr,
  hrReportsEndpoints as rp,
  translate,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { readIdempotencyKey, withIdempotency } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { referenceListRoutes } from '../../lib/reference-list.ts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { forbidden } from '../../plugins/errors.ts';
import {
  addAllowance,
  changeSalary,
  createEmployee,
  endAllowance,
  getEmployee,
  hrChoices,
  listEmployees,
  listSalaries,
  setEmployeeStatus,
  updateEmployee,
} from './employees.ts';
import { hrLists } from './hr-lists.ts';
import { createTaxRule, getHrSettings, listTaxRules, removeTaxRule, updateHrSettings, updateTaxRule } from './hr-settings.ts';
import { adjustmentKind, cancelAdjustment, createAdjustment, createAdjustmentBatch, listAdjustments } from './adjustments.ts';
import { getLoan, giveLoan, listLoans, payrollChoices, repayLoan } from './loans.ts';
import { getPayrollJob, payrollJob, queuePayrollJob } from './payroll-jobs.ts';
import { approvePayroll, cancelPayroll, checkScope, getPayrollRun, listPayrollRuns, payPayroll, previewPayroll } from './payroll-run.ts';
import { loadPayrollRegister, loadPayslip, loadRunPayslips, payrollBankTable, renderPayslip, renderRunPayslips } from './payslip-pdf.ts';
import { sendPdf } from '../document-print/index.ts';
import { EMAIL_DISPATCH } from '../email/index.ts';
import { SMS_DISPATCH } from '../sms/index.ts';
import { sendPayslips } from './send-payslips.ts';
import { readEmployeePhoto, removeEmployeePhoto, setEmployeePhoto } from './employee-photo.ts';
import { readImageUpload } from '../files/index.ts';
import { type ReportTable, sendReport } from '../finance-reports/index.ts';
import {
  employeeLoanReport,
  employeeLoanTable,
  headcountReport,
  headcountTable,
  leaveBalanceReport,
  leaveBalanceTable,
  loanReport,
  loanReportTable,
  payrollReport,
  payrollReportTable,
  personalReport,
  personalTable,
} from './hr-reports.ts';
import { decideLeave, leaveBalances, listLeaveRequests, requestLeave } from './leave.ts';

const tags = ['hr'];
const employee = { access: { privilege: 'employee' }, tags } as const;
const salaries = { access: { privilege: 'salaries' }, tags } as const;
const leaves = { access: { privilege: 'leaves' }, tags } as const;
const settings = { access: { privilege: 'hrm-setting' }, tags } as const;
/** Recording and reading leave: the HR officer (employee) or whoever manages leave (leaves). */
const employeeOrLeaves = { access: 'authenticated', tags } as const;
const payroll = { access: { privilege: 'payroll' }, tags } as const;
const approve = { access: { privilege: 'approve-payroll' }, tags } as const;
const pay = { access: { privilege: 'pay-payroll' }, tags } as const;
/** Reading runs: whoever generates, approves or pays them. */
const runReaders = { access: 'authenticated', tags } as const;
const runReaderPrivileges = ['payroll', 'approve-payroll', 'pay-payroll'];
const loan = { access: { privilege: 'loan' }, tags } as const;
const advance = { access: { privilege: 'advance' }, tags } as const;
/** The payroll screens' choices: whoever gives loans or advances, adjusts, runs or pays the payroll. */
const payrollPeople = { access: 'authenticated', tags } as const;
const payrollPrivileges = ['loan', 'advance', 'payroll-adjustment', 'bonus', 'deduction', 'payroll', 'pay-payroll'];
/** Adjustments: the screen (payroll-adjustment) or either kind; a bonus needs bonus, a deduction deduction (checked per request). */
const adjusting = { access: 'authenticated', tags } as const;
const adjustingPrivileges = ['payroll-adjustment', 'bonus', 'deduction'];
/** Any one of the keys (route access with a list asks for all of them). */
function assertAny(req: FastifyRequest, keys: string[]) {
  const auth = caller(req);
  if (!keys.some((k) => hasPrivilege(auth, k))) throw forbidden();
}
function assertKind(req: FastifyRequest, kind: 'bonus' | 'deduction') {
  if (!hasPrivilege(caller(req), kind)) throw forbidden();
}
function assertEmployeeOrLeaves(req: FastifyRequest) {
  const auth = caller(req);
  if (!hasPrivilege(auth, 'employee') && !hasPrivilege(auth, 'leaves')) throw forbidden();
}

/** Runs a payroll step once per Idempotency-Key; a retry gets the stored answer with Idempotent-Replayed. */
async function once<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  operation: string,
  body: unknown,
  statusCode: number,
  work: (tx: Db, actor: Actor) => Promise<T>,
): Promise<T> {
  const key = readIdempotencyKey(req.headers);
  const result = await tenantTx(req, (tx, actor) =>
    withIdempotency(tx, { clientId: actor.clientId, key, operation, body }, async () => ({ statusCode, body: await work(tx, actor) })),
  );
  if (result.isReplay) reply.header('idempotent-replayed', 'true');
  reply.code(result.statusCode);
  return result.body;
}

export async function hrRoutes(app: FastifyInstance) {
  for (const list of hrLists) referenceListRoutes(app, list as Parameters<typeof referenceListRoutes>[1]);

  serve(app, emp.list, employee, async (req) => tenantTx(req, (tx) => listEmployees({ tx, query: req.query })));
  serve(app, emp.choices, employeeOrLeaves, async (req) => {
    assertEmployeeOrLeaves(req);
    return tenantTx(req, (tx, a) => hrChoices({ tx, clientId: a.clientId }));
  });
  serve(app, emp.create, employee, async (req) => tenantTx(req, (tx, actor) => createEmployee({ tx, actor, input: req.body })));
  serve(app, emp.get, employee, async (req) => tenantTx(req, (tx) => getEmployee({ tx, id: req.params.id })));
  serve(app, emp.update, employee, async (req) => tenantTx(req, (tx, actor) => updateEmployee({ tx, actor, id: req.params.id, input: req.body })));
  serve(app, emp.uploadPhoto, employee, async (req) => {
    // Read and check the whole upload before the transaction opens.
    const upload = await readImageUpload(req);
    return tenantTx(req, (tx, actor) => setEmployeePhoto({ tx, actor, id: req.params.id, upload }));
  });
  serve(app, emp.removePhoto, employee, async (req) => tenantTx(req, (tx, actor) => removeEmployeePhoto({ tx, actor, id: req.params.id })));
  serve(app, emp.photo, employee, async (req, reply) => {
    const file = await tenantTx(req, (tx, actor) => readEmployeePhoto({ tx, clientId: actor.clientId, id: req.params.id }));
    return reply
      .header('content-type', file.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-cache')
      .send(file.content);
  });
  serve(app, emp.setStatus, employee, async (req) => tenantTx(req, (tx, actor) => setEmployeeStatus({ tx, actor, id: req.params.id, input: req.body })));
  serve(app, emp.changeSalary, salaries, async (req) => tenantTx(req, (tx, actor) => changeSalary({ tx, actor, id: req.params.id, input: req.body })));
  serve(app, emp.addAllowance, salaries, async (req) => tenantTx(req, (tx, actor) => addAllowance({ tx, actor, id: req.params.id, input: req.body })));
  serve(app, emp.endAllowance, salaries, async (req) =>
    tenantTx(req, (tx, actor) => endAllowance({ tx, actor, id: req.params.id, allowanceId: req.params.allowanceId, effectiveTo: req.body.effectiveTo })),
  );
  serve(app, emp.leaveBalances, employeeOrLeaves, async (req) => {
    assertEmployeeOrLeaves(req);
    return tenantTx(req, async (tx) => {
      await getEmployee({ tx, id: req.params.id });
      const year = req.query.year ?? new Date().getUTCFullYear();
      return { employeeId: req.params.id, year, rows: await leaveBalances({ tx, employeeId: req.params.id, year }) };
    });
  });
  serve(app, emp.salaries, salaries, async (req) => tenantTx(req, (tx) => listSalaries({ tx, query: req.query })));

  serve(app, lv.list, employeeOrLeaves, async (req) => {
    assertEmployeeOrLeaves(req);
    return tenantTx(req, (tx) => listLeaveRequests({ tx, query: req.query }));
  });
  serve(app, lv.create, employeeOrLeaves, async (req) => {
    assertEmployeeOrLeaves(req);
    return tenantTx(req, (tx, actor) => requestLeave({ tx, actor, input: req.body }));
  });
  serve(app, lv.decide, leaves, async (req) => tenantTx(req, (tx, actor) => decideLeave({ tx, actor, id: req.params.id, input: req.body })));

  serve(app, hs.get, settings, async (req) => tenantTx(req, (tx, actor) => getHrSettings({ tx, actor })));
  serve(app, hs.update, settings, async (req) => tenantTx(req, (tx, actor) => updateHrSettings({ tx, actor, input: req.body })));
  serve(app, hs.taxRules, settings, async (req) => tenantTx(req, (tx) => listTaxRules({ tx })));
  serve(app, hs.createTaxRule, settings, async (req) => tenantTx(req, (tx, actor) => createTaxRule({ tx, actor, input: req.body })));
  serve(app, hs.updateTaxRule, settings, async (req) => tenantTx(req, (tx, actor) => updateTaxRule({ tx, actor, id: req.params.id, input: req.body })));
  serve(app, hs.removeTaxRule, settings, async (req) => {
    await tenantTx(req, (tx, actor) => removeTaxRule({ tx, actor, id: req.params.id }));
    return { ok: true as const, message: translate('common.deleted', req.lang) };
  });

  serve(app, ln.choices, payrollPeople, async (req) => {
    assertAny(req, payrollPrivileges);
    return tenantTx(req, (tx, actor) => payrollChoices({ tx, actor }));
  });
  serve(app, ln.list, loan, async (req) => tenantTx(req, (tx) => listLoans({ tx, kind: 'loan', query: req.query })));
  serve(app, ln.create, loan, async (req) => tenantTx(req, (tx, actor) => giveLoan({ tx, actor, kind: 'loan', input: req.body })));
  serve(app, ln.get, loan, async (req) => tenantTx(req, (tx, actor) => getLoan({ tx, actor, kind: 'loan', id: req.params.id })));
  serve(app, ln.repay, loan, async (req) => tenantTx(req, (tx, actor) => repayLoan({ tx, actor, kind: 'loan', id: req.params.id, input: req.body })));
  serve(app, ln.advances, advance, async (req) => tenantTx(req, (tx) => listLoans({ tx, kind: 'advance', query: req.query })));
  serve(app, ln.createAdvance, advance, async (req) => tenantTx(req, (tx, actor) => giveLoan({ tx, actor, kind: 'advance', input: req.body })));
  serve(app, ln.getAdvance, advance, async (req) => tenantTx(req, (tx, actor) => getLoan({ tx, actor, kind: 'advance', id: req.params.id })));

  serve(app, adj.list, adjusting, async (req) => {
    assertAny(req, adjustingPrivileges);
    return tenantTx(req, (tx) => listAdjustments({ tx, query: req.query }));
  });
  serve(app, adj.create, adjusting, async (req) => {
    assertKind(req, req.body.kind);
    return tenantTx(req, (tx, actor) => createAdjustment({ tx, actor, input: req.body }));
  });
  serve(app, adj.batch, adjusting, async (req) => {
    assertKind(req, req.body.kind);
    return tenantTx(req, (tx, actor) => createAdjustmentBatch({ tx, actor, input: req.body }));
  });
  serve(app, adj.cancel, adjusting, async (req) => {
    assertAny(req, adjustingPrivileges);
    return tenantTx(req, async (tx, actor) => {
      const kind = await adjustmentKind(tx, req.params.id);
      if (kind) assertKind(req, kind);
      return cancelAdjustment({ tx, actor, id: req.params.id });
    });
  });

  app.jobs.define(payrollJob);
  serve(app, pr.preview, payroll, async (req) =>
    tenantTx(req, (tx, actor) => previewPayroll({ tx, actor, period: req.query.period, departmentId: req.query.departmentId })),
  );
  // Generating, approving, paying and cancelling honour an Idempotency-Key: a retry gets the first answer
  // (the same job, the same run) and nothing is queued or posted twice.
  serve(app, pr.generate, payroll, async (req, reply) => {
    let queued = false;
    const accepted = await once(req, reply, 'POST /api/hr/payroll/runs', req.body, 202, async (tx, actor) => {
      await checkScope(tx, req.body.departmentId);
      queued = true;
      return queuePayrollJob({ tx, actor, input: { period: req.body.period, departmentId: req.body.departmentId } });
    });
    if (queued) app.jobs.kick();
    return accepted;
  });
  serve(app, pr.job, payroll, async (req) => tenantTx(req, (tx, actor) => getPayrollJob({ tx, db: app.db, actor, id: req.params.id })));
  serve(app, pr.list, runReaders, async (req) => {
    assertAny(req, runReaderPrivileges);
    return tenantTx(req, (tx, actor) => listPayrollRuns({ tx, actor, query: req.query }));
  });
  serve(app, pr.get, runReaders, async (req) => {
    assertAny(req, runReaderPrivileges);
    return tenantTx(req, (tx, actor) => getPayrollRun({ tx, actor, id: req.params.id }));
  });
  serve(app, pr.approve, approve, async (req, reply) =>
    once(req, reply, `POST /api/hr/payroll/runs/${req.params.id}/approve`, {}, 200, (tx, actor) => approvePayroll({ tx, actor, id: req.params.id })),
  );
  serve(app, pr.pay, pay, async (req, reply) =>
    once(req, reply, `POST /api/hr/payroll/runs/${req.params.id}/pay`, req.body, 200, (tx, actor) =>
      payPayroll({ tx, actor, id: req.params.id, input: req.body }),
    ),
  );
  serve(app, pr.cancel, payroll, async (req, reply) =>
    once(req, reply, `POST /api/hr/payroll/runs/${req.params.id}/cancel`, req.body, 200, (tx, actor) =>
      cancelPayroll({ tx, actor, id: req.params.id, input: req.body }),
    ),
  );
  serve(app, pr.payslipPdf, runReaders, async (req, reply) => {
    assertAny(req, runReaderPrivileges);
    const slip = await tenantTx(req, (tx, a) =>
      loadPayslip({ tx, clientId: a.clientId, lang: a.lang, runId: req.params.id, employeeId: req.params.employeeId }),
    );
    return sendPdf(reply, renderPayslip(slip), `payslip-${slip.number.replace(/[^A-Za-z0-9-]/g, '-')}`, 'inline');
  });
  serve(app, pr.payslipsPdf, runReaders, async (req, reply) => {
    assertAny(req, runReaderPrivileges);
    const run = await tenantTx(req, (tx, a) => loadRunPayslips({ tx, clientId: a.clientId, lang: a.lang, runId: req.params.id }));
    return sendPdf(reply, renderRunPayslips(run, req.lang), `payslips-${run.number.replace(/[^A-Za-z0-9-]/g, '-')}`, 'inline');
  });
  serve(app, pr.sendPayslips, runReaders, async (req, reply) => {
    assertAny(req, runReaderPrivileges);
    if (!hasPrivilege(caller(req), req.body.channel === 'email' ? 'send-email' : 'send-sms')) throw forbidden();
    const key = readIdempotencyKey(req.headers);
    const result = await tenantTx(req, (tx, actor) =>
      withIdempotency(tx, { clientId: actor.clientId, key, operation: 'send-payslips', body: { runId: req.params.id, ...req.body } }, async () => ({
        statusCode: 200,
        body: await sendPayslips({ tx, actor, runId: req.params.id, channel: req.body.channel, language: req.body.language }),
      })),
    );
    if (result.isReplay) reply.header('idempotent-replayed', 'true');
    if (result.body.sent > 0) app.jobs.kick(req.body.channel === 'email' ? EMAIL_DISPATCH : SMS_DISPATCH);
    return result.body;
  });
  serve(app, pr.runPdf, runReaders, async (req, reply) => {
    assertAny(req, runReaderPrivileges);
    const doc = await tenantTx(req, (tx, a) => loadPayrollRegister({ tx, clientId: a.clientId, lang: a.lang, runId: req.params.id }));
    return sendPdf(reply, renderPayslip(doc), `payroll-${doc.number}`, 'inline');
  });
  serve(app, pr.bankFile, pay, async (req, reply) => {
    const table = await tenantTx(req, (tx, a) => payrollBankTable({ tx, clientId: a.clientId, lang: a.lang, runId: req.params.id }));
    return sendReport(reply, table, 'csv');
  });

  // HR reports: JSON, or the file when format is given; /export always the file.
  const report = <Q extends { format?: 'csv' | 'xlsx' }, R>(
    privilege: string,
    run: (tx: Parameters<Parameters<typeof tenantTx>[1]>[0], actor: Parameters<Parameters<typeof tenantTx>[1]>[1], q: Q) => Promise<R>,
    table: (tx: Parameters<Parameters<typeof tenantTx>[1]>[0], actor: Parameters<Parameters<typeof tenantTx>[1]>[1], r: R) => Promise<ReportTable>,
  ) => ({
    access: { access: { privilege }, tags },
    json: async (req: FastifyRequest, reply: FastifyReply, q: Q) => {
      const out = await tenantTx(req, async (tx, actor) => {
        const r = await run(tx, actor, q);
        return { r, file: q.format ? await table(tx, actor, r) : null };
      });
      return out.file && q.format ? sendReport(reply, out.file, q.format) : out.r;
    },
  });
  const payrollR = report(
    'payroll-report',
    (tx, actor, q: { runId: number; format?: 'csv' | 'xlsx' }) => payrollReport({ tx, actor, runId: q.runId }),
    payrollReportTable,
  );
  serve(app, rp.payroll, payrollR.access, async (req, reply) => payrollR.json(req, reply, req.query) as never);
  serve(app, rp.payrollExport, payrollR.access, async (req, reply) => payrollR.json(req, reply, req.query) as never);
  const loansR = report(
    'loan-report',
    (tx, _a, q: { status?: 'Open' | 'Repaid' | 'Cancelled'; format?: 'csv' | 'xlsx' }) => loanReport({ tx, kind: 'loan', status: q.status }),
    (tx, a, r) => loanReportTable(tx, a, 'loan', r),
  );
  serve(app, rp.loans, loansR.access, async (req, reply) => loansR.json(req, reply, req.query) as never);
  serve(app, rp.loansExport, loansR.access, async (req, reply) => loansR.json(req, reply, req.query) as never);
  const advR = report(
    'advanced-report',
    (tx, _a, q: { status?: 'Open' | 'Repaid' | 'Cancelled'; format?: 'csv' | 'xlsx' }) => loanReport({ tx, kind: 'advance', status: q.status }),
    (tx, a, r) => loanReportTable(tx, a, 'advance', r),
  );
  serve(app, rp.advances, advR.access, async (req, reply) => advR.json(req, reply, req.query) as never);
  serve(app, rp.advancesExport, advR.access, async (req, reply) => advR.json(req, reply, req.query) as never);
  const empR = report(
    'employee-loan-report',
    (tx, actor, q: { employeeId: number; format?: 'csv' | 'xlsx' }) => employeeLoanReport({ tx, actor, employeeId: q.employeeId }),
    employeeLoanTable,
  );
  serve(app, rp.employeeLoans, empR.access, async (req, reply) => empR.json(req, reply, req.query) as never);
  serve(app, rp.employeeLoansExport, empR.access, async (req, reply) => empR.json(req, reply, req.query) as never);
  const personR = report(
    'personal-report',
    (tx, actor, q: { employeeId: number; format?: 'csv' | 'xlsx' }) => personalReport({ tx, actor, employeeId: q.employeeId }),
    personalTable,
  );
  serve(app, rp.personal, personR.access, async (req, reply) => personR.json(req, reply, req.query) as never);
  serve(app, rp.personalExport, personR.access, async (req, reply) => personR.json(req, reply, req.query) as never);
  const headcountR = report(
    'headcount-report',
    (tx, _a, q: { from: string; to: string; departmentId?: number; format?: 'csv' | 'xlsx' }) => headcountReport({ tx, query: q }),
    headcountTable,
  );
  serve(app, rp.headcount, headcountR.access, async (req, reply) => headcountR.json(req, reply, req.query) as never);
  serve(app, rp.headcountExport, headcountR.access, async (req, reply) => headcountR.json(req, reply, req.query) as never);
  const leaveR = report(
    'leave-balance-report',
    (tx, _a, q: { year: number; departmentId?: number; leaveTypeId?: number; format?: 'csv' | 'xlsx' }) => leaveBalanceReport({ tx, query: q }),
    leaveBalanceTable,
  );
  serve(app, rp.leaveBalances, leaveR.access, async (req, reply) => leaveR.json(req, reply, req.query) as never);
  serve(app, rp.leaveBalancesExport, leaveR.access, async (req, reply) => leaveR.json(req, reply, req.query) as never);
}
