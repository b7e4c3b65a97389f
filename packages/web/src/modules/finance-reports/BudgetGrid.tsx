// The budget of a year as a grid (GET/PUT /api/finance/budgets): a row per income and expense account,
// a column per month, amounts typed as decimal strings; row totals, each section's monthly totals and
// the net (income less expenses) follow every keystroke (decimal.js). Keyboard: Enter or ↓ moves down,
// Shift+Enter or ↑ up, Tab right; Ctrl+Enter saves. Save sends only the changed cells (a cleared cell
// as 0.00); the server's refusal of a line lands on its cell. Leaving with unsaved changes (another
// year, the other tab, another screen) asks first.
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/Save';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import type { BudgetSheet } from '@ubo/contracts';
import { useSession } from '../../app/session.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { useMessage } from '../../lib/messages.ts';
import { financePrivileges } from '../finance/index.ts';
import { type CsvValue, csvFileName } from '../../lib/csv.ts';
import { accountKeys, useAllAccounts } from '../finance/index.ts';
import { NO_PRINT } from '../../components/PrintStyles.tsx';
import { ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import {
  type BudgetCells,
  budgetAccounts,
  budgetAmountOf,
  budgetBody,
  budgetCellErrors,
  cellKey,
  cellsFromSheet,
  changedCells,
  gridTotals,
  MONTHS,
} from './finance-reports.logic.ts';
import { useBudgetSheet, useSaveBudgets } from './finance-reports.queries.ts';
import { type BudgetSection, BudgetTable } from './BudgetTable.tsx';
import { usePeriodWords, YearMonthDialog } from './YearMonthDialog.tsx';

interface EditState {
  /** The sheet the edits started from: a new one (another year, a save) starts afresh. */
  source: BudgetSheet | undefined;
  cells: BudgetCells;
  /** Server refusals by cell key; '' for those of no cell. */
  errors: Record<string, string>;
}

export interface BudgetGridProps {
  year: number;
  tabs: ReactNode;
  onYear: (year: number) => void;
}

export function BudgetGrid({ year, tabs, onYear }: BudgetGridProps) {
  const { t } = useTranslation();
  const message = useMessage();
  const { can } = useSession();
  const periodWords = usePeriodWords();
  const mayReadChart = can(financePrivileges.accounts);
  const sheet = useBudgetSheet(year);
  const chart = useAllAccounts();
  const client = useQueryClient();
  // Accounts may have been added on another screen since the chart was read: read it again on opening.
  useEffect(() => {
    void client.invalidateQueries({ queryKey: accountKeys.all });
  }, [client]);
  const save = useSaveBudgets();
  const [isPeriodOpen, setPeriodOpen] = useState(false);
  const tableRef = useRef<HTMLTableElement>(null);

  const baseline = useMemo(() => (sheet.data ? cellsFromSheet(sheet.data) : {}), [sheet.data]);
  const [edit, setEdit] = useState<EditState>({ source: undefined, cells: {}, errors: {} });
  if (edit.source !== sheet.data) setEdit({ source: sheet.data, cells: baseline, errors: {} });
  const isCurrent = edit.source === sheet.data;
  const cells = isCurrent ? edit.cells : baseline;
  const errors = isCurrent ? edit.errors : {};

  const accounts = useMemo(() => budgetAccounts(chart.data, sheet.data), [chart.data, sheet.data]);
  const income = accounts.filter((a) => a.type === 'income');
  const expenses = accounts.filter((a) => a.type === 'expense');
  const incomeTotals = gridTotals(
    cells,
    income.map((a) => a.id),
  );
  const expenseTotals = gridTotals(
    cells,
    expenses.map((a) => a.id),
  );
  const netMonths = incomeTotals.months.map((m, i) => m.minus(expenseTotals.months[i]));
  const netTotal = incomeTotals.total.minus(expenseTotals.total);
  const invalid = [...incomeTotals.invalid, ...expenseTotals.invalid];
  const changed = changedCells(cells, baseline);
  const isDirty = changed.length > 0;
  const canSave = sheet.data !== undefined && isDirty && invalid.length === 0 && !save.isPending;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  const onChange = useCallback((key: string, value: string) => {
    setEdit((prev) => {
      const { [key]: _cleared, ...rest } = prev.errors;
      return { ...prev, cells: { ...prev.cells, [key]: value }, errors: rest };
    });
  }, []);
  const cellLabel = useCallback((code: string, month: number) => t('financeReports.budget.cell', { code, month: t(`financeReports.month.m${month}`) }), [t]);

  const submit = async () => {
    if (!canSave) return;
    const out = budgetBody(year, cells, baseline);
    if (!out || out.body.lines.length === 0) return;
    try {
      await save.mutateAsync(out.body);
      toast(t('financeReports.budget.saved', { year }), 'success');
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      const next = err.details.length > 0 ? budgetCellErrors(err.details, out.keys) : { '': err.message };
      setEdit((prev) => ({ ...prev, errors: next }));
      // The first refused cell takes the focus, so the correction starts where the problem is.
      const first = out.keys.find((k) => k in next);
      if (first) tableRef.current?.querySelector<HTMLInputElement>(`input[data-cell="${first}"]`)?.focus();
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const target = e.target as HTMLElement;
    const row = target.dataset.row;
    const month = target.dataset.month;
    if (row === undefined || month === undefined) return;
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void submit();
      return;
    }
    let next: number | null = null;
    if (e.key === 'ArrowDown' || (e.key === 'Enter' && !e.shiftKey)) next = Number(row) + 1;
    else if (e.key === 'ArrowUp' || (e.key === 'Enter' && e.shiftKey)) next = Number(row) - 1;
    if (next === null) return;
    e.preventDefault();
    tableRef.current?.querySelector<HTMLInputElement>(`input[data-row="${next}"][data-month="${month}"]`)?.focus();
  };

  const title = t('financeReports.budget.sheetTitle', { year });
  const monthHeads = MONTHS.map((m) => t(`financeReports.month.m${m}`));
  // `first`: the grid row of the section's first account (↑ and ↓ cross from income into expenses).
  const sections: BudgetSection[] = [
    {
      key: 'income',
      title: t('financeReports.budget.income'),
      totalLabel: t('financeReports.budget.totalIncome'),
      accounts: income,
      totals: incomeTotals,
      first: 0,
    },
    {
      key: 'expenses',
      title: t('financeReports.budget.expenses'),
      totalLabel: t('financeReports.budget.totalExpenses'),
      accounts: expenses,
      totals: expenseTotals,
      first: income.length,
    },
  ];
  const cellErrors = Object.entries(errors).filter(([k]) => k !== '');
  const accountOf = (id: number) => accounts.find((a) => a.id === id);

  const csv = () => {
    if (!sheet.data) return null;
    const amount = (text: string | undefined) => budgetAmountOf(text)?.toFixed(2) ?? text ?? '';
    const out: CsvValue[][] = [[t('finance.accounts.code'), t('finance.accounts.name'), ...monthHeads, t('finance.report.total')]];
    for (const s of sections) {
      out.push([s.title]);
      for (const a of s.accounts) {
        out.push([a.code, a.name, ...MONTHS.map((m) => amount(cells[cellKey(a.id, m)])), s.totals.rows.get(a.id)?.toFixed(2) ?? '']);
      }
      out.push(['', s.totalLabel, ...s.totals.months.map((m) => m.toFixed(2)), s.totals.total.toFixed(2)]);
    }
    out.push(['', t('financeReports.budget.net'), ...netMonths.map((m) => m.toFixed(2)), netTotal.toFixed(2)]);
    return out;
  };

  return (
    <ReportFrame
      title={title}
      period={periodWords.year(year)}
      onPeriod={() => setPeriodOpen(true)}
      csv={csv}
      csvName={csvFileName(t('financeReports.budget.title'), String(year))}
      isFetching={sheet.isFetching}
      toolbar={
        <>
          {tabs}
          <Box sx={{ flexGrow: 1 }} />
          <Chip
            variant="outlined"
            color={isDirty ? 'warning' : 'default'}
            label={isDirty ? t('financeReports.budget.unsaved', { count: changed.length }) : t('financeReports.budget.noChanges')}
            role="status"
          />
          <Button variant="contained" startIcon={<SaveIcon />} disabled={!canSave} onClick={() => void submit()}>
            {t('financeReports.budget.save')}
          </Button>
        </>
      }
    >
      <Box role="tabpanel" id="budget-panel" aria-labelledby="budget-tab-budget">
        <ReportState
          query={{
            isPending: sheet.isPending || (mayReadChart && chart.isPending),
            isError: sheet.isError || chart.isError,
            data: sheet.data,
            refetch: () => Promise.all([sheet.refetch(), chart.refetch()]),
          }}
          emptyText=""
        >
          {!mayReadChart && (
            <Alert severity="info" className={NO_PRINT} sx={{ mb: 2 }}>
              {t('financeReports.budget.noChart')}
            </Alert>
          )}
          {errors[''] && (
            <Alert severity="error" className={NO_PRINT} sx={{ mb: 2 }}>
              {message(errors[''])}
            </Alert>
          )}
          {cellErrors.length > 0 && (
            <Alert severity="error" className={NO_PRINT} sx={{ mb: 2 }} data-testid="budget-errors">
              {t('financeReports.budget.refused', { count: cellErrors.length })}
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {cellErrors.map(([key, text]) => {
                  const [id, m] = key.split(':').map(Number);
                  const a = accountOf(id);
                  return (
                    <li key={key}>
                      {a ? `${a.code} · ${a.name}` : id}, {t(`financeReports.monthLong.m${m}`)}: {message(text)}
                    </li>
                  );
                })}
              </Box>
            </Alert>
          )}
          {invalid.length > 0 && (
            <Alert severity="warning" className={NO_PRINT} sx={{ mb: 2 }} role="status">
              {t('financeReports.budget.invalid')}
            </Alert>
          )}
          {accounts.length === 0 ? (
            <Alert severity="info">{t('financeReports.budget.noAccounts')}</Alert>
          ) : (
            <BudgetTable
              title={title}
              tableRef={tableRef}
              onKeyDown={onKeyDown}
              monthHeads={monthHeads}
              sections={sections}
              cells={cells}
              errors={errors}
              cellLabel={cellLabel}
              onChange={onChange}
              netMonths={netMonths}
              netTotal={netTotal}
            />
          )}
          <Typography variant="caption" component="p" className={NO_PRINT} sx={{ mt: 1, color: 'text.secondary' }}>
            {t('financeReports.budget.keys')}
          </Typography>
        </ReportState>
      </Box>
      <YearMonthDialog
        open={isPeriodOpen}
        title={t('finance.report.period')}
        year={year}
        month={null}
        mode="none"
        onApply={(v) => onYear(v.year)}
        onClose={() => setPeriodOpen(false)}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('financeReports.budget.discardTitle')}
        message={t('financeReports.budget.discardText', { year })}
        confirmLabel={t('financeReports.budget.discard')}
        destructive
        onConfirm={() => blocker.proceed?.()}
        onClose={() => {
          if (blocker.state === 'blocked') blocker.reset();
        }}
      />
    </ReportFrame>
  );
}
