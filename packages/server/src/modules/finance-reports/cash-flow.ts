// GET /api/finance/reports/cash-flow: the direct-method cash flow statement. Opening and closing cash are
// the balances of the cash, bank and mobile money accounts, read from account_daily_balances. The flows
// in between come from the entries that moved cash: each entry's net cash movement is attributed to its
// other (counter-account) lines, which are classed as operating, investing or financing by account type.
// Transfers between cash accounts net to nothing and do not appear. Because every entry balances, the
// attributed amounts add up to the change in cash exactly; isBalanced re-checks that against the summary.
import { sql } from 'drizzle-orm';
import {
  type AccountSubtype,
  type AccountType,
  type CashActivity,
  type CashFlowActivity,
  type CashFlowQuery,
  type CashFlowStatement,
  cashActivityValues,
  type Lang,
  translate,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { Decimal, dec, money, naturalBalance } from '../../ledger/index.ts';
import { accountSubtypeName, accountTypeName, nameIn } from './labels.ts';

/** Subtypes of the asset accounts that hold cash. */
export const CASH_SUBTYPES: readonly AccountSubtype[] = ['cash', 'bank', 'mobile_money'];

/**
 * Operating: income, expenses, receivables, payables and the other working-capital accounts.
 * Investing: fixed assets (and their depreciation) and loans granted. Financing: equity and loans taken.
 */
export function cashActivityOf(type: AccountType, subtype: AccountSubtype): CashActivity {
  if (type === 'equity') return 'financing';
  if (subtype === 'loan') return type === 'liability' ? 'financing' : 'investing';
  if (subtype === 'fixed_asset' || subtype === 'accumulated_depreciation') return 'investing';
  return 'operating';
}

/** Income, expense and equity accounts group by type; assets and liabilities by subtype (receivable, payable, ...). */
const groupOf = (type: AccountType, subtype: AccountSubtype) =>
  type === 'income' || type === 'expense' || type === 'equity' ? { key: type, kind: 'type' as const } : { key: subtype, kind: 'subtype' as const };

interface CounterAccount {
  id: number;
  code: string;
  name_en: string;
  name_so: string;
  type: AccountType;
  subtype: AccountSubtype;
}

interface FlowRow {
  /** 'simple': sums per account of entries whose counter-lines are all on one side; 'mixed': one line of another entry. */
  kind: 'simple' | 'mixed';
  entry_id: string | number | null;
  account_id: number;
  debit: string;
  credit: string;
  net: string | null;
}

/**
 * Shares the entry's cash movement |net| among its lines on the opposite side, in proportion to their
 * amounts, to the cent: each share is rounded down and the cents left go to the largest remainders.
 * Needed only for entries with counter-lines on both sides (a receipt net of a discount, say).
 */
export function allocate(total: Decimal, amounts: Decimal[]): Decimal[] {
  const sum = amounts.reduce((a, b) => a.plus(b), new Decimal(0));
  if (sum.isZero()) return amounts.map(() => new Decimal(0));
  const raw = amounts.map((a) => a.times(total).div(sum));
  const shares = raw.map((r) => r.toDecimalPlaces(2, Decimal.ROUND_DOWN));
  let cents = total
    .minus(shares.reduce((a, b) => a.plus(b), new Decimal(0)))
    .times(100)
    .toNumber();
  const order = raw.map((r, i) => ({ i, rest: r.minus(shares[i]) })).sort((a, b) => b.rest.comparedTo(a.rest) || a.i - b.i);
  for (const { i } of order) {
    if (cents <= 0) break;
    shares[i] = shares[i].plus('0.01');
    cents -= 1;
  }
  return shares;
}

export async function cashFlowStatement(opts: { tx: Db; clientId: number; lang: Lang; query: CashFlowQuery }): Promise<CashFlowStatement> {
  const { tx, clientId, lang, query } = opts;
  const { startDate, endDate } = query;
  const cashSubtypes = JSON.stringify(CASH_SUBTYPES);

  const cashAccounts = await queryRows<CounterAccount & { opening_debit: string; opening_credit: string; debit: string; credit: string }>(
    tx,
    sql`
    with cash as (
      select id from accounts
      where client_id = ${clientId} and type = 'asset' and subtype in (select jsonb_array_elements_text(${cashSubtypes}::jsonb))
    ), balances as (
      select account_id,
             coalesce(sum(debit) filter (where date < ${startDate}::date), 0) as opening_debit,
             coalesce(sum(credit) filter (where date < ${startDate}::date), 0) as opening_credit,
             coalesce(sum(debit), 0) as debit, coalesce(sum(credit), 0) as credit
      from account_daily_balances
      where client_id = ${clientId} and date <= ${endDate}::date and account_id in (select id from cash)
      group by account_id
    )
    select a.id, a.code, a.name_en, a.name_so, a.type, a.subtype, b.opening_debit, b.opening_credit, b.debit, b.credit
    from accounts a join balances b on b.account_id = a.id
    where a.client_id = ${clientId}
    order by a.code`,
  );

  const flows = await queryRows<FlowRow>(
    tx,
    sql`
    with cash as (
      select id from accounts
      where client_id = ${clientId} and type = 'asset' and subtype in (select jsonb_array_elements_text(${cashSubtypes}::jsonb))
    ), moves as (
      select entry_id, sum(debit - credit) as net
      from journal_lines
      where client_id = ${clientId} and account_id in (select id from cash) and date between ${startDate}::date and ${endDate}::date
      group by entry_id
      having sum(debit - credit) <> 0
    ), counter as (
      select l.entry_id, l.account_id, l.debit, l.credit, m.net
      from moves m join journal_lines l on l.entry_id = m.entry_id
      where l.client_id = ${clientId} and l.account_id not in (select id from cash)
    ), entries as (
      select entry_id, bool_or(case when net > 0 then debit > 0 else credit > 0 end) as is_mixed
      from counter group by entry_id
    )
    select 'simple' as kind, null::bigint as entry_id, c.account_id, sum(c.debit) as debit, sum(c.credit) as credit, null::numeric as net
    from counter c join entries e on e.entry_id = c.entry_id
    where not e.is_mixed
    group by c.account_id
    union all
    select 'mixed', c.entry_id, c.account_id, c.debit, c.credit, c.net
    from counter c join entries e on e.entry_id = c.entry_id
    where e.is_mixed
    order by 1, 2, 3`,
  );

  // Inflow and outflow per counter-account.
  const perAccount = new Map<number, { inflow: Decimal; outflow: Decimal }>();
  const bump = (accountId: number, inflow: Decimal, outflow: Decimal) => {
    const cur = perAccount.get(accountId) ?? { inflow: new Decimal(0), outflow: new Decimal(0) };
    cur.inflow = cur.inflow.plus(inflow);
    cur.outflow = cur.outflow.plus(outflow);
    perAccount.set(accountId, cur);
  };
  const mixed = new Map<string, FlowRow[]>();
  for (const f of flows) {
    if (f.kind === 'simple') {
      // Cash came in against credits (income, receivables collected, capital) and went out against debits.
      bump(Number(f.account_id), dec(f.credit), dec(f.debit));
    } else {
      const key = String(f.entry_id);
      mixed.set(key, [...(mixed.get(key) ?? []), f]);
    }
  }
  for (const lines of mixed.values()) {
    const net = dec(lines[0].net);
    const isInflow = net.gt(0);
    const opposite = lines.filter((l) => (isInflow ? dec(l.credit).gt(0) : dec(l.debit).gt(0)));
    const shares = allocate(
      net.abs(),
      opposite.map((l) => (isInflow ? dec(l.credit) : dec(l.debit))),
    );
    opposite.forEach((l, i) => {
      bump(Number(l.account_id), isInflow ? shares[i] : new Decimal(0), isInflow ? new Decimal(0) : shares[i]);
    });
  }

  const ids = JSON.stringify([...perAccount.keys()]);
  const counterAccounts = await queryRows<CounterAccount>(
    tx,
    sql`
    select id, code, name_en, name_so, type, subtype from accounts
    where client_id = ${clientId} and id in (select (jsonb_array_elements_text(${ids}::jsonb))::int)
    order by code`,
  );

  type Totals = { inflow: Decimal; outflow: Decimal };
  const plus = (t: Totals, f: Totals) => {
    t.inflow = t.inflow.plus(f.inflow);
    t.outflow = t.outflow.plus(f.outflow);
  };
  const figures = (t: Totals) => ({ inflow: money(t.inflow), outflow: money(t.outflow), net: money(t.inflow.minus(t.outflow)) });
  const activities = new Map<
    CashActivity,
    { totals: Totals; groups: Map<string, { name: string; totals: Totals; accounts: CashFlowActivity['groups'][number]['accounts'] }> }
  >(cashActivityValues.map((a) => [a, { totals: { inflow: new Decimal(0), outflow: new Decimal(0) }, groups: new Map() }]));
  const grand: Totals = { inflow: new Decimal(0), outflow: new Decimal(0) };
  for (const account of counterAccounts) {
    const flow = perAccount.get(Number(account.id))!;
    if (flow.inflow.isZero() && flow.outflow.isZero()) continue;
    const activity = activities.get(cashActivityOf(account.type, account.subtype))!;
    const g = groupOf(account.type, account.subtype);
    const name = g.kind === 'type' ? accountTypeName(account.type, lang) : accountSubtypeName(account.subtype, lang);
    const group = activity.groups.get(g.key) ?? { name, totals: { inflow: new Decimal(0), outflow: new Decimal(0) }, accounts: [] };
    group.accounts.push({ accountId: Number(account.id), code: account.code, name: nameIn(account, lang), ...figures(flow) });
    plus(group.totals, flow);
    plus(activity.totals, flow);
    plus(grand, flow);
    activity.groups.set(g.key, group);
  }

  let openingCash = new Decimal(0);
  let closingCash = new Decimal(0);
  const balances = cashAccounts.map((a) => {
    const opening = naturalBalance(a.type, a.opening_debit, a.opening_credit);
    const closing = naturalBalance(a.type, a.debit, a.credit);
    openingCash = openingCash.plus(opening);
    closingCash = closingCash.plus(closing);
    return { accountId: Number(a.id), code: a.code, name: nameIn(a, lang), subtype: a.subtype, opening: money(opening), closing: money(closing) };
  });
  const net = grand.inflow.minus(grand.outflow);
  return {
    startDate,
    endDate,
    openingCash: money(openingCash),
    activities: cashActivityValues.map((a) => {
      const activity = activities.get(a)!;
      return {
        activity: a,
        name: translate(`cashFlow.${a}`, lang),
        ...figures(activity.totals),
        groups: [...activity.groups.entries()].map(([group, g]) => ({ group, name: g.name, ...figures(g.totals), accounts: g.accounts })),
      };
    }),
    totals: figures(grand),
    closingCash: money(closingCash),
    cashAccounts: balances,
    isBalanced: openingCash.plus(net).eq(closingCash),
  };
}
