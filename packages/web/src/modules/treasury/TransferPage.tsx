// /finance/transfer-balance: moves money between the organisation's own cash, bank and mobile money
// accounts (the form, TransferForm.tsx), and below it the transfers made (GET /api/finance/transfer) with
// their journal entry and a Cancel that reverses the entry after asking for its date and a reason.
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import BlockIcon from '@mui/icons-material/Block';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { useTranslation } from 'react-i18next';
import { type Transfer, treasuryEndpoints } from '@ubo/contracts';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toast } from '../../lib/api.ts';
import { formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { treasuryPrivileges as p } from './treasury.access.ts';
import { useCancelTransfer } from './treasury.queries.ts';
import { TransferForm } from './TransferForm.tsx';
import { DocumentStateChip, EntryLink, ReversalDialog } from './TreasuryParts.tsx';

export default function TransferPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const cancel = useCancelTransfer();
  const [cancelling, setCancelling] = useState<Transfer | null>(null);

  const columns = useMemo<DataTableColumn<Transfer>[]>(
    () => [
      {
        field: 'number',
        header: t('treasury.transfer.number'),
        sortable: false,
        render: (r) => (
          <Box component="span" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
            {r.number}
          </Box>
        ),
      },
      { field: 'date', header: t('treasury.date'), render: (r) => <DateText value={r.date} />, csv: (r) => r.date },
      {
        field: 'fromAccount',
        header: t('treasury.transfer.from'),
        sortable: false,
        render: (r) => `${r.fromAccount.code} · ${r.fromAccount.name}`,
        csv: (r) => `${r.fromAccount.code} ${r.fromAccount.name}`,
      },
      {
        field: 'toAccount',
        header: t('treasury.transfer.to'),
        sortable: false,
        render: (r) => `${r.toAccount.code} · ${r.toAccount.name}`,
        csv: (r) => `${r.toAccount.code} ${r.toAccount.name}`,
      },
      { field: 'amount', header: t('treasury.amount'), sortable: false, align: 'right', render: (r) => <MoneyText value={r.amount} /> },
      { field: 'reference', header: t('treasury.reference'), sortable: false },
      { field: 'memo', header: t('treasury.memo'), sortable: false, hidden: true },
      {
        field: 'entryNumber',
        header: t('treasury.entry'),
        sortable: false,
        render: (r) => (
          <Stack component="span" spacing={0.25}>
            <EntryLink id={r.entryId} number={r.entryNumber} label={t('treasury.openEntry', { number: r.entryNumber })} />
            {r.cancelEntryId !== null && r.cancelEntryNumber && (
              <Box component="span" sx={{ fontSize: '0.8em', color: 'text.secondary' }}>
                {t('treasury.transfer.cancelledBy')} <EntryLink id={r.cancelEntryId} number={r.cancelEntryNumber} />
              </Box>
            )}
          </Stack>
        ),
      },
      {
        field: 'status',
        header: t('treasury.status'),
        sortable: false,
        render: (r) => <DocumentStateChip state={r.status} />,
        csv: (r) => t(`treasury.state.${r.status}`),
      },
      { field: 'createdBy', header: t('treasury.createdBy'), sortable: false, hidden: true },
    ],
    [t],
  );

  const actions: RowAction<Transfer>[] = [
    {
      label: t('treasury.transfer.cancel'),
      icon: <BlockIcon fontSize="small" />,
      color: 'error',
      privilege: p.transfer,
      disabled: (r) => r.status === 'Cancelled',
      onClick: (r) => setCancelling(r),
    },
  ];

  return (
    <>
      <PageHeader title={t('treasury.transfer.title')} subtitle={t('treasury.transfer.subtitle')} />
      <TransferForm />
      <DataTable
        endpoint={treasuryEndpoints.transfers}
        title={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <SwapHorizIcon color="action" />
            <span>{t('treasury.transfer.listTitle')}</span>
          </Stack>
        }
        columns={columns}
        actions={actions}
        defaultSort={{ field: 'date', order: 'desc' }}
        defaultLimit={25}
        exportName="transfers"
        emptyText={t('treasury.transfer.empty')}
      />
      {cancelling && (
        <ReversalDialog
          open
          title={t('treasury.transfer.cancelTitle', { number: cancelling.number })}
          text={t('treasury.transfer.cancelText', {
            amount: formatMoney(cancelling.amount, lang),
            from: `${cancelling.fromAccount.code} · ${cancelling.fromAccount.name}`,
            to: `${cancelling.toAccount.code} · ${cancelling.toAccount.name}`,
          })}
          confirmLabel={t('treasury.transfer.cancel')}
          documentDate={cancelling.date}
          onSubmit={async (body, key) => {
            const done = await cancel.mutateAsync({ id: cancelling.id, body, key });
            toast(t('treasury.transfer.cancelled', { number: done.number, entry: done.cancelEntryNumber ?? '' }), 'success');
          }}
          onClose={() => setCancelling(null)}
        />
      )}
    </>
  );
}
