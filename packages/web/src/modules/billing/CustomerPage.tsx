// /customers/:id: one customer. The header shows the number, name, phone, class, status and the balance
// from the ledger (what is owed or in credit, the open bills, the last payment); the tabs show the
// customer's houses (meter, zone, tariff in force today, status, latest reading; add a house, disconnect
// or reconnect, replace a meter), bills, payments and statement, each to those who hold its privilege.
// The tab is kept in the address (?tab=bills) so a reload or a link returns to it. Receive payment opens
// the cashier's screen with this customer chosen (for holders of receive-payment).
import { type ReactNode, Suspense, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { type Customer, customersEndpoints, housesEndpoints } from '@ubo/contracts';
import { customerTabs } from '../../app/modules.ts';
import { useCan } from '../../app/session.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useDetailQuery } from '../../lib/queries.ts';
import { billingPrivileges as p } from './billing.access.ts';
import { CustomerBillsTab } from './CustomerBillsTab.tsx';
import { CustomerBalance } from './CustomerBalance.tsx';
import { CustomerFormDialog } from './CustomerFormDialog.tsx';
import { CustomerPaymentsTab } from './CustomerPaymentsTab.tsx';
import { CustomerStatementTab } from './CustomerStatementTab.tsx';
import { EmailDocumentButton } from '../email/index.ts';
import { HouseFormDialog } from './HouseFormDialog.tsx';
import { useHouseColumns } from './houseColumns.tsx';
import { useHouseActions } from './useHouseActions.tsx';

type TabKey = string;

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box>
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body1" component="div" data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

function HousesTab({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns = useHouseColumns(false);
  const { actions, dialogs, canEdit } = useHouseActions();
  const [isAddOpen, setAddOpen] = useState(false);
  return (
    <>
      <DataTable
        endpoint={housesEndpoints.list}
        columns={columns}
        actions={actions}
        params={{ customerId: customer.id }}
        exportName={`houses-${customer.customerNo}`}
        emptyText={t('billing.customers.noHouses')}
        onRowClick={(h) => navigate(`/customers/houses/${h.id}`)}
        toolbar={
          canEdit && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAddOpen(true)} sx={{ ml: 1, whiteSpace: 'nowrap' }}>
              {t('billing.houses.add')}
            </Button>
          )
        }
      />
      {dialogs}
      <HouseFormDialog
        house={null}
        customer={{ id: customer.id, customerNo: customer.customerNo, name: customer.name, customerClass: customer.customerClass }}
        open={isAddOpen}
        onClose={() => setAddOpen(false)}
      />
    </>
  );
}

export default function CustomerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const tabsId = useId();
  const { id } = useParams();
  const [search, setSearch] = useSearchParams();
  const customer = useDetailQuery(customersEndpoints.get, id);
  const [isEditOpen, setEditOpen] = useState(false);
  const c = customer.data;

  const tabs: { key: TabKey; label: string; isShown: boolean }[] = [
    { key: 'houses', label: t('billing.customers.tabs.houses'), isShown: can(p.houses) },
    { key: 'bills', label: t('billing.customers.tabs.bills'), isShown: can(p.bills) },
    { key: 'payments', label: t('billing.customers.tabs.payments'), isShown: can(p.payments) },
    { key: 'statement', label: t('billing.customers.tabs.statement'), isShown: can(p.statement) },
    // Tabs other modules add (complaints), through app/modules.ts: billing imports none of them.
    ...customerTabs.map((x) => ({ key: x.key, label: t(x.label), isShown: can(x.privilege) })),
  ];
  const shown = tabs.filter((x) => x.isShown);
  const wanted = search.get('tab');
  const tab = shown.find((x) => x.key === wanted)?.key ?? shown[0]?.key;
  const Extra = customerTabs.find((x) => x.key === tab)?.Panel;

  if (customer.isError) {
    return (
      <Alert severity="error" action={<Button onClick={() => navigate('/customers')}>{t('billing.customers.backToList')}</Button>}>
        {t('billing.customers.notFound')}
      </Alert>
    );
  }
  if (!c) return <Skeleton variant="rounded" height={420} />;

  return (
    <>
      <Paper component="section" aria-label={t('billing.customers.header')} sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' }, mb: 2 }}>
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="overline" sx={{ color: 'text.secondary' }} data-testid="customer-number">
              {c.customerNo}
            </Typography>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <Typography variant="h5" component="h2">
                {c.name}
              </Typography>
              <StatusChip status={c.status} />
            </Stack>
          </Box>
          <Stack direction="row" spacing={1}>
            <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('/customers')}>
              {t('billing.customers.backToList')}
            </Button>
            {can(p.editCustomers) && (
              <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => setEditOpen(true)}>
                {t('common.edit')}
              </Button>
            )}
            {/* The customer's statement as a PDF attached to an e-mail. */}
            {can(p.statement) && <EmailDocumentButton document="statement" id={c.id} number={c.customerNo} />}
            {can(p.payments) && (
              // The cashier's screen with this customer already chosen.
              <Button variant="contained" startIcon={<PaymentsOutlinedIcon />} component={RouterLink} to={`/customers/payment?customerId=${c.id}`}>
                {t('billing.customers.receivePayment')}
              </Button>
            )}
          </Stack>
        </Stack>
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 6, md: 2 }}>
            <Fact label={t('billing.customers.phone')}>{c.phone}</Fact>
          </Grid>
          <Grid size={{ xs: 6, md: 2 }}>
            <Fact label={t('billing.class.label')}>{t(`billing.class.${c.customerClass}`)}</Fact>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <Fact label={t('billing.customers.address')}>{[c.address, c.cityName].filter(Boolean).join(', ') || '—'}</Fact>
          </Grid>
          <Grid size={{ xs: 6, md: 2 }}>
            <Fact label={t('billing.customers.email')}>{c.email ?? '—'}</Fact>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <Fact label={t('billing.customers.openingBalance')} testId="customer-opening-balance">
              <MoneyText value={c.openingBalance} negativeColor />
            </Fact>
          </Grid>
        </Grid>
        <CustomerBalance customerId={c.id} />
      </Paper>
      {tab && (
        <>
          <Tabs
            value={tab}
            onChange={(_, next: TabKey) => setSearch(next === shown[0].key ? {} : { tab: next }, { replace: true })}
            aria-label={t('billing.customers.tabsLabel')}
            sx={{ mb: 2 }}
          >
            {shown.map((x) => (
              <Tab key={x.key} value={x.key} label={x.label} id={`${tabsId}-${x.key}`} aria-controls={`${tabsId}-${x.key}-panel`} />
            ))}
          </Tabs>
          <Box role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
            {tab === 'houses' && <HousesTab customer={c} />}
            {tab === 'bills' && <CustomerBillsTab customerId={c.id} />}
            {tab === 'payments' && <CustomerPaymentsTab customerId={c.id} />}
            {tab === 'statement' && <CustomerStatementTab customer={c} />}
            {Extra && (
              <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
                <Extra customerId={c.id} />
              </Suspense>
            )}
          </Box>
        </>
      )}
      <CustomerFormDialog customer={c} open={isEditOpen} onClose={() => setEditOpen(false)} />
    </>
  );
}
