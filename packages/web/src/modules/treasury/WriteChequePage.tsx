// /finance/write-check: writes a cheque on one of the organisation's bank accounts (ChequeForm; POST
// /api/finance/writecheck posts one entry: debit the lines, credit the bank) and below it the cheques
// written (GET /api/finance/writecheck) with their journal entry, the printed cheque and voucher, and a
// Void that reverses the entry after asking for its date and a reason.
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import BlockIcon from '@mui/icons-material/Block';
import PrintIcon from '@mui/icons-material/Print';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type ChequeSummary, treasuryEndpoints } from '@ubo/contracts';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toast } from '../../lib/api.ts';
import { formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { ChequeForm } from './ChequeForm.tsx';
import { treasuryPrivileges as p } from './treasury.access.ts';
import { chequePrintLink } from './treasury.logic.ts';
import { useVoidCheque } from './treasury.queries.ts';
import { DocumentStateChip, EntryLink, ReversalDialog } from './TreasuryParts.tsx';

export default function WriteChequePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const voidCheque = useVoidCheque();
  const [voiding, setVoiding] = useState<ChequeSummary | null>(null);

  const columns = useMemo<DataTableColumn<ChequeSummary>[]>(
    () => [
      {
        field: 'chequeNumber',
        header: t('treasury.cheque.number'),
        sortable: false,
        render: (r) => (
          <Box component="span" sx={{ fontWeight: 500, fontVariantNumeric: 'tabular-nums' }}>
            {r.chequeNumber}
          </Box>
        ),
      },
      { field: 'date', header: t('treasury.date'), render: (r) => <DateText value={r.date} />, csv: (r) => r.date },
      {
        field: 'bankAccount',
        header: t('treasury.cheque.bank'),
        sortable: false,
        render: (r) => `${r.bankAccount.code} · ${r.bankAccount.name}`,
        csv: (r) => `${r.bankAccount.code} ${r.bankAccount.name}`,
      },
      {
        field: 'payeeName',
        header: t('treasury.cheque.payee'),
        sortable: false,
        render: (r) => (
          <Stack component="span" spacing={0.25}>
            <span>{r.payeeName}</span>
            <Box component="span" sx={{ fontSize: '0.8em', color: 'text.secondary' }}>
              {t(`treasury.payee.${r.payeeType}`)}
              {r.payeeId !== null ? ` #${r.payeeId}` : ''}
            </Box>
          </Stack>
        ),
      },
      {
        field: 'amount',
        header: t('treasury.amount'),
        sortable: false,
        align: 'right',
        render: (r) => <MoneyText value={r.amount} currency={r.currency} />,
      },
      { field: 'memo', header: t('treasury.memo'), sortable: false, hidden: true },
      {
        field: 'entryNumber',
        header: t('treasury.entry'),
        sortable: false,
        render: (r) => (
          <Stack component="span" spacing={0.25}>
            <EntryLink id={r.entryId} number={r.entryNumber} label={t('treasury.openEntry', { number: r.entryNumber })} />
            {r.voidEntryId !== null && r.voidEntryNumber && (
              <Box component="span" sx={{ fontSize: '0.8em', color: 'text.secondary' }}>
                {t('treasury.cheque.voidedBy')} <EntryLink id={r.voidEntryId} number={r.voidEntryNumber} />
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

  const actions: RowAction<ChequeSummary>[] = [
    {
      label: t('treasury.cheque.print'),
      icon: <PrintIcon fontSize="small" />,
      onClick: (r) => navigate(chequePrintLink(r.id)),
    },
    {
      label: t('treasury.cheque.void'),
      icon: <BlockIcon fontSize="small" />,
      color: 'error',
      privilege: p.cheque,
      disabled: (r) => r.status === 'Void',
      onClick: (r) => setVoiding(r),
    },
  ];

  return (
    <>
      <PageHeader title={t('treasury.cheque.title')} subtitle={t('treasury.cheque.subtitle')} />
      <ChequeForm />
      <DataTable
        endpoint={treasuryEndpoints.cheques}
        title={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <ReceiptLongIcon color="action" />
            <span>{t('treasury.cheque.listTitle')}</span>
          </Stack>
        }
        columns={columns}
        actions={actions}
        defaultSort={{ field: 'date', order: 'desc' }}
        defaultLimit={25}
        exportName="cheques"
        emptyText={t('treasury.cheque.empty')}
      />
      {voiding && (
        <ReversalDialog
          open
          title={t('treasury.cheque.voidTitle', { number: voiding.chequeNumber })}
          text={t('treasury.cheque.voidText', {
            number: voiding.chequeNumber,
            payee: voiding.payeeName,
            amount: formatMoney(voiding.amount, lang, { currency: voiding.currency }),
            bank: `${voiding.bankAccount.code} · ${voiding.bankAccount.name}`,
          })}
          confirmLabel={t('treasury.cheque.void')}
          documentDate={voiding.date}
          onSubmit={async (body, key) => {
            const done = await voidCheque.mutateAsync({ id: voiding.id, body, key });
            toast(t('treasury.cheque.voided', { number: done.chequeNumber, entry: done.voidEntryNumber ?? '' }), 'success');
          }}
          onClose={() => setVoiding(null)}
        />
      )}
    </>
  );
}
