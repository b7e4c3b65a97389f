// The body of the income statement and the balance sheet: sections of account rows (code, name,
// amount), each closed by its subtotal, then the closing lines (net income; total liabilities and
// equity). An account's amount opens its statement; computed rows (current-year earnings) do not.
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { StatementRow } from '@ubo/contracts';
import { MoneyText } from '../../../components/MoneyText.tsx';
import type { CsvValue } from '../../../lib/csv.ts';
import { Figure } from '../../../components/ReportFrame.tsx';

export interface StatementSection {
  key: string;
  title: string;
  rows: readonly StatementRow[];
  totalLabel: string;
  total: string;
}

export interface StatementTotal {
  key: string;
  label: string;
  value: string;
  /** Shown in the error colour when below zero (a net loss). */
  negativeColor?: boolean;
}

export interface StatementTableProps {
  title: string;
  sections: readonly StatementSection[];
  totals: readonly StatementTotal[];
  /** The statement of an account for the report's period. */
  linkOf: (accountId: number) => string;
  emptyRowText: string;
}

export function StatementTable({ title, sections, totals, linkOf, emptyRowText }: StatementTableProps) {
  const { t } = useTranslation();
  return (
    <Paper>
      <TableContainer>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 120 }}>{t('finance.accounts.code')}</TableCell>
              <TableCell>{t('finance.accounts.name')}</TableCell>
              <TableCell align="right" sx={{ width: 200 }}>
                {t('finance.report.amount')}
              </TableCell>
            </TableRow>
          </TableHead>
          {sections.map((s) => (
            <TableBody key={s.key} aria-label={s.title}>
              <TableRow sx={{ bgcolor: 'action.hover' }}>
                <TableCell colSpan={3} component="th" scope="rowgroup" sx={{ fontWeight: 700 }}>
                  {s.title}
                </TableCell>
              </TableRow>
              {s.rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={3} sx={{ color: 'text.secondary', pl: 4 }}>
                    {emptyRowText}
                  </TableCell>
                </TableRow>
              )}
              {s.rows.map((r) => (
                <TableRow key={r.accountId ?? `computed-${r.name}`} hover>
                  <TableCell sx={{ pl: 4, fontVariantNumeric: 'tabular-nums' }}>{r.code}</TableCell>
                  <TableCell sx={{ fontStyle: r.accountId === null ? 'italic' : undefined }}>{r.name}</TableCell>
                  <TableCell align="right">
                    <Figure
                      value={r.amount}
                      showZero
                      negativeColor
                      to={r.accountId === null ? null : linkOf(r.accountId)}
                      label={t('finance.report.openStatement', { code: r.code })}
                    />
                  </TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell />
                <TableCell sx={{ fontWeight: 600 }}>{s.totalLabel}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600, borderTop: 1, borderColor: 'text.secondary' }} data-testid={`total-${s.key}`}>
                  <MoneyText value={s.total} negativeColor />
                </TableCell>
              </TableRow>
            </TableBody>
          ))}
          <TableBody>
            {totals.map((x) => (
              <TableRow key={x.key} sx={{ '& td': { fontWeight: 700, fontSize: '0.95rem', borderTop: 2, borderColor: 'text.primary' } }}>
                <TableCell />
                <TableCell>{x.label}</TableCell>
                <TableCell align="right" data-testid={`total-${x.key}`}>
                  <MoneyText value={x.value} negativeColor={x.negativeColor} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

/** CSV rows of a statement as shown: section, code, account, amount. */
export function statementCsv(
  head: { section: string; code: string; name: string; amount: string },
  sections: readonly StatementSection[],
  totals: readonly StatementTotal[],
): CsvValue[][] {
  const out: CsvValue[][] = [[head.section, head.code, head.name, head.amount]];
  for (const s of sections) {
    for (const r of s.rows) out.push([s.title, r.code, r.name, r.amount]);
    out.push([s.title, '', s.totalLabel, s.total]);
  }
  for (const x of totals) out.push(['', '', x.label, x.value]);
  return out;
}
