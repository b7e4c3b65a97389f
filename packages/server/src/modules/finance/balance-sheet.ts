// GET /api/finance/balancesheet: assets, liabilities and equity at the end of a day from the monthly and
// daily balances (ledger balanceSums). Income less expenses not yet closed into retained earnings is shown
// as current-year earnings within equity, so assets = liabilities + equity holds whenever every entry balances.
import { sql } from 'drizzle-orm';
import { type AccountSubtype, type AccountType, type BalanceSheet, type Lang, type StatementRow, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { balanceSums, Decimal, money, naturalBalance } from '../../ledger/index.ts';
import { accountName } from './list-accounts.ts';

interface Row {
  id: number;
  code: string;
  name_en: string;
  name_so: string;
  type: AccountType;
  subtype: AccountSubtype;
  parent_id: number | null;
  debit: string;
  credit: string;
}

export async function balanceSheet(opts: { tx: Db; clientId: number; lang: Lang; date: string }): Promise<BalanceSheet> {
  const { tx, clientId, lang, date } = opts;
  const rows = await queryRows<Row>(
    tx,
    sql`
    select a.id, a.code, a.name_en, a.name_so, a.type, a.subtype, a.parent_id, b.debit, b.credit
    from accounts a join ${balanceSums(clientId, { to: date })} b on b.account_id = a.id
    where a.client_id = ${clientId}
    order by a.code`,
  );

  const sections: Record<'asset' | 'liability' | 'equity', StatementRow[]> = { asset: [], liability: [], equity: [] };
  const totals = { asset: new Decimal(0), liability: new Decimal(0), equity: new Decimal(0) };
  let earnings = new Decimal(0);
  for (const row of rows) {
    const amount = naturalBalance(row.type, row.debit, row.credit);
    if (row.type === 'income') earnings = earnings.plus(amount);
    else if (row.type === 'expense') earnings = earnings.minus(amount);
    else if (!amount.isZero()) {
      sections[row.type].push({
        accountId: row.id,
        code: row.code,
        name: accountName(row, lang),
        subtype: row.subtype,
        parentId: row.parent_id,
        amount: money(amount),
      });
      totals[row.type] = totals[row.type].plus(amount);
    }
  }
  if (!earnings.isZero()) {
    sections.equity.push({
      accountId: null,
      code: '',
      name: translate('finance.currentEarnings', lang),
      subtype: null,
      parentId: null,
      amount: money(earnings),
    });
    totals.equity = totals.equity.plus(earnings);
  }
  const liabilitiesAndEquity = totals.liability.plus(totals.equity);
  return {
    date,
    assets: sections.asset,
    liabilities: sections.liability,
    equity: sections.equity,
    totals: {
      assets: money(totals.asset),
      liabilities: money(totals.liability),
      equity: money(totals.equity),
      liabilitiesAndEquity: money(liabilitiesAndEquity),
    },
    isBalanced: totals.asset.eq(liabilitiesAndEquity),
  };
}
