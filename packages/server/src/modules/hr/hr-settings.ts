// HRM settings: one row per organisation (written on first read with the default chart's payroll accounts),
// the taxable flag of the allowance types, and the income tax rules (effective-dated progressive brackets).
import { sql } from 'drizzle-orm';
import type { HrSettings, TaxRule, hrSettingsBody, taxRuleBody, z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, fieldError, notFound } from '../../plugins/errors.ts';
import { Decimal, SYSTEM_ACCOUNTS } from '../../ledger/index.ts';
import { pgCode } from '../../lib/sql.ts';

/** Each payroll account, its default code and the account types it may have (the first is the usual one). */
const accountFields = {
  salaryExpenseAccountId: { column: 'salary_expense_account_id', code: SYSTEM_ACCOUNTS.salaries, types: ['expense'] },
  allowanceExpenseAccountId: { column: 'allowance_expense_account_id', code: SYSTEM_ACCOUNTS.allowances, types: ['expense'] },
  taxPayableAccountId: { column: 'tax_payable_account_id', code: SYSTEM_ACCOUNTS.taxPayable, types: ['liability'] },
  netPayPayableAccountId: { column: 'net_pay_payable_account_id', code: SYSTEM_ACCOUNTS.salariesPayable, types: ['liability'] },
  loansAccountId: { column: 'loans_account_id', code: SYSTEM_ACCOUNTS.employeeLoans, types: ['asset'] },
  advancesAccountId: { column: 'advances_account_id', code: SYSTEM_ACCOUNTS.employeeAdvances, types: ['asset'] },
  // Fines and other deductions: owed on to someone (liability) or kept by the organisation (income).
  otherDeductionsAccountId: { column: 'other_deductions_account_id', code: SYSTEM_ACCOUNTS.payrollDeductions, types: ['liability', 'income'] },
  // The difference rounding makes to net pay: a cost when rounded up, less cost when rounded down.
  roundingAccountId: { column: 'rounding_account_id', code: SYSTEM_ACCOUNTS.payrollRounding, types: ['expense'] },
} as const;
type AccountKey = keyof typeof accountFields;

type Raw = {
  pay_period: 'monthly';
  pay_day: number;
  working_days: number[] | string;
  rounding: string;
  updated_at: string | Date;
} & Record<string, number | string | Date | number[]>;

const parseDays = (v: number[] | string): number[] => (Array.isArray(v) ? v.map(Number) : v.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number));

/** The settings row, written with the defaults the first time it is read. */
export async function readHrSettings(tx: Db, clientId: number) {
  let [row] = await queryRows<Raw>(tx, sql`select * from hr_settings where client_id = ${clientId}`);
  if (!row) {
    const code = (k: AccountKey) => sql`(select id from accounts where client_id = ${clientId} and code = ${accountFields[k].code})`;
    const keys = Object.keys(accountFields) as AccountKey[];
    [row] = await queryRows<Raw>(
      tx,
      sql`insert into hr_settings (client_id, rounding, ${sql.join(
        keys.map((k) => sql.identifier(accountFields[k].column)),
        sql`, `,
      )})
          values (${clientId}, 0.01, ${sql.join(
            keys.map((k) => code(k)),
            sql`, `,
          )})
          on conflict (client_id) do update set client_id = excluded.client_id
          returning *`,
    );
  }
  return {
    payPeriod: row.pay_period,
    payDay: Number(row.pay_day),
    workingDays: parseDays(row.working_days).sort((a, b) => a - b),
    rounding: new Decimal(row.rounding).toFixed(2) as HrSettings['rounding'],
    salaryExpenseAccountId: Number(row.salary_expense_account_id),
    allowanceExpenseAccountId: Number(row.allowance_expense_account_id),
    taxPayableAccountId: Number(row.tax_payable_account_id),
    netPayPayableAccountId: Number(row.net_pay_payable_account_id),
    loansAccountId: Number(row.loans_account_id),
    advancesAccountId: Number(row.advances_account_id),
    otherDeductionsAccountId: Number(row.other_deductions_account_id),
    roundingAccountId: Number(row.rounding_account_id),
    updatedAt: new Date(row.updated_at as string).toISOString(),
  };
}

export async function getHrSettings(opts: { tx: Db; actor: Actor }): Promise<HrSettings> {
  const { tx, actor } = opts;
  const s = await readHrSettings(tx, actor.clientId);
  const ids = (Object.keys(accountFields) as AccountKey[]).map((k) => ({ key: k, id: s[k] }));
  const accounts = await queryRows<{ id: number; code: string; name_en: string; name_so: string }>(
    tx,
    sql`select id, code, name_en, name_so from accounts where id in (${sql.join(
      ids.map((i) => sql`${i.id}`),
      sql`, `,
    )})`,
  );
  const allowanceTypes = await queryRows<{ id: number; name: string; isTaxable: boolean; status: string }>(
    tx,
    sql`select id, name, is_taxable as "isTaxable", status from hr_allowance_types order by lower(name), id`,
  );
  const choices = await queryRows<{ id: number; code: string; name_en: string; name_so: string; type: string }>(
    tx,
    sql`select id, code, name_en, name_so, type from accounts where status = 'Active' and type in ('expense', 'liability', 'asset', 'income') order by code`,
  );
  return {
    ...s,
    accountChoices: choices.map((a) => ({ id: Number(a.id), code: a.code, name: actor.lang === 'so' ? a.name_so : a.name_en, type: a.type })),
    accounts: ids.flatMap((i) => {
      const a = accounts.find((x) => Number(x.id) === i.id);
      return a ? [{ key: i.key, id: Number(a.id), code: a.code, name: actor.lang === 'so' ? a.name_so : a.name_en }] : [];
    }),
    allowanceTypes,
  };
}

export async function updateHrSettings(opts: { tx: Db; actor: Actor; input: z.output<typeof hrSettingsBody> }): Promise<HrSettings> {
  const { tx, actor, input } = opts;
  const before = await getHrSettings({ tx, actor });
  const errors: { field: string; message: string }[] = [];
  for (const key of Object.keys(accountFields) as AccountKey[]) {
    const [a] = await queryRows<{ type: string; status: string }>(tx, sql`select type, status from accounts where id = ${input[key]}`);
    if (!a) errors.push({ field: key, message: 'v.notFound' });
    else if (!(accountFields[key].types as readonly string[]).includes(a.type))
      errors.push({ field: key, message: `hr.accountType|${accountFields[key].types.join(' / ')}` });
  }
  if (input.loansAccountId === input.advancesAccountId) errors.push({ field: 'advancesAccountId', message: 'hr.loansAdvancesSame' });
  const known = new Set(before.allowanceTypes.map((t) => t.id));
  input.taxableAllowanceTypeIds.forEach((id, i) => {
    if (!known.has(id)) errors.push({ field: `taxableAllowanceTypeIds.${i}`, message: 'v.notFound' });
  });
  if (errors.length > 0) throw new AppError(400, 'VALIDATION', 'common.validation', errors);
  const days = `{${[...new Set(input.workingDays)].sort().join(',')}}`;
  await tx.execute(sql`
    update hr_settings set pay_period = ${input.payPeriod}, pay_day = ${input.payDay}, working_days = ${days}::int[], rounding = ${input.rounding}::numeric,
      salary_expense_account_id = ${input.salaryExpenseAccountId}, allowance_expense_account_id = ${input.allowanceExpenseAccountId},
      tax_payable_account_id = ${input.taxPayableAccountId}, net_pay_payable_account_id = ${input.netPayPayableAccountId},
      loans_account_id = ${input.loansAccountId}, advances_account_id = ${input.advancesAccountId},
      other_deductions_account_id = ${input.otherDeductionsAccountId}, rounding_account_id = ${input.roundingAccountId},
      updated_by = ${actor.userId}, updated_at = now()
    where client_id = ${actor.clientId}`);
  const taxable =
    input.taxableAllowanceTypeIds.length > 0
      ? sql`id in (${sql.join(
          input.taxableAllowanceTypeIds.map((i) => sql`${i}`),
          sql`, `,
        )})`
      : sql`false`;
  await tx.execute(sql`update hr_allowance_types set is_taxable = ${taxable}, updated_at = now() where is_taxable is distinct from (${taxable})`);
  const after = await getHrSettings({ tx, actor });
  const { accounts: _a, accountChoices: _c, ...beforeView } = before;
  const { accounts: _b, accountChoices: _d, ...afterView } = after;
  await writeAudit(tx, actor, { action: 'update', entity: 'hr-settings', entityId: actor.clientId, before: beforeView, after: afterView });
  return after;
}

export async function listTaxRules(opts: { tx: Db }): Promise<{ data: TaxRule[] }> {
  const rows = await queryRows<{ id: number; from: string; to: string | null; note: string | null; brackets: { lowerBound: string; rate: string }[] | string }>(
    opts.tx,
    sql`select r.id, r.effective_from::text as from, (lead(r.effective_from) over (order by r.effective_from) - 1)::text as to, r.note,
          coalesce((select json_agg(json_build_object('lowerBound', b.lower_bound::text, 'rate', b.rate::text) order by b.lower_bound)
            from hr_tax_brackets b where b.rule_id = r.id), '[]'::json) as brackets
        from hr_tax_rules r order by r.effective_from desc`,
  );
  return {
    data: rows.map((r) => {
      const brackets = typeof r.brackets === 'string' ? (JSON.parse(r.brackets) as { lowerBound: string; rate: string }[]) : r.brackets;
      return {
        id: r.id,
        effectiveFrom: r.from,
        effectiveTo: r.to,
        note: r.note,
        brackets: brackets.map((b) => ({ lowerBound: new Decimal(b.lowerBound).toFixed(2), rate: new Decimal(b.rate).toString() })),
      };
    }),
  };
}

async function readRule(tx: Db, id: number): Promise<TaxRule> {
  const rule = (await listTaxRules({ tx })).data.find((r) => r.id === id);
  if (!rule) throw notFound();
  return rule;
}

async function writeBrackets(tx: Db, clientId: number, ruleId: number, brackets: { lowerBound: string; rate: string }[]) {
  await tx.execute(sql`delete from hr_tax_brackets where rule_id = ${ruleId}`);
  await tx.execute(
    sql`insert into hr_tax_brackets (client_id, rule_id, lower_bound, rate) values ${sql.join(
      brackets.map((b) => sql`(${clientId}, ${ruleId}, ${b.lowerBound}::numeric, ${b.rate}::numeric)`),
      sql`, `,
    )}`,
  );
}

const dateTaken = (err: unknown): never => {
  if (pgCode(err) === '23505') throw fieldError('effectiveFrom', 'hr.ruleDateTaken');
  throw err;
};

export async function createTaxRule(opts: { tx: Db; actor: Actor; input: z.output<typeof taxRuleBody> }): Promise<TaxRule> {
  const { tx, actor, input } = opts;
  const [taken] = await queryRows(tx, sql`select 1 from hr_tax_rules where effective_from = ${input.effectiveFrom}::date`);
  if (taken) throw fieldError('effectiveFrom', 'hr.ruleDateTaken');
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into hr_tax_rules (client_id, effective_from, note, created_by) values (${actor.clientId}, ${input.effectiveFrom}, ${input.note}, ${actor.userId}) returning id`,
  ).catch(dateTaken);
  await writeBrackets(tx, actor.clientId, row.id, input.brackets);
  const after = await readRule(tx, row.id);
  await writeAudit(tx, actor, { action: 'create', entity: 'hr-tax-rule', entityId: row.id, after });
  return after;
}

export async function updateTaxRule(opts: { tx: Db; actor: Actor; id: number; input: z.output<typeof taxRuleBody> }): Promise<TaxRule> {
  const { tx, actor, id, input } = opts;
  const before = await readRule(tx, id);
  const [taken] = await queryRows(tx, sql`select 1 from hr_tax_rules where effective_from = ${input.effectiveFrom}::date and id <> ${id}`);
  if (taken) throw fieldError('effectiveFrom', 'hr.ruleDateTaken');
  await tx
    .execute(sql`update hr_tax_rules set effective_from = ${input.effectiveFrom}, note = ${input.note}, updated_at = now() where id = ${id}`)
    .catch(dateTaken);
  await writeBrackets(tx, actor.clientId, id, input.brackets);
  const after = await readRule(tx, id);
  await writeAudit(tx, actor, { action: 'update', entity: 'hr-tax-rule', entityId: id, before, after });
  return after;
}

export async function removeTaxRule(opts: { tx: Db; actor: Actor; id: number }): Promise<void> {
  const { tx, actor, id } = opts;
  const before = await readRule(tx, id);
  await tx.execute(sql`delete from hr_tax_rules where id = ${id}`);
  await writeAudit(tx, actor, { action: 'delete', entity: 'hr-tax-rule', entityId: id, before });
}

/** The brackets in force on a date (the latest rule from on or before it), for the payroll run. */
export async function taxBracketsOn(tx: Db, date: string): Promise<{ lowerBound: string; rate: string }[]> {
  return queryRows<{ lowerBound: string; rate: string }>(
    tx,
    sql`select b.lower_bound::text as "lowerBound", b.rate::text as rate from hr_tax_brackets b
        where b.rule_id = (select id from hr_tax_rules where effective_from <= ${date}::date order by effective_from desc limit 1)
        order by b.lower_bound`,
  );
}
