// The languages tab of /sms/settings: customers' preferred SMS language.
import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import SaveIcon from '@mui/icons-material/Save';
import { useTranslation } from 'react-i18next';
import { type SmsCustomerLanguage, type SmsLanguage, type SmsRecipient, smsEndpoints } from '@ubo/contracts';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/DataTable.tsx';
import { toast } from '../../lib/api.ts';
import { CustomerPicker } from '../../components/CustomerPicker.tsx';
import { LanguageSelect } from './SmsParts.tsx';
import { smsPrivileges as p } from './sms.access.ts';
import { useRemoveCustomerLanguage, useSetCustomerLanguage, useRecipientSearch } from './sms.queries.ts';

export function LanguagesTab() {
  const { t } = useTranslation();
  const setLanguage = useSetCustomerLanguage();
  const remove = useRemoveCustomerLanguage();
  const [customer, setCustomer] = useState<SmsRecipient | null>(null);
  const [language, setChosen] = useState<SmsLanguage>('so');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!customer) return setError(t('sms.settings.languages.customerRequired'));
    setError(null);
    await setLanguage.mutateAsync({ customerId: customer.id, language });
    toast(t('sms.settings.languages.saved'), 'success');
    setCustomer(null);
  };

  const columns: DataTableColumn<SmsCustomerLanguage>[] = [
    { field: 'name', header: t('sms.settings.languages.customer'), sortable: false, render: (r) => `${r.name} · ${r.customerNo}` },
    { field: 'phone', header: t('sms.phone'), sortable: false },
    { field: 'language', header: t('sms.language'), sortable: false, render: (r) => t(`sms.languages.${r.language}`) },
  ];
  const actions: RowAction<SmsCustomerLanguage>[] = [
    {
      label: t('sms.settings.languages.remove'),
      icon: <DeleteIcon fontSize="small" />,
      color: 'error',
      privilege: p.send,
      onClick: async (r) => {
        await remove.mutateAsync(r.customerId);
        toast(t('sms.settings.languages.removed'), 'success');
      },
    },
  ];

  return (
    <Stack spacing={2}>
      <Typography sx={{ color: 'text.secondary' }}>{t('sms.settings.languages.intro')}</Typography>
      <Paper component="form" onSubmit={submit} noValidate sx={{ p: 2 }} aria-label={t('sms.settings.languages.set')}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <CustomerPicker
            useSearch={useRecipientSearch}
            renderDetail={(c) => c.smsPhone ?? `${c.phone} · ${t('sms.send.noSmsPhone')}`}
            label={t('sms.settings.languages.customer')}
            value={customer}
            onChange={setCustomer}
            required
            error={Boolean(error)}
            helperText={error ?? undefined}
            sx={{ flex: 1, minWidth: 260 }}
          />
          <LanguageSelect label={t('sms.language')} value={language} onChange={(v) => setChosen(v as SmsLanguage)} sx={{ width: { md: 200 } }} />
          <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={setLanguage.isPending} sx={{ mt: { md: 1 } }}>
            {t('sms.settings.languages.add')}
          </Button>
        </Stack>
      </Paper>
      <DataTable
        endpoint={smsEndpoints.languages}
        columns={columns}
        actions={actions}
        rowKey={(r) => r.customerId}
        defaultLimit={25}
        exportName="sms-customer-languages"
        emptyText={t('sms.settings.languages.empty')}
      />
    </Stack>
  );
}
