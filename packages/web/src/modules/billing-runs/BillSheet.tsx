// The printed bill on one A4 sheet (the print page's content): the company header with its logo, the
// customer and house, the meter readings and consumption, the tariff lines, the previous balance, the
// amount due with its due date and how to pay; a cancelled bill is marked across the sheet. Also the
// print stylesheet's page and rules.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { BillDetail, BillPrintCompany } from '@ubo/contracts';
import type { PrintRules } from '../../components/PrintStyles.tsx';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { useStoredFileUrl } from '../settings/index.ts';
import { usePeriodText } from './BillingParts.tsx';
import { chargeLines, lineLabel } from './billing-runs.logic.ts';

const INK = '#111';
const RULE = '#9e9e9e';
const MUTED = '#555';
const SHADE = '#eeeeee';

export const billPrintPage = { size: 'A4 portrait', margin: '10mm' };
export const billPrintRules: PrintRules = {
  '.bill-sheet': { boxShadow: 'none !important', margin: '0 !important', padding: '0 !important', maxWidth: 'none !important' },
  '.bill-sheet *': { color: `${INK} !important`, printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' },
};

function Logo({ fileId, alt }: { fileId: string | null; alt: string }) {
  const logo = useStoredFileUrl(fileId);
  if (!logo.src) return null;
  return <Box component="img" src={logo.src} alt={alt} sx={{ maxHeight: '18mm', maxWidth: '30mm', objectFit: 'contain' }} />;
}

function Labelled({ label, children, align, big }: { label: string; children: ReactNode; align?: 'left' | 'right'; big?: boolean }) {
  return (
    <Box sx={{ textAlign: align }}>
      <Box sx={{ fontSize: '2.4mm', textTransform: 'uppercase', letterSpacing: '0.3mm', color: MUTED }}>{label}</Box>
      <Box sx={{ fontSize: big ? '4.4mm' : '3.6mm', fontWeight: 700 }}>{children}</Box>
    </Box>
  );
}

const boxSx = { border: `0.3mm solid ${RULE}`, p: '3mm' } as const;

export function BillSheet({ bill, company }: { bill: BillDetail; company: BillPrintCompany }) {
  const { t } = useTranslation();
  const lang = useLang();
  const periodText = usePeriodText();
  const money = (v: string, withCurrency = false) => formatMoney(v, lang, withCurrency && company.currency ? { currency: company.currency } : {});
  const last = bill.readings[bill.readings.length - 1];
  const contact = [company.address, [company.phone, company.email].filter(Boolean).join(' · '), company.website].filter(Boolean);
  const contactPhone = company.contactPhone ?? company.phone;
  const cell = { borderBottom: `0.2mm solid ${RULE}`, px: '2mm', py: '1.4mm', fontSize: '3.2mm', textAlign: 'left' } as const;
  const right = { ...cell, textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;
  const taxLine = bill.lines.find((l) => l.kind === 'tax');
  return (
    <Box
      className="bill-sheet"
      data-testid="bill-sheet"
      sx={{
        position: 'relative',
        maxWidth: '190mm',
        mx: 'auto',
        p: '10mm',
        bgcolor: '#fff',
        color: INK,
        boxShadow: 3,
        borderRadius: 1,
        fontFamily: '"Roboto", "Helvetica", "Arial", sans-serif',
      }}
    >
      <Stack direction="row" spacing="4mm" sx={{ alignItems: 'flex-start', borderBottom: `0.5mm solid ${INK}`, pb: '3mm', mb: '4mm' }}>
        <Logo fileId={company.logoFileId} alt={t('billingRuns.print.logoAlt', { name: company.name })} />
        <Box sx={{ flex: 1 }}>
          <Box sx={{ fontSize: '5.6mm', fontWeight: 700 }} data-testid="print-company">
            {company.name}
          </Box>
          {contact.map((line) => (
            <Box key={line} sx={{ fontSize: '3mm', color: MUTED }}>
              {line}
            </Box>
          ))}
        </Box>
        <Box sx={{ textAlign: 'right' }}>
          <Box sx={{ fontSize: '5.6mm', fontWeight: 700 }}>{t(`billingRuns.print.bill.${bill.service}`)}</Box>
          <Box sx={{ fontSize: '3.3mm' }} data-testid="print-bill-number">
            {t('billingRuns.print.billNo', { number: bill.number })}
          </Box>
          <Box sx={{ fontSize: '3.3mm' }}>{t('billingRuns.print.periodOf', { period: periodText(bill.period) })}</Box>
        </Box>
      </Stack>

      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '4mm', mb: '4mm' }}>
        <Box sx={boxSx}>
          <Labelled label={t('billingRuns.bill.customer')} big>
            <span data-testid="print-customer">{bill.customer.name}</span>
          </Labelled>
          <Box sx={{ fontSize: '3.2mm', mt: '1.5mm' }}>
            {t('billingRuns.bill.customerNo')} {bill.customer.customerNo}
          </Box>
          <Box sx={{ fontSize: '3.2mm' }}>
            {t('billingRuns.bill.phone')}: {bill.customer.phone}
          </Box>
          {bill.customer.address && <Box sx={{ fontSize: '3.2mm', color: MUTED }}>{bill.customer.address}</Box>}
        </Box>
        <Box sx={boxSx}>
          <Labelled label={t('billingRuns.bill.house')}>{[bill.house.houseNo, bill.house.address].filter(Boolean).join(' · ') || '—'}</Labelled>
          <Box sx={{ fontSize: '3.2mm', mt: '1.5mm', mb: '2mm' }}>
            {t('billingRuns.zone')}: {bill.zoneName}
          </Box>
          <Stack direction="row" spacing="6mm">
            <Labelled label={t('billingRuns.bills.billDate')}>{formatDate(bill.billDate, lang, 'long')}</Labelled>
            <Labelled label={t('billingRuns.bills.dueDate')}>{formatDate(bill.dueDate, lang, 'long')}</Labelled>
          </Stack>
        </Box>
      </Box>

      <Box sx={{ ...boxSx, bgcolor: SHADE, display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: '3mm', mb: '4mm' }} data-testid="print-meter">
        <Labelled label={t('billingRuns.meter')} big>
          {bill.meter?.meterNumber ?? '—'}
        </Labelled>
        <Labelled label={t('billingRuns.bill.previousReading')} big>
          {bill.previousReading}
        </Labelled>
        <Box>
          <Labelled label={t('billingRuns.currentReading')} big>
            {bill.currentReading}
          </Labelled>
          {last && <Box sx={{ fontSize: '2.6mm', color: MUTED }}>{formatDate(last.readingDate, lang, 'long')}</Box>}
        </Box>
        <Labelled label={t('billingRuns.consumption')} big>
          {t('billingRuns.units', { value: bill.consumption })}
        </Labelled>
      </Box>

      <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', mb: '4mm' }} aria-label={t('billingRuns.bill.breakdown')}>
        <thead>
          <Box component="tr" sx={{ bgcolor: SHADE }}>
            <Box component="th" sx={{ ...cell, fontWeight: 700 }}>
              {t('billingRuns.bill.description')}
            </Box>
            <Box component="th" sx={{ ...right, fontWeight: 700 }}>
              {t('billingRuns.bill.unitsCol')}
            </Box>
            <Box component="th" sx={{ ...right, fontWeight: 700 }}>
              {t('billingRuns.bill.rate')}
            </Box>
            <Box component="th" sx={{ ...right, fontWeight: 700 }}>
              {t('billingRuns.bills.amount')} ({company.currency})
            </Box>
          </Box>
        </thead>
        <tbody>
          {chargeLines(bill.lines).map((l, i) => (
            <tr key={`${l.kind}-${l.block ?? i}`}>
              <Box component="td" sx={cell}>
                {lineLabel(l, t)}
              </Box>
              <Box component="td" sx={right}>
                {l.units ?? ''}
              </Box>
              <Box component="td" sx={right}>
                {l.rate ?? ''}
              </Box>
              <Box component="td" sx={right}>
                {money(l.amount)}
              </Box>
            </tr>
          ))}
          <tr>
            <Box component="td" colSpan={3} sx={{ ...right, borderBottom: 0 }}>
              {t('billingRuns.bill.subtotal')}
            </Box>
            <Box component="td" sx={{ ...right, borderBottom: 0 }}>
              {money(bill.subtotal)}
            </Box>
          </tr>
          {taxLine && (
            <tr>
              <Box component="td" colSpan={3} sx={{ ...right, borderBottom: 0 }}>
                {lineLabel(taxLine, t)}
              </Box>
              <Box component="td" sx={{ ...right, borderBottom: 0 }}>
                {money(bill.tax)}
              </Box>
            </tr>
          )}
          <tr>
            <Box component="td" colSpan={3} sx={{ ...right, fontWeight: 700, borderBottom: `0.4mm solid ${INK}` }}>
              {t('billingRuns.bill.thisBill')}
            </Box>
            <Box component="td" sx={{ ...right, fontWeight: 700, borderBottom: `0.4mm solid ${INK}` }}>
              {money(bill.amount)}
            </Box>
          </tr>
        </tbody>
      </Box>

      <Box sx={{ display: 'grid', gridTemplateColumns: '1.15fr 1fr', gap: '4mm' }}>
        <Box sx={boxSx}>
          <Box sx={{ fontSize: '3.8mm', fontWeight: 700, mb: '2mm' }}>{t('billingRuns.print.howToPay')}</Box>
          <Box sx={{ fontSize: '3.1mm', mb: '1.5mm' }} data-testid="print-how-to-pay">
            {company.shortCode
              ? t('billingRuns.print.payShortCode', { shortCode: company.shortCode, customerNo: bill.customer.customerNo })
              : t('billingRuns.print.payOffice', { customerNo: bill.customer.customerNo })}
          </Box>
          {company.billingCode && <Box sx={{ fontSize: '3.1mm', mb: '1.5mm' }}>{t('billingRuns.print.billingCode', { code: company.billingCode })}</Box>}
          {contactPhone && <Box sx={{ fontSize: '3.1mm' }}>{t('billingRuns.print.contact', { phone: contactPhone })}</Box>}
        </Box>
        <Box sx={{ border: `0.3mm solid ${RULE}` }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', px: '3mm', pt: '3mm', fontSize: '3.2mm' }}>
            <span>{t('billingRuns.bill.thisBill')}</span>
            <span>{money(bill.amount, true)}</span>
          </Stack>
          <Stack direction="row" sx={{ justifyContent: 'space-between', px: '3mm', py: '1.5mm', fontSize: '3.2mm' }}>
            <span>{t('billingRuns.bills.previousBalance')}</span>
            <span>{money(bill.previousBalance, true)}</span>
          </Stack>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', bgcolor: SHADE, px: '3mm', py: '3mm' }}>
            <Box sx={{ fontSize: '4mm', fontWeight: 700 }}>{t('billingRuns.bills.amountDue')}</Box>
            <Box sx={{ fontSize: '5.4mm', fontWeight: 800 }} data-testid="print-amount-due">
              {money(bill.amountDue, true)}
            </Box>
          </Stack>
          <Box sx={{ px: '3mm', py: '2mm', fontSize: '3.2mm', fontWeight: 700, textAlign: 'right' }}>
            {t('billingRuns.print.payBy', { date: formatDate(bill.dueDate, lang, 'long') })}
          </Box>
        </Box>
      </Box>
      {bill.status === 'Cancelled' && (
        <Box aria-hidden sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', pointerEvents: 'none' }}>
          <Box
            component="span"
            sx={{
              transform: 'rotate(-24deg)',
              fontSize: '20mm',
              fontWeight: 800,
              letterSpacing: '3mm',
              color: 'rgba(211, 47, 47, 0.25) !important',
              border: '1.5mm solid rgba(211, 47, 47, 0.25)',
              px: '6mm',
              textTransform: 'uppercase',
            }}
          >
            {t('billingRuns.print.cancelled')}
          </Box>
        </Box>
      )}
    </Box>
  );
}
