// The customer's standing in the ledger, under the header of the customer page (GET
// /api/elc/customers/:id/account): the balance (owed, or in credit), the open charges (bills, sales
// invoices, ...), the credit waiting for a charge, charges outside bills and the last payment.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { bdec } from '@ubo/contracts';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { useCustomerAccount } from './billing.queries.ts';

function Figure({ label, children, testId, strong }: { label: string; children: ReactNode; testId?: string; strong?: boolean }) {
  return (
    <Grid size={{ xs: 6, md: 'grow' }}>
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant={strong ? 'h6' : 'body1'} component="div" data-testid={testId}>
        {children}
      </Typography>
    </Grid>
  );
}

export function CustomerBalance({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const account = useCustomerAccount(customerId);
  const a = account.data;
  if (account.isError) return null;
  const balance = a ? bdec(a.balance) : null;
  return (
    <Box component="section" aria-label={t('billing.customers.account')}>
      <Divider sx={{ my: 2 }} />
      {!a || !balance ? (
        <Skeleton variant="text" height={48} />
      ) : (
        <Grid container spacing={2.5}>
          <Figure label={t('billing.customers.balance')} testId="customer-balance" strong>
            <MoneyText value={a.balance} negativeColor />{' '}
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
              {balance.isZero() ? t('billing.customers.settled') : balance.isNegative() ? t('billing.customers.inCredit') : t('billing.customers.owes')}
            </Typography>
          </Figure>
          <Figure label={t('billing.customers.openBills', { count: a.openItems.length })}>
            <MoneyText value={a.openTotal} />
          </Figure>
          <Figure label={t('billing.customers.credit')}>
            <MoneyText value={a.credit} />
          </Figure>
          <Figure label={t('billing.customers.otherCharges')}>
            <MoneyText value={a.otherCharges} />
          </Figure>
          <Figure label={t('billing.customers.lastPayment')}>
            {a.lastPayment ? (
              <>
                <MoneyText value={a.lastPayment.amount} />{' '}
                <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                  {a.lastPayment.number} · <DateText value={a.lastPayment.date} />
                </Typography>
              </>
            ) : (
              '—'
            )}
          </Figure>
        </Grid>
      )}
    </Box>
  );
}
