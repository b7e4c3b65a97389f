// The payroll's bare SQL yardstick (`npm run bench -- payroll`): the same reads and writes as the app's
// preview, generate, approve and pay, done by a few set-based statements on the same data, each in one tenant
// transaction through the real tables (their indexes, statement triggers and commit checks fire: `SET
// CONSTRAINTS ALL IMMEDIATE` before the roll back), then rolled back so the app does the real thing next.
// - preview: every payslip computed in SQL (pro rata basic and allowances by working days employed and not on
//   unpaid leave, bonuses, deductions, loan and advance recoveries, progressive tax, net rounded to the unit)
//   as one JSON array;
// - generate: the run row and its number, the payslips and the planned recoveries by INSERT ... SELECT;
// - approve: the entry (expense, tax, other deductions, rounding, each employee's net pay and each recovery
//   naming the employee) with its number, the net pay and recovery open items, the repayments, the recoveries'
//   allocations to the loans' items, the run's status;
// - pay: the entry (each employee's net pay payable against cash), the payment items allocated to the net pay
//   items, the run's status.
// What the app adds on top: validation, the job, the audit lines, JSON to and from Node, the answer.
import { sql } from 'drizzle-orm';
import type { Db } from '../../packages/server/src/db/client.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';
import { inTenant } from '../../packages/server/src/db/tenant.ts';

class RollBack extends Error {}

function bounds(period: string) {
  const [y, m] = period.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { d0: `${period}-01`, d1: `${period}-${String(last).padStart(2, '0')}` };
}

/** Every employee's payslip of the period in SQL (the app's rules), and each loan's planned recovery. */
function slipsSql(clientId: number, period: string) {
  const { d0, d1 } = bounds(period);
  return sql`
    s as (select working_days, rounding from hr_settings where client_id = ${clientId}),
    wd as (select d::date as d from generate_series(${d0}::date, ${d1}::date, interval '1 day') d, s where extract(isodow from d)::int = any(s.working_days)),
    emp as (
      select e.id, e.department_id, e.payment_method, greatest(e.hire_date, ${d0}::date) as s, least(coalesce(e.terminated_on, ${d1}::date), ${d1}::date) as t
      from employees e
      where e.client_id = ${clientId} and e.hire_date <= ${d1}::date and (e.terminated_on is null or e.terminated_on >= ${d0}::date)
        and not exists (select 1 from hr_payslips p where p.client_id = ${clientId} and p.employee_id = e.id and p.period = ${period} and p.live)
    ),
    days as (
      select emp.id, count(*)::int as n,
        count(*) filter (where wd.d between emp.s and emp.t and not exists (
          select 1 from leave_requests l where l.client_id = ${clientId} and l.employee_id = emp.id and l.status = 'Approved' and not l.is_paid
            and wd.d between l.start_date and l.end_date))::int as paid
      from emp cross join wd group by emp.id
    ),
    sal as (
      select distinct on (employee_id) employee_id, basic from employee_salaries
      where client_id = ${clientId} and effective_from <= ${d1}::date order by employee_id, effective_from desc, id desc
    ),
    alw as (
      select a.employee_id, sum(a.amount) as total, coalesce(sum(a.amount) filter (where t.is_taxable), 0) as taxable
      from employee_allowances a join hr_allowance_types t on t.id = a.allowance_type_id
      where a.client_id = ${clientId} and a.effective_from <= ${d1}::date and (a.effective_to is null or a.effective_to >= ${d0}::date)
      group by a.employee_id
    ),
    adj as (
      select a.employee_id, coalesce(sum(a.amount) filter (where a.kind = 'bonus'), 0) as bonuses,
        coalesce(sum(a.amount) filter (where a.kind = 'bonus' and b.is_taxable), 0) as taxable_bonuses,
        coalesce(sum(a.amount) filter (where a.kind = 'deduction'), 0) as deductions
      from hr_payroll_adjustments a left join hr_bonus_types b on b.id = a.bonus_type_id
      where a.client_id = ${clientId} and a.period = ${period} and a.status = 'Active' group by a.employee_id
    ),
    loan as (
      select l.id, l.employee_id, l.kind, case when l.kind = 'advance' then l.bal else least(l.bal, l.instalment) end as amount
      from (select l.*, l.amount - coalesce((select sum(r.amount) from hr_loan_repayments r where r.loan_id = l.id and r.status = 'Posted'), 0) as bal
            from hr_loans l where l.client_id = ${clientId} and l.status = 'Open' and l.first_period <= ${period}) l
      where l.bal > 0
    ),
    rec as (
      select employee_id, coalesce(sum(amount) filter (where kind = 'loan'), 0) as lr, coalesce(sum(amount) filter (where kind = 'advance'), 0) as ar
      from loan group by employee_id
    ),
    br as (
      select lower_bound, rate, lead(lower_bound) over (order by lower_bound) as next from hr_tax_brackets
      where rule_id = (select id from hr_tax_rules where client_id = ${clientId} and effective_from <= ${d1}::date order by effective_from desc limit 1)
    ),
    pay as (
      select emp.id as employee_id, emp.department_id, emp.payment_method, days.paid, days.n,
        round(sal.basic * days.paid / days.n, 2) as basic, round(coalesce(alw.total, 0) * days.paid / days.n, 2) as allowances,
        round(coalesce(alw.taxable, 0) * days.paid / days.n, 2) as taxable_allowances,
        coalesce(adj.bonuses, 0) as bonuses, coalesce(adj.taxable_bonuses, 0) as taxable_bonuses, coalesce(adj.deductions, 0) as deductions,
        coalesce(rec.lr, 0) as lr, coalesce(rec.ar, 0) as ar
      from emp join days on days.id = emp.id join sal on sal.employee_id = emp.id
        left join alw on alw.employee_id = emp.id left join adj on adj.employee_id = emp.id left join rec on rec.employee_id = emp.id
    ),
    taxed as (
      select p.*, p.basic + p.allowances + p.bonuses as gross, p.basic + p.taxable_allowances + p.taxable_bonuses as taxable,
        (select round(coalesce(sum(greatest(0, least(p.basic + p.taxable_allowances + p.taxable_bonuses, coalesce(br.next, 1e15)) - br.lower_bound) * br.rate / 100), 0), 2)
         from br) as tax
      from pay p
    ),
    slips as (
      select t.*, t.gross - t.tax - t.deductions - t.lr - t.ar as exact,
        round((t.gross - t.tax - t.deductions - t.lr - t.ar) / s.rounding) * s.rounding as net
      from taxed t, s where t.gross - t.tax - t.deductions - t.lr - t.ar >= 0
    )`;
}

async function rolledBack(db: Db, clientId: number, work: (tx: Db) => Promise<void>): Promise<number> {
  const start = performance.now();
  let ms = 0;
  try {
    await inTenant(db, clientId, async (tx) => {
      await work(tx);
      await tx.execute(sql`set constraints all immediate`);
      ms = performance.now() - start;
      throw new RollBack();
    });
  } catch (err) {
    if (!(err instanceof RollBack)) throw err;
  }
  return ms;
}

/** The preview in bare SQL: every payslip as one JSON array. Answers the time, the count and the net total. */
export async function barePreview(db: Db, clientId: number, period: string): Promise<{ ms: number; employees: number; net: string }> {
  const start = performance.now();
  const [row] = await inTenant(db, clientId, (tx) =>
    queryRows<{ rows: unknown; n: number; net: string }>(
      tx,
      sql`with ${slipsSql(clientId, period)} select json_agg(slips order by employee_id) as rows, count(*)::int as n, coalesce(sum(net), 0)::text as net from slips`,
    ),
  );
  return { ms: performance.now() - start, employees: Number(row.n), net: Number(row.net).toFixed(2) };
}

/** Generating in bare SQL: the run, its payslips and planned recoveries (rolled back). */
export async function bareGenerate(db: Db, opts: { clientId: number; userId: number; period: string }): Promise<number> {
  const { clientId, userId, period } = opts;
  return rolledBack(db, clientId, async (tx) => {
    await tx.execute(sql`
      with ${slipsSql(clientId, period)},
      num as (
        insert into document_counters (client_id, series, next_no) values (${clientId}, 'PR', 2)
        on conflict (client_id, series) do update set next_no = document_counters.next_no + 1 returning next_no - 1 as n
      ),
      run as (
        insert into hr_payroll_runs (client_id, number, period, status, employees, gross, tax, deductions, rounding, net, generated_by)
        select ${clientId}, 'PR-B' || lpad(num.n::text, 6, '0'), ${period}, 'Draft', count(*), sum(gross), sum(tax), sum(deductions + lr + ar), sum(net - exact), sum(net), ${userId}
        from slips, num group by num.n
        returning id
      ),
      ins as (
        insert into hr_payslips (client_id, run_id, employee_id, period, department_id, payment_method, days_paid, days_in_period, basic, allowances,
          bonuses, gross, taxable, tax, deductions, loan_recovery, advance_recovery, rounding, net)
        select ${clientId}, run.id, x.employee_id, ${period}, x.department_id, x.payment_method, x.paid, x.n, x.basic, x.allowances, x.bonuses, x.gross,
          x.taxable, x.tax, x.deductions, x.lr, x.ar, x.net - x.exact, x.net
        from slips x, run
        returning id, employee_id
      )
      insert into hr_payslip_recoveries (client_id, payslip_id, loan_id, amount)
      select ${clientId}, ins.id, loan.id, loan.amount from ins join loan on loan.employee_id = ins.employee_id`);
  });
}

async function nextJv(tx: Db, clientId: number): Promise<number> {
  const [r] = await queryRows<{ n: string }>(
    tx,
    sql`insert into document_counters (client_id, series, next_no) values (${clientId}, 'JV', 2)
        on conflict (client_id, series) do update set next_no = document_counters.next_no + 1 returning (next_no - 1)::text as n`,
  );
  return Number(r.n);
}

/** Approving a draft run in bare SQL (rolled back). */
export async function bareApprove(db: Db, opts: { clientId: number; userId: number; runId: number; date: string }): Promise<number> {
  const { clientId, userId, runId, date } = opts;
  return rolledBack(db, clientId, async (tx) => {
    const no = await nextJv(tx, clientId);
    await tx.execute(sql`
      with s as (select * from hr_settings where client_id = ${clientId}),
      rec as (
        select pr.payslip_id, pr.loan_id, pr.amount, l.employee_id, l.receivable_account_id as account
        from hr_payslip_recoveries pr join hr_payslips p on p.id = pr.payslip_id join hr_loans l on l.id = pr.loan_id where p.run_id = ${runId}
      ),
      t as (select sum(basic) as basic, sum(allowances + bonuses) as alw, sum(tax) as tax, sum(deductions) as ded, sum(rounding) as rnd
            from hr_payslips where run_id = ${runId}),
      v as (
        select s.salary_expense_account_id as a, t.basic as dr, 0::numeric as cr, null::text as pt, null::int as pi from s, t
        union all select s.allowance_expense_account_id, t.alw, 0, null, null from s, t
        union all select s.rounding_account_id, greatest(t.rnd, 0), greatest(-t.rnd, 0), null, null from s, t
        union all select s.tax_payable_account_id, 0, t.tax, null, null from s, t
        union all select s.other_deductions_account_id, 0, t.ded, null, null from s, t
        union all select s.net_pay_payable_account_id, 0, p.net, 'employee', p.employee_id from s, hr_payslips p where p.run_id = ${runId}
        union all select rec.account, 0, rec.amount, 'employee', rec.employee_id from rec
      ),
      e as (
        insert into journal_entries (client_id, series, entry_no, date, reference, memo, source_type, source_id, user_id, total)
        select ${clientId}, 'JV', ${no}, ${date}::date, r.number, 'bare', 'hr-payroll', ${runId}, ${userId}, (select sum(dr) from v)
        from hr_payroll_runs r where r.id = ${runId}
        returning id
      ),
      l as (
        insert into journal_lines (client_id, entry_id, account_id, debit, credit, party_type, party_id, date)
        select ${clientId}, e.id, v.a, v.dr, v.cr, v.pt, v.pi, ${date}::date from v, e where v.dr > 0 or v.cr > 0
      ),
      items as (
        insert into open_items (client_id, party_type, party_id, account_id, side, kind, source_type, source_id, number, date, due_date, amount, journal_entry_id)
        select ${clientId}, 'employee', p.employee_id, s.net_pay_payable_account_id, 'credit', 'net-pay', 'hr-payroll', ${runId}, r.number, ${date}::date, ${date}::date, p.net, e.id
        from hr_payslips p, s, e, hr_payroll_runs r where p.run_id = ${runId} and r.id = ${runId} and p.net > 0
      ),
      rep as (
        insert into hr_loan_repayments (client_id, loan_id, kind, date, amount, run_id, payslip_id, journal_entry_id, created_by)
        select ${clientId}, rec.loan_id, 'payroll', ${date}::date, rec.amount, ${runId}, rec.payslip_id, e.id, ${userId} from rec, e
        returning id, loan_id, amount
      ),
      rep_items as (
        insert into open_items (client_id, party_type, party_id, account_id, side, kind, source_type, source_id, number, date, due_date, amount, journal_entry_id)
        select ${clientId}, 'employee', rec.employee_id, rec.account, 'credit', 'repayment', 'hr-payroll-recovery', rep.id, 'bare', ${date}::date, ${date}::date, rep.amount, e.id
        from rep join rec on rec.loan_id = rep.loan_id, e
        returning id, party_id, account_id, source_id, amount
      ),
      alloc as (
        insert into open_item_allocations (client_id, party_type, party_id, account_id, debit_item_id, credit_item_id, amount, date)
        select ${clientId}, 'employee', ri.party_id, ri.account_id, li.id, ri.id, ri.amount, ${date}::date
        from rep_items ri join rep on rep.id = ri.source_id
          join open_items li on li.client_id = ${clientId} and li.source_type = 'hr-loan' and li.source_id = rep.loan_id
        returning debit_item_id, credit_item_id, amount
      ),
      settle as (
        update open_items o set settled = o.settled + x.amount
        from (select debit_item_id as id, amount from alloc) x where o.client_id = ${clientId} and o.id = x.id
      )
      update hr_payroll_runs set status = 'Approved', approved_by = ${userId}, approved_at = now(), approve_entry_id = (select id from e) where id = ${runId}`);
    // The repayment items are settled by what they allocated (a second statement: one row is updated once per statement).
    await tx.execute(sql`
      update open_items o set settled = o.amount where o.client_id = ${clientId} and o.source_type = 'hr-payroll-recovery' and o.journal_entry_id =
        (select approve_entry_id from hr_payroll_runs where id = ${runId})`);
    await tx.execute(sql`
      update hr_loans l set status = 'Repaid' where l.client_id = ${clientId} and l.amount <= (select coalesce(sum(amount), 0) from hr_loan_repayments r
        where r.loan_id = l.id and r.status = 'Posted') and l.id in (select loan_id from hr_loan_repayments where run_id = ${runId})`);
  });
}

/** Paying an approved run in bare SQL (rolled back). */
export async function barePay(db: Db, opts: { clientId: number; userId: number; runId: number; date: string; accountId: number }): Promise<number> {
  const { clientId, userId, runId, date, accountId } = opts;
  return rolledBack(db, clientId, async (tx) => {
    const no = await nextJv(tx, clientId);
    await tx.execute(sql`
      with owed as (
        select id, party_id, account_id, amount - settled as n, number from open_items
        where client_id = ${clientId} and source_type = 'hr-payroll' and source_id = ${runId} and kind = 'net-pay' and status = 'Open' and settled < amount
      ),
      e as (
        insert into journal_entries (client_id, series, entry_no, date, reference, memo, source_type, source_id, user_id, total)
        select ${clientId}, 'JV', ${no}, ${date}::date, min(number), 'bare', 'hr-payroll-pay', ${runId}, ${userId}, sum(n) from owed
        returning id
      ),
      l as (
        insert into journal_lines (client_id, entry_id, account_id, debit, credit, party_type, party_id, date)
        select ${clientId}::int, e.id, o.account_id, o.n, 0::numeric, 'employee'::text, o.party_id, ${date}::date from owed o, e
        union all select ${clientId}::int, e.id, ${accountId}::int, 0::numeric, (select sum(n) from owed), null::text, null::int, ${date}::date from e
      ),
      paid as (
        insert into open_items (client_id, party_type, party_id, account_id, side, kind, source_type, source_id, number, date, due_date, amount, settled, journal_entry_id)
        select ${clientId}, 'employee', o.party_id, o.account_id, 'debit', 'net-pay-payment', 'hr-payroll-pay', ${runId}, o.number, ${date}::date, ${date}::date, o.n, o.n, e.id
        from owed o, e
        returning id, party_id, account_id, amount
      ),
      alloc as (
        insert into open_item_allocations (client_id, party_type, party_id, account_id, debit_item_id, credit_item_id, amount, date)
        select ${clientId}, 'employee', p.party_id, p.account_id, p.id, o.id, p.amount, ${date}::date
        from paid p join owed o on o.party_id = p.party_id and o.account_id = p.account_id
      ),
      settle as (
        update open_items o set settled = o.amount from owed where o.client_id = ${clientId} and o.id = owed.id
      )
      update hr_payroll_runs set status = 'Paid', paid_by = ${userId}, paid_at = now(), pay_date = ${date}::date, pay_account_id = ${accountId},
        pay_entry_id = (select id from e) where id = ${runId}`);
  });
}
