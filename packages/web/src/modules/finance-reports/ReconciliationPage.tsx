// /reports/monthly-reconciliation: a bank or mobile money account's month against its statement
// (GET/PUT /api/finance/reconciliation, POST .../complete). The account and month are in the URL
// (?accountId&period=YYYY-MM). The user types the statement's closing balance and ticks the ledger
// lines that appear on the statement; the cleared balance (brought forward + ticked lines) and the
// difference (statement - cleared) follow every tick (decimal.js). Save keeps a draft; Complete (after
// saving what changed) is possible only at a difference of exactly 0.00, and a completed month is
// read-only. Months are reconciled in order: the server says when an earlier one is still open.
import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Chip from '@mui/material/Chip';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { financeReportsEndpoints, type Reconciliation } from '@ubo/contracts';
import { useSession } from '../../app/session.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useLang, useMessage } from '../../lib/messages.ts';
import { AccountPicker } from '../finance/index.ts';
import { financePrivileges } from '../finance/index.ts';
import { type CsvValue, csvFileName } from '../../lib/csv.ts';
import { idFromParams, statementLink } from '../finance/index.ts';
import { isNonZero } from '../../lib/format.ts';
import { accountKeys, useAllAccounts } from '../finance/index.ts';
import { ReportFrame } from '../../components/ReportFrame.tsx';
import { NO_PRINT } from '../../components/PrintStyles.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { useReportParams } from '../../lib/useReportParams.ts';
import {
  clearedIdsOf,
  isReconciliationDirty,
  monthRange,
  periodFromParams,
  periodOf,
  reconciliationFigures,
  signedAmountOf,
  splitPeriod,
} from './finance-reports.logic.ts';
import { useCompleteReconciliation, useReconciliation, useSaveReconciliation } from './finance-reports.queries.ts';
import { ReconciliationFigures, ReconciliationLines } from './ReconciliationParts.tsx';
import { usePeriodWords, YearMonthDialog } from './YearMonthDialog.tsx';

interface EditState {
  /** The server's reconciliation the edits started from: a new answer (another month, a save) starts afresh. */
  source: Reconciliation | undefined;
  cleared: Set<number>;
  statement: string;
  /** Why the last save or complete was refused. */
  errors: string[];
}

const fresh = (rec: Reconciliation | undefined): EditState => ({
  source: rec,
  cleared: rec ? clearedIdsOf(rec) : new Set(),
  statement: rec?.statementBalance ?? '',
  errors: [],
});

export default function ReconciliationPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const message = useMessage();
  const { can } = useSession();
  const periodWords = usePeriodWords();
  const { params, update } = useReportParams();
  const accountId = idFromParams(params, 'accountId');
  const period = periodFromParams(params);
  const { year, month } = splitPeriod(period);
  const accounts = useAllAccounts();
  const client = useQueryClient();
  // A bank account may have been added on another screen since the chart was read: read it again on opening.
  useEffect(() => {
    void client.invalidateQueries({ queryKey: accountKeys.all });
  }, [client]);
  const reconcilable = useMemo(
    () => (accounts.data ?? []).filter((a) => a.type === 'asset' && (a.subtype === 'bank' || a.subtype === 'mobile_money')),
    [accounts.data],
  );
  const rec = useReconciliation(accountId, period);
  const data = accountId === null ? undefined : rec.data;
  const save = useSaveReconciliation();
  const complete = useCompleteReconciliation();
  const [isPeriodOpen, setPeriodOpen] = useState(false);
  const [isConfirmOpen, setConfirmOpen] = useState(false);

  const [edit, setEdit] = useState<EditState>(() => fresh(undefined));
  if (edit.source !== data) setEdit(fresh(data));
  const state = edit.source === data ? edit : fresh(data);

  const figures = data ? reconciliationFigures(data, state.cleared, state.statement) : null;
  const isDirty = data ? isReconciliationDirty(data, state.cleared, state.statement) : false;
  const isEditable = data?.isEditable ?? false;
  const statementValue = signedAmountOf(state.statement);
  const isBusy = save.isPending || complete.isPending;
  const canSave = isEditable && isDirty && statementValue !== null && !isBusy;
  const canComplete = isEditable && figures?.isReconciled === true && !isBusy;
  const canOpenEntry = can(financePrivileges.journal);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  const title = t('financeReports.rec.title');
  const heading = data ? `${title}: ${data.account.code} · ${data.account.name}` : title;
  const monthText = periodWords.month(year, month);

  const errorsOf = (err: unknown): string[] => {
    if (!(err instanceof ApiError)) return [];
    return err.details.length > 0 ? err.details.map((d) => message(d.message)) : [message(err.message)];
  };

  /** PUT what the screen shows; returns the saved reconciliation. */
  const saveNow = async () => {
    if (!data || statementValue === null) throw new Error('nothing to save');
    return save.mutateAsync({
      accountId: data.account.id,
      period: data.period,
      statementBalance: statementValue.toFixed(2),
      clearedLineIds: data.lines.filter((l) => state.cleared.has(l.lineId)).map((l) => l.lineId),
    });
  };

  const onSave = async () => {
    try {
      await saveNow();
      toast(t('financeReports.rec.saved'), 'success');
    } catch (err) {
      setEdit((prev) => ({ ...prev, errors: errorsOf(err) }));
    }
  };

  const onComplete = async () => {
    if (!data) return;
    try {
      if (isDirty) await saveNow();
      await complete.mutateAsync({ accountId: data.account.id, period: data.period });
      toast(t('financeReports.rec.completedToast', { month: monthText }), 'success');
    } catch (err) {
      // The dialog closes; the reasons show above the figures.
      const errors = errorsOf(err);
      setEdit((prev) => ({ ...prev, errors }));
    }
  };

  const toggle = (lineId: number, on: boolean) =>
    setEdit((prev) => {
      const cleared = new Set(prev.cleared);
      if (on) cleared.add(lineId);
      else cleared.delete(lineId);
      return { ...prev, cleared, errors: [] };
    });

  const csv = () => {
    if (!data || !figures) return null;
    const r = (k: string) => t(`financeReports.rec.${k}`);
    const out: CsvValue[][] = [
      [`${data.account.code} · ${data.account.name}`, monthText],
      [r('cleared'), r('date'), r('number'), r('reference'), r('memo'), r('moneyIn'), r('moneyOut')],
      ...data.lines.map((l) => [
        state.cleared.has(l.lineId) ? t('common.yes') : t('common.no'),
        l.date,
        l.number,
        l.reference,
        l.memo,
        isNonZero(l.debit) ? l.debit : '',
        isNonZero(l.credit) ? l.credit : '',
      ]),
      [],
      [r('openingCleared'), data.openingClearedBalance],
      [r('statementBalance'), statementValue?.toFixed(2) ?? ''],
      [r('clearedBalance'), figures.cleared.toFixed(2)],
      [r('difference'), figures.difference?.toFixed(2) ?? ''],
      [r('ledgerBalance'), data.ledgerBalance],
    ];
    return out;
  };

  const statusChip = data ? (
    data.status === 'completed' ? (
      <Chip color="success" label={t('financeReports.rec.completed')} />
    ) : isDirty ? (
      <Chip color="warning" variant="outlined" label={t('financeReports.rec.unsaved')} />
    ) : data.id === null ? (
      <Chip variant="outlined" label={t('financeReports.rec.notSaved')} />
    ) : (
      <Chip variant="outlined" color="info" label={t('financeReports.rec.draft')} />
    )
  ) : null;

  return (
    <ReportFrame
      title={heading}
      period={monthText}
      onPeriod={() => setPeriodOpen(true)}
      csv={csv}
      csvName={csvFileName(title, data?.account.code ?? '', period)}
      exportEndpoint={accountId === null ? undefined : financeReportsEndpoints.reconciliationExport}
      exportQuery={{ accountId: accountId ?? undefined, period }}
      isFetching={rec.isFetching}
      toolbar={
        <>
          <AccountPicker
            accounts={reconcilable}
            loading={accounts.isPending}
            value={accountId}
            onChange={(id) => update({ accountId: id ? String(id) : null })}
            label={t('financeReports.rec.account')}
            sx={{ width: { xs: '100%', md: 420 } }}
          />
          <span role="status">{statusChip}</span>
        </>
      }
    >
      {accountId === null ? (
        <Alert severity="info">{t('financeReports.rec.choose')}</Alert>
      ) : (
        <ReportState query={rec} emptyText="">
          {data && figures && (
            <>
              {data.status === 'completed' ? (
                <Alert severity="success" sx={{ mb: 2 }} data-testid="rec-completed">
                  {t('financeReports.rec.completedBy', { user: data.completedBy ?? '', date: formatDateTime(data.completedAt, lang) })}
                </Alert>
              ) : (
                !data.isEditable && (
                  <Alert severity="warning" sx={{ mb: 2 }}>
                    {t('financeReports.rec.notEditable')}
                  </Alert>
                )
              )}
              {state.errors.length > 0 && (
                <Alert severity="error" className={NO_PRINT} sx={{ mb: 2 }} data-testid="rec-errors">
                  <AlertTitle>{t('financeReports.rec.refused')}</AlertTitle>
                  {state.errors.map((e) => (
                    <div key={e}>{e}</div>
                  ))}
                </Alert>
              )}
              <ReconciliationFigures
                rec={data}
                figures={figures}
                statementLinkTo={statementLink(data.account.id, { startDate: `${year}-01-01`, endDate: monthRange(period).endDate })}
                isEditable={isEditable}
                statement={state.statement}
                isStatementValid={statementValue !== null}
                onStatement={(statement) => setEdit((prev) => ({ ...prev, statement, errors: [] }))}
                canSave={canSave}
                canComplete={canComplete}
                onSave={() => void onSave()}
                onComplete={() => setConfirmOpen(true)}
              />
              <ReconciliationLines
                lines={data.lines}
                cleared={state.cleared}
                isEditable={isEditable}
                canOpenEntry={canOpenEntry}
                onToggle={toggle}
                onToggleAll={(on) => setEdit((prev) => ({ ...prev, cleared: on ? new Set(data.lines.map((l) => l.lineId)) : new Set(), errors: [] }))}
              />
            </>
          )}
        </ReportState>
      )}
      <YearMonthDialog
        open={isPeriodOpen}
        title={t('finance.report.period')}
        year={year}
        month={month}
        mode="required"
        onApply={(v) => update({ period: periodOf(v.year, v.month ?? 1) })}
        onClose={() => setPeriodOpen(false)}
      />
      <ConfirmDialog
        open={isConfirmOpen}
        title={t('financeReports.rec.completeTitle')}
        message={t('financeReports.rec.completeText', { account: data ? `${data.account.code} · ${data.account.name}` : '', month: monthText })}
        confirmLabel={t('financeReports.rec.complete')}
        onConfirm={onComplete}
        onClose={() => setConfirmOpen(false)}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('financeReports.budget.discardTitle')}
        message={t('financeReports.rec.discardText')}
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
