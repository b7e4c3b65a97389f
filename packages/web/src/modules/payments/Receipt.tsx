// A payment's receipt as printed for the customer (ReceiptPage): company header, receipt number and
// date, who paid, the amount in figures and in words in the user's language, how and into which account,
// the bills it paid, the balance before and after, and signature lines; A5 when printed, stamped
// CANCELLED when cancelled.
import { type ReactNode, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { PaymentDetail } from '@ubo/contracts';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { type PrintRules, PrintStyles } from '../../components/PrintStyles.tsx';
import { useStoredFileUrl } from '../settings/index.ts';
import { useBalanceText } from './PaymentsParts.tsx';

const INK = '#111';
const RULE = '#9e9e9e';
const MUTED = '#555';

const printPage = { size: 'A5 portrait', margin: '8mm' };
const printRules: PrintRules = {
  '.receipt-sheet': { boxShadow: 'none !important', border: '0 !important', margin: '0 !important', padding: '0 !important', maxWidth: 'none !important' },
  '.receipt-sheet *': { color: `${INK} !important`, printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' },
};

function Logo({ fileId, alt }: { fileId: string | null; alt: string }) {
  const logo = useStoredFileUrl(fileId);
  if (!logo.src) return null;
  return <Box component="img" src={logo.src} alt={alt} sx={{ maxHeight: '16mm', maxWidth: '36mm', objectFit: 'contain' }} />;
}

function Labelled({ label, children, align }: { label: string; children: ReactNode; align?: 'left' | 'right' }) {
  return (
    <Box sx={{ textAlign: align }}>
      <Box sx={{ fontSize: '2.5mm', textTransform: 'uppercase', letterSpacing: '0.3mm', color: MUTED }}>{label}</Box>
      <Box sx={{ fontSize: '3.5mm', fontWeight: 600 }}>{children}</Box>
    </Box>
  );
}

function Receipt({ payment }: { payment: PaymentDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const balanceText = useBalanceText();
  const [printedAt, setPrintedAt] = useState(() => new Date());
  useEffect(() => {
    const stamp = () => flushSync(() => setPrintedAt(new Date()));
    window.addEventListener('beforeprint', stamp);
    return () => window.removeEventListener('beforeprint', stamp);
  }, []);
  const money = (v: string) => formatMoney(v, lang);
  const contact = [payment.company.address, payment.company.phone, payment.company.email].filter(Boolean).join(' · ');
  const cell = { border: `0.3mm solid ${RULE}`, px: '2mm', py: '1mm', fontSize: '3.2mm', textAlign: 'left' } as const;
  const right = { ...cell, textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;
  return (
    <Box className="receipt-sheet-body" sx={{ position: 'relative', color: INK }} role="region" aria-label={t('payments.receipt.heading')}>
      <Stack direction="row" spacing="4mm" sx={{ alignItems: 'center', borderBottom: `0.6mm solid ${INK}`, pb: '3mm', mb: '4mm' }}>
        <Logo fileId={payment.company.logoFileId} alt={t('payments.receipt.logoAlt', { name: payment.company.name })} />
        <Box sx={{ flex: 1 }}>
          <Box sx={{ fontSize: '5.5mm', fontWeight: 700 }} data-testid="receipt-company">
            {payment.company.name}
          </Box>
          {contact && <Box sx={{ fontSize: '3mm' }}>{contact}</Box>}
        </Box>
        <Box sx={{ textAlign: 'right' }}>
          <Box sx={{ fontSize: '4.5mm', fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.4mm' }}>{t('payments.receipt.heading')}</Box>
          <Box sx={{ fontSize: '3.6mm', fontFamily: 'monospace' }} data-testid="receipt-number">
            {payment.number}
          </Box>
          {payment.manualReceipt && (
            <Box sx={{ fontSize: '3mm' }} data-testid="receipt-book-number">
              {t('payments.receipt.bookNumber')}: {payment.manualReceipt.series} {payment.manualReceipt.number}
            </Box>
          )}
          {payment.attachments.length > 0 && (
            <Box sx={{ fontSize: '3mm' }} data-testid="receipt-attachments">
              {t('payments.receipt.attachments', { n: payment.attachments.length })}
            </Box>
          )}
        </Box>
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: '2fr 1fr', gap: '3mm', mb: '4mm' }}>
        <Labelled label={t('payments.receipt.receivedFrom')}>
          <span data-testid="receipt-customer">{payment.customer.name}</span>
          <Box component="span" sx={{ display: 'block', fontWeight: 400, fontSize: '3mm' }}>
            {payment.customer.customerNo} · {payment.customer.phone}
          </Box>
        </Labelled>
        <Labelled label={t('payments.date')} align="right">
          {formatDate(payment.date, lang, 'long')}
        </Labelled>
        <Labelled label={t('payments.method')}>
          {t(`payments.methods.${payment.method}`)} · {payment.account.code} {payment.account.name}
          {payment.reference && (
            <Box component="span" sx={{ display: 'block', fontWeight: 400, fontSize: '3mm' }}>
              {t('payments.reference')}: {payment.reference}
            </Box>
          )}
        </Labelled>
        <Box
          sx={{ border: `0.4mm solid ${INK}`, borderRadius: '1mm', px: '3mm', py: '2mm', textAlign: 'right', alignSelf: 'start' }}
          aria-label={t('payments.receipt.amountFigures')}
        >
          <Box sx={{ fontSize: '2.5mm', textTransform: 'uppercase', color: MUTED }}>{t('payments.receipt.amountFigures')}</Box>
          <Box sx={{ fontSize: '5mm', fontWeight: 700 }} data-testid="receipt-amount">
            {formatMoney(payment.amount, lang, { currency: payment.currency })}
          </Box>
        </Box>
      </Box>
      <Box sx={{ fontSize: '3.4mm', mb: '4mm' }}>
        <Box component="span" sx={{ fontWeight: 700 }}>
          {t('payments.receipt.amountWords')}:
        </Box>{' '}
        <span data-testid="receipt-words">
          {payment.amountInWords[lang]} {t('payments.receipt.only')}
        </span>
      </Box>
      <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', mb: '3mm' }} aria-label={t('payments.receipt.paidBills')}>
        <thead>
          <tr>
            <Box component="th" sx={{ ...cell, fontWeight: 700 }}>
              {t('payments.receive.bill')}
            </Box>
            <Box component="th" sx={{ ...cell, fontWeight: 700 }}>
              {t('payments.receive.period')}
            </Box>
            <Box component="th" sx={{ ...right, fontWeight: 700 }}>
              {t('payments.receive.billAmount')}
            </Box>
            <Box component="th" sx={{ ...right, fontWeight: 700 }}>
              {t('payments.receipt.applied')}
            </Box>
          </tr>
        </thead>
        <tbody>
          {payment.allocations.length === 0 && (
            <tr>
              <Box component="td" colSpan={4} sx={{ ...cell, fontStyle: 'italic' }}>
                {t('payments.receipt.noBills')}
              </Box>
            </tr>
          )}
          {payment.allocations.map((a) => (
            <tr key={a.billId}>
              <Box component="td" sx={cell}>
                {a.billNumber}
              </Box>
              <Box component="td" sx={cell}>
                {a.period}
              </Box>
              <Box component="td" sx={right}>
                {money(a.billAmount)}
              </Box>
              <Box component="td" sx={right}>
                {money(a.amount)}
              </Box>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <Box component="td" colSpan={3} sx={{ ...right, fontWeight: 700 }}>
              {t('payments.receipt.credit')}
            </Box>
            <Box component="td" sx={{ ...right, fontWeight: 700 }} data-testid="receipt-credit">
              {money(payment.credit)}
            </Box>
          </tr>
        </tfoot>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3mm', mb: '6mm' }}>
        <Labelled label={t('payments.receipt.balanceBefore')}>{balanceText(payment.balanceBefore)}</Labelled>
        <Labelled label={t('payments.receipt.balanceAfter')} align="right">
          <span data-testid="receipt-balance-after">{balanceText(payment.balanceAfter)}</span>
        </Labelled>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '10mm', mt: '10mm' }}>
        <Box sx={{ textAlign: 'center' }}>
          <Box sx={{ fontSize: '3mm', minHeight: '4mm' }}>{payment.createdBy ?? ''}</Box>
          <Box sx={{ borderTop: `0.3mm solid ${INK}`, pt: '1mm', fontSize: '2.8mm' }}>{t('payments.receipt.signature')}</Box>
        </Box>
        <Box sx={{ textAlign: 'center' }}>
          <Box sx={{ fontSize: '3mm', minHeight: '4mm' }}>{payment.customer.name}</Box>
          <Box sx={{ borderTop: `0.3mm solid ${INK}`, pt: '1mm', fontSize: '2.8mm' }}>{t('payments.receipt.customerSignature')}</Box>
        </Box>
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: '6mm', fontSize: '2.6mm', color: MUTED }}>
        <span>{t('payments.receipt.thanks')}</span>
        <span>{t('payments.receipt.printedAt', { date: formatDateTime(printedAt, lang) })}</span>
      </Stack>
      {payment.status === 'Cancelled' && (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            pointerEvents: 'none',
            '& span': {
              transform: 'rotate(-18deg)',
              fontSize: '14mm',
              fontWeight: 800,
              letterSpacing: '2mm',
              color: 'rgba(211, 47, 47, 0.3) !important',
              border: '1.2mm solid rgba(211, 47, 47, 0.3)',
              px: '4mm',
            },
          }}
        >
          <span>{t('payments.receipt.cancelled')}</span>
        </Box>
      )}
    </Box>
  );
}

/** The print rules of the receipt page (A5, the sheet alone). */
export function ReceiptPrintStyles() {
  return <PrintStyles page={printPage} rules={printRules} />;
}

/** The receipt on its sheet, as the screen shows it and the printer prints it. */
export function ReceiptSheet({ payment }: { payment: PaymentDetail }) {
  return (
    <Box
      className="receipt-sheet"
      sx={{
        maxWidth: '148mm',
        mx: 'auto',
        p: '8mm',
        bgcolor: '#fff',
        color: INK,
        boxShadow: 3,
        borderRadius: 1,
        fontFamily: '"Roboto", "Helvetica", "Arial", sans-serif',
      }}
    >
      <Receipt payment={payment} />
    </Box>
  );
}
