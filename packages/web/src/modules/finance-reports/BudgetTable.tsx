// The budget grid's table: the month heads, a section per income and expenses with a row per account
// (each cell an amount input; a row re-renders only when its own cells change), the sections' monthly
// totals and the net. The account and total columns stay in place while the months scroll.
import { type KeyboardEvent, memo, type Ref } from 'react';
import type Decimal from 'decimal.js';
import Box from '@mui/material/Box';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../components/MoneyText.tsx';
import { stickyEndSx } from '../../components/stickyColumns.ts';
import { type BudgetAccount, type BudgetCells, budgetAmountOf, cellKey, type GridTotals, MONTHS } from './finance-reports.logic.ts';

const STICKY = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;
// The year's total stays at the right edge while the months scroll under it (a 1366 px laptop shows
// about nine months beside the account names).
const STICKY_TOTAL = stickyEndSx;
const CELL_WIDTH = 92;

interface GridRowProps {
  account: BudgetAccount;
  row: number;
  values: readonly string[];
  errors: readonly (string | undefined)[];
  total: Decimal | null;
  cellLabel: (code: string, month: number) => string;
  onChange: (key: string, value: string) => void;
}

function sameList(a: readonly unknown[], b: readonly unknown[]) {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** One account's row; re-rendered only when its own cells, errors or total change. */
const GridRow = memo(
  function GridRow({ account, row, values, errors, total, cellLabel, onChange }: GridRowProps) {
    return (
      <TableRow hover>
        <TableCell component="th" scope="row" sx={{ ...STICKY, whiteSpace: 'nowrap', pl: 3 }}>
          <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', mr: 1 }}>
            {account.code}
          </Box>
          {account.name}
        </TableCell>
        {MONTHS.map((m, i) => {
          const key = cellKey(account.id, m);
          const error = errors[i];
          const isBad = error !== undefined || budgetAmountOf(values[i]) === null;
          return (
            <TableCell key={m} sx={{ p: 0.25 }}>
              <InputBase
                value={values[i]}
                onChange={(e) => onChange(key, e.target.value)}
                onFocus={(e) => e.target.select()}
                inputProps={{
                  'aria-label': cellLabel(account.code, m),
                  'aria-invalid': isBad || undefined,
                  'data-row': row,
                  'data-month': m,
                  'data-cell': key,
                  inputMode: 'decimal',
                  autoComplete: 'off',
                  title: error,
                }}
                sx={{
                  width: '100%',
                  border: 1,
                  borderRadius: 0.5,
                  borderColor: isBad ? 'error.main' : 'divider',
                  bgcolor: isBad ? 'rgba(211, 47, 47, 0.08)' : undefined,
                  '&:hover': { borderColor: isBad ? 'error.main' : 'text.secondary' },
                  '&.Mui-focused': { borderColor: isBad ? 'error.main' : 'primary.main' },
                  '& input': { textAlign: 'right', py: 0.5, px: 1, fontVariantNumeric: 'tabular-nums', fontSize: '0.875rem' },
                  '@media print': { border: 'none' },
                }}
              />
            </TableCell>
          );
        })}
        <TableCell align="right" sx={{ ...STICKY_TOTAL, fontWeight: 600, whiteSpace: 'nowrap' }} data-testid={`budget-row-total-${account.code}`}>
          {total && <MoneyText value={total} />}
        </TableCell>
      </TableRow>
    );
  },
  (a, b) =>
    a.account === b.account &&
    a.row === b.row &&
    a.cellLabel === b.cellLabel &&
    a.onChange === b.onChange &&
    sameList(a.values, b.values) &&
    sameList(a.errors, b.errors) &&
    (a.total === b.total || (a.total !== null && b.total !== null && a.total.eq(b.total))),
);

function TotalsRow({ label, months, total, testId, ruled }: { label: string; months: readonly Decimal[]; total: Decimal; testId: string; ruled?: boolean }) {
  return (
    <TableRow sx={{ '& td, & th': { fontWeight: 700, whiteSpace: 'nowrap', borderTop: ruled ? 2 : 1, borderColor: ruled ? 'text.primary' : 'divider' } }}>
      <TableCell component="th" scope="row" sx={STICKY}>
        {label}
      </TableCell>
      {months.map((m, i) => (
        <TableCell key={MONTHS[i]} align="right" data-testid={`${testId}-m${i + 1}`}>
          <MoneyText value={m} negativeColor />
        </TableCell>
      ))}
      <TableCell align="right" sx={STICKY_TOTAL} data-testid={testId}>
        <MoneyText value={total} negativeColor />
      </TableCell>
    </TableRow>
  );
}

/** A section of the grid; `first` is the grid row of its first account (↑ and ↓ cross from income into expenses). */
export interface BudgetSection {
  key: 'income' | 'expenses';
  title: string;
  totalLabel: string;
  accounts: BudgetAccount[];
  totals: GridTotals;
  first: number;
}

export interface BudgetTableProps {
  title: string;
  tableRef: Ref<HTMLTableElement>;
  onKeyDown: (e: KeyboardEvent<HTMLTableElement>) => void;
  monthHeads: readonly string[];
  sections: readonly BudgetSection[];
  cells: BudgetCells;
  /** Server refusals by cell key. */
  errors: Record<string, string>;
  cellLabel: (code: string, month: number) => string;
  onChange: (key: string, value: string) => void;
  netMonths: readonly Decimal[];
  netTotal: Decimal;
}

export function BudgetTable({ title, tableRef, onKeyDown, monthHeads, sections, cells, errors, cellLabel, onChange, netMonths, netTotal }: BudgetTableProps) {
  const { t } = useTranslation();
  return (
    <Paper>
      {/* A focused cell scrolls into view clear of the sticky account and total columns. */}
      <TableContainer sx={{ scrollPaddingLeft: 260, scrollPaddingRight: 130 }}>
        <Table size="small" aria-label={title} ref={tableRef} onKeyDown={onKeyDown} sx={{ '& th, & td': { px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ ...STICKY, minWidth: 240, zIndex: 2 }}>{t('financeReports.budget.account')}</TableCell>
              {monthHeads.map((h) => (
                <TableCell key={h} align="right" sx={{ minWidth: CELL_WIDTH }}>
                  {h}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ ...STICKY_TOTAL, minWidth: 110, zIndex: 3 }}>
                {t('finance.report.total')}
              </TableCell>
            </TableRow>
          </TableHead>
          {sections.map((s) => (
            <TableBody key={s.key} aria-label={s.title}>
              <TableRow sx={{ bgcolor: 'background.default' }}>
                <TableCell component="th" scope="rowgroup" sx={{ ...STICKY, bgcolor: 'background.default', fontWeight: 700 }}>
                  {s.title}
                </TableCell>
                <TableCell colSpan={13} />
              </TableRow>
              {s.accounts.map((a, i) => {
                const values = MONTHS.map((m) => cells[cellKey(a.id, m)] ?? '');
                const rowErrors = MONTHS.map((m) => errors[cellKey(a.id, m)]);
                return (
                  <GridRow
                    key={a.id}
                    account={a}
                    row={s.first + i}
                    values={values}
                    errors={rowErrors}
                    total={s.totals.rows.get(a.id) ?? null}
                    cellLabel={cellLabel}
                    onChange={onChange}
                  />
                );
              })}
              <TotalsRow label={s.totalLabel} months={s.totals.months} total={s.totals.total} testId={`budget-total-${s.key}`} />
            </TableBody>
          ))}
          <TableBody>
            <TotalsRow label={t('financeReports.budget.net')} months={netMonths} total={netTotal} testId="budget-total-net" ruled />
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
