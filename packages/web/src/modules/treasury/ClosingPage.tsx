// /settings/list-closing-accounts: the year-end closing. Shows the lock date (GET /api/finance/closing),
// a form to close a period (period end, retained earnings account, memo) with a preview of the income
// and expense balances the closing entry will move, a confirmation that says what closing does, and the
// history of closings. Administrators may reopen closed periods (POST /api/finance/closing/reopen: a new,
// earlier lock date or none, and a reason).
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useClosingState } from './treasury.queries.ts';
import { CloseForm } from './ClosingForm.tsx';
import { LockDateCard } from './ClosingParts.tsx';
import { ReopenDialog } from './ReopenDialog.tsx';
import { HistoryTable } from './ClosingHistory.tsx';

export default function ClosingPage() {
  const { t } = useTranslation();
  const state = useClosingState(null);
  const [reopening, setReopening] = useState(false);

  return (
    <>
      <PageHeader title={t('treasury.closing.title')} subtitle={t('treasury.closing.subtitle')} />
      {!state.data ? (
        state.isError ? (
          <Alert severity="error" action={<Button onClick={() => state.refetch()}>{t('errors.tryAgain')}</Button>}>
            {t('treasury.closing.loadFailed')}
          </Alert>
        ) : (
          <Skeleton variant="rounded" height={240} />
        )
      ) : (
        <>
          <LockDateCard state={state.data} onReopen={() => setReopening(true)} />
          <CloseForm state={state.data} />
          <HistoryTable closings={state.data.closings} />
          {state.data.lockDate && <ReopenDialog open={reopening} lockDate={state.data.lockDate} onClose={() => setReopening(false)} />}
        </>
      )}
    </>
  );
}
