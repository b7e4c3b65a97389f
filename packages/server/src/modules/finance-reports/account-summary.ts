// GET /api/finance/reports/account-summary and /account-types: per account (and per type and subtype) the
// balance before the period, the period's debits and credits and the balance at its end. Everything is
// read from the monthly and daily balances (ledger balanceSums), so the cost grows with accounts x months,
// never with journal lines.
import { sql } from 'drizzle-orm';
import {
  type AccountSubtype,
  type AccountSubtypeTotal,
  accountSubtypeValues,
  type AccountSummary,
  type AccountSummaryQuery,
  type AccountSummaryRow,
  type AccountType,
  type AccountTypeSummary,
  type AccountTypesQuery,
  accountTypeValues,
  type Lang,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { balanceSums, Decimal, dayBefore, dec, money, naturalBalance } from '../../ledger/index.ts';
import { accountSubtypeName, accountTypeName, nameIn } from './labels.ts';

interface MovementRow {
  id: number;
  code: string;
  name_en: string;
  name_so: string;
  type: AccountType;
  subtype: AccountSubtype;
  parent_id: number | null;
  opening_debit: string;
  opening_credit: string;
  debit: string;
  credit: string;
}

interface Movement {
  row: MovementRow;
  opening: Decimal;
  debit: Decimal;
  credit: Decimal;
  closing: Decimal;
}

/** Every account of the organisation (optionally of one type) with its opening, period and closing figures. */
async function readMovements(tx: Db, clientId: number, startDate: string, endDate: string, type?: AccountType): Promise<Movement[]> {
  const rows = await queryRows<MovementRow>(
    tx,
    sql`
    select a.id, a.code, a.name_en, a.name_so, a.type, a.subtype, a.parent_id,
           coalesce(o.debit, 0) as opening_debit, coalesce(o.credit, 0) as opening_credit,
           coalesce(m.debit, 0) as debit, coalesce(m.credit, 0) as credit
    from accounts a
    left join ${balanceSums(clientId, { to: dayBefore(startDate) })} o on o.account_id = a.id
    left join ${balanceSums(clientId, { from: startDate, to: endDate })} m on m.account_id = a.id
    where a.client_id = ${clientId} ${type ? sql`and a.type = ${type}` : sql``}
    order by a.code`,
  );
  return rows.map((row) => {
    const opening = naturalBalance(row.type, row.opening_debit, row.opening_credit);
    const debit = dec(row.debit);
    const credit = dec(row.credit);
    return { row, opening, debit, credit, closing: opening.plus(naturalBalance(row.type, debit, credit)) };
  });
}

const isQuiet = (m: Movement) => m.opening.isZero() && m.debit.isZero() && m.credit.isZero();

export async function accountSummary(opts: { tx: Db; clientId: number; lang: Lang; query: AccountSummaryQuery }): Promise<AccountSummary> {
  const { tx, clientId, lang, query } = opts;
  const movements = await readMovements(tx, clientId, query.startDate, query.endDate, query.type);
  const totals = { opening: new Decimal(0), debit: new Decimal(0), credit: new Decimal(0), closing: new Decimal(0) };
  const rows: AccountSummaryRow[] = [];
  for (const m of movements) {
    if (isQuiet(m) && !query.includeZero) continue;
    totals.opening = totals.opening.plus(m.opening);
    totals.debit = totals.debit.plus(m.debit);
    totals.credit = totals.credit.plus(m.credit);
    totals.closing = totals.closing.plus(m.closing);
    rows.push({
      accountId: m.row.id,
      code: m.row.code,
      name: nameIn(m.row, lang),
      type: m.row.type,
      subtype: m.row.subtype,
      parentId: m.row.parent_id,
      opening: money(m.opening),
      debit: money(m.debit),
      credit: money(m.credit),
      closing: money(m.closing),
    });
  }
  const isOneType = query.type !== undefined;
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    type: query.type ?? null,
    rows,
    totals: {
      debit: money(totals.debit),
      credit: money(totals.credit),
      opening: isOneType ? money(totals.opening) : null,
      closing: isOneType ? money(totals.closing) : null,
    },
  };
}

interface Figures {
  opening: Decimal;
  debit: Decimal;
  credit: Decimal;
  closing: Decimal;
}
const zero = (): Figures => ({ opening: new Decimal(0), debit: new Decimal(0), credit: new Decimal(0), closing: new Decimal(0) });
const add = (f: Figures, m: Movement) => {
  f.opening = f.opening.plus(m.opening);
  f.debit = f.debit.plus(m.debit);
  f.credit = f.credit.plus(m.credit);
  f.closing = f.closing.plus(m.closing);
};
const out = (f: Figures) => ({ opening: money(f.opening), debit: money(f.debit), credit: money(f.credit), closing: money(f.closing) });

export async function accountTypeSummary(opts: { tx: Db; clientId: number; lang: Lang; query: AccountTypesQuery }): Promise<AccountTypeSummary> {
  const { tx, clientId, lang, query } = opts;
  const movements = await readMovements(tx, clientId, query.startDate, query.endDate);
  const byType = new Map<AccountType, { figures: Figures; subtypes: Map<AccountSubtype, { figures: Figures; accounts: number }> }>(
    accountTypeValues.map((t) => [t, { figures: zero(), subtypes: new Map() }]),
  );
  let debit = new Decimal(0);
  let credit = new Decimal(0);
  for (const m of movements) {
    if (isQuiet(m)) continue;
    const type = byType.get(m.row.type)!;
    add(type.figures, m);
    const sub = type.subtypes.get(m.row.subtype) ?? { figures: zero(), accounts: 0 };
    add(sub.figures, m);
    sub.accounts += 1;
    type.subtypes.set(m.row.subtype, sub);
    debit = debit.plus(m.debit);
    credit = credit.plus(m.credit);
  }
  // The accounting equation in natural signs: assets = liabilities + equity + income - expenses.
  const f = (t: AccountType) => byType.get(t)!.figures;
  const equationHolds = (k: 'opening' | 'closing') => f('asset')[k].eq(f('liability')[k].plus(f('equity')[k]).plus(f('income')[k]).minus(f('expense')[k]));
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    types: accountTypeValues.map((t) => {
      const type = byType.get(t)!;
      const subtypes: AccountSubtypeTotal[] = [...type.subtypes.entries()]
        .sort(([a], [b]) => accountSubtypeValues.indexOf(a) - accountSubtypeValues.indexOf(b))
        .map(([subtype, s]) => ({ subtype, name: accountSubtypeName(subtype, lang), accounts: s.accounts, ...out(s.figures) }));
      return { type: t, name: accountTypeName(t, lang), ...out(type.figures), subtypes };
    }),
    totals: { debit: money(debit), credit: money(credit) },
    isBalanced: debit.eq(credit) && equationHolds('opening') && equationHolds('closing'),
  };
}
