// The Receive payment screen's band about the chosen customer: who they are, their balance, their open
// bills and what they will owe once this amount is received (and, when they owe more than their open
// charges, what lies outside them: an opening balance, a transfer).
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import Decimal from 'decimal.js';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AllocationPreview, CustomerLookup } from '@ubo/contracts';
import { formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { BalanceText } from './PaymentsParts.tsx';

export interface PayerSummaryProps {
  customer: CustomerLookup;
  /** The customer's allocation preview, while it loads undefined. */
  preview: AllocationPreview | undefined;
  /** The balance once the amount typed is received (null while the preview loads). */
  balanceAfter: Decimal | null;
}

function Cell({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Box data-testid={testId}>{children}</Box>
    </Box>
  );
}

export function PayerSummary({ customer, preview, balanceAfter }: PayerSummaryProps) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(4, 1fr)' }, gap: 2, p: 2, borderRadius: 1, bgcolor: 'action.hover' }}
      aria-label={t('payments.balance')}
      role="region"
    >
      <Box>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('payments.customer')}
        </Typography>
        <Box sx={{ fontWeight: 600 }}>{customer.name}</Box>
        <Box sx={{ fontSize: '0.85em', color: 'text.secondary' }}>
          {customer.customerNo} · {customer.phone}
        </Box>
      </Box>
      <Cell label={t('payments.balance')} testId="customer-balance">
        {preview ? <BalanceText value={preview.balance} /> : <Skeleton width={120} />}
      </Cell>
      <Cell label={t('payments.receive.openBills')}>
        {preview ? (
          t('payments.receive.openBillsCount', { count: preview.openItems.length, amount: formatMoney(preview.openTotal, lang) })
        ) : (
          <Skeleton width={120} />
        )}
      </Cell>
      <Cell label={t('payments.receive.balanceAfter')} testId="balance-after">
        {balanceAfter ? <BalanceText value={balanceAfter.toFixed(2)} /> : null}
      </Cell>
      {preview && new Decimal(preview.balance).gt(preview.openTotal) && (
        <Box sx={{ gridColumn: '1 / -1', fontSize: '0.85em', color: 'text.secondary' }}>
          {t('payments.receive.otherCharges', { amount: formatMoney(new Decimal(preview.balance).minus(preview.openTotal), lang) })}
        </Box>
      )}
    </Box>
  );
}
