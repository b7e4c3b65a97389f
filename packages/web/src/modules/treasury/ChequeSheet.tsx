// The two parts of the printed cheque sheet: the cheque face (bank account, number, date, payee, amount in
// figures and in words in the user's language, authorised signature) and the payment voucher (company
// header, payee, the accounts paid, total, amount in words, signatures); a void cheque is marked VOID on both.
import { type ReactNode, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { Cheque } from '@ubo/contracts';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { useStoredFileUrl } from '../settings/index.ts';

export const INK = '#111';
export const RULE = '#9e9e9e';
const MUTED = '#555';

function CompanyLogo({ fileId, alt }: { fileId: string | null; alt: string }) {
  const logo = useStoredFileUrl(fileId);
  if (!logo.src) return null;
  return <Box component="img" src={logo.src} alt={alt} sx={{ maxHeight: '18mm', maxWidth: '40mm', objectFit: 'contain' }} />;
}

function Signature({ fileId, alt }: { fileId: string | null; alt: string }) {
  const image = useStoredFileUrl(fileId);
  if (!image.src) return <Box sx={{ height: '12mm' }} />;
  return <Box component="img" src={image.src} alt={alt} sx={{ height: '12mm', maxWidth: '50mm', objectFit: 'contain', display: 'block', mx: 'auto' }} />;
}

/** The diagonal VOID mark over a part of the sheet. */
function VoidMark({ label }: { label: string }) {
  return (
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
          fontSize: '22mm',
          fontWeight: 800,
          letterSpacing: '4mm',
          color: 'rgba(211, 47, 47, 0.28) !important',
          border: '1.5mm solid rgba(211, 47, 47, 0.28)',
          px: '6mm',
        },
      }}
    >
      <span>{label}</span>
    </Box>
  );
}

/** A label over a value, as on a printed form. */
function Labelled({ label, children, align }: { label: string; children: ReactNode; align?: 'left' | 'right' }) {
  return (
    <Box sx={{ textAlign: align }}>
      <Box sx={{ fontSize: '2.6mm', textTransform: 'uppercase', letterSpacing: '0.3mm', color: MUTED }}>{label}</Box>
      <Box sx={{ fontSize: '3.6mm', fontWeight: 600 }}>{children}</Box>
    </Box>
  );
}

export function ChequeFace({ cheque }: { cheque: Cheque }) {
  const { t } = useTranslation();
  const lang = useLang();
  const words = `${cheque.amountInWords[lang]} ${t('treasury.print.only')}`;
  return (
    <Box
      className="cheque-face"
      aria-label={t('treasury.print.chequeFace')}
      role="region"
      sx={{
        position: 'relative',
        border: `0.4mm solid ${INK}`,
        borderRadius: '2mm',
        p: '6mm',
        minHeight: '78mm',
        background: 'repeating-linear-gradient(135deg, #fbfbf6, #fbfbf6 3mm, #f4f6f0 3mm, #f4f6f0 6mm)',
        color: INK,
        display: 'flex',
        flexDirection: 'column',
        gap: '4mm',
      }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box>
          <Box sx={{ fontSize: '4.6mm', fontWeight: 700 }}>{cheque.company.name}</Box>
          <Box sx={{ fontSize: '3.2mm' }}>
            {cheque.bankAccount.code} · {cheque.bankAccount.name}
          </Box>
        </Box>
        <Stack spacing="2mm" sx={{ alignItems: 'flex-end' }}>
          <Labelled label={t('treasury.print.chequeNo')} align="right">
            <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '4.2mm' }} data-testid="print-cheque-number">
              {cheque.chequeNumber}
            </Box>
          </Labelled>
          <Labelled label={t('treasury.date')} align="right">
            <Box component="span" sx={{ borderBottom: `0.3mm solid ${INK}`, px: '2mm' }}>
              {formatDate(cheque.date, lang, 'long')}
            </Box>
          </Labelled>
        </Stack>
      </Stack>
      <Stack direction="row" spacing="4mm" sx={{ alignItems: 'flex-end' }}>
        <Box sx={{ flex: 1 }}>
          <Box sx={{ fontSize: '2.8mm', textTransform: 'uppercase', letterSpacing: '0.3mm' }}>{t('treasury.print.payTo')}</Box>
          <Box sx={{ fontSize: '4.6mm', fontWeight: 600, borderBottom: `0.3mm solid ${INK}`, pb: '1mm' }} data-testid="print-payee">
            {cheque.payeeName}
          </Box>
        </Box>
        <Box
          sx={{
            border: `0.4mm solid ${INK}`,
            borderRadius: '1mm',
            px: '4mm',
            py: '2mm',
            minWidth: '48mm',
            textAlign: 'right',
            fontSize: '5mm',
            fontWeight: 700,
            background: '#fff',
          }}
          data-testid="print-amount"
          aria-label={t('treasury.print.amountFigures')}
        >
          {formatMoney(cheque.amount, lang, { currency: cheque.currency })}
        </Box>
      </Stack>
      <Box>
        <Box sx={{ fontSize: '2.8mm', textTransform: 'uppercase', letterSpacing: '0.3mm' }}>{t('treasury.print.amountWords')}</Box>
        <Box sx={{ fontSize: '4mm', fontStyle: 'italic', borderBottom: `0.3mm solid ${INK}`, pb: '1mm' }} data-testid="print-words">
          {words}
        </Box>
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-end', mt: 'auto' }}>
        <Box sx={{ fontSize: '3.2mm', maxWidth: '95mm' }}>
          {cheque.memo && (
            <>
              <Box component="span" sx={{ textTransform: 'uppercase', fontSize: '2.6mm', mr: '1.5mm' }}>
                {t('treasury.memo')}
              </Box>
              {cheque.memo}
            </>
          )}
        </Box>
        <Box sx={{ width: '62mm', textAlign: 'center' }}>
          <Signature fileId={cheque.company.signatureFileId} alt={t('treasury.print.signatureAlt')} />
          <Box sx={{ borderTop: `0.3mm solid ${INK}`, fontSize: '2.8mm', pt: '1mm' }}>{t('treasury.print.authorisedSignature')}</Box>
        </Box>
      </Stack>
      {cheque.status === 'Void' && <VoidMark label={t('treasury.print.void')} />}
    </Box>
  );
}

export function Voucher({ cheque }: { cheque: Cheque }) {
  const { t } = useTranslation();
  const lang = useLang();
  // The time on paper is the time of printing, not of opening the page.
  const [printedAt, setPrintedAt] = useState(() => new Date());
  useEffect(() => {
    const stamp = () => flushSync(() => setPrintedAt(new Date()));
    window.addEventListener('beforeprint', stamp);
    return () => window.removeEventListener('beforeprint', stamp);
  }, []);
  const money = (v: string) => formatMoney(v, lang);
  const contact = [cheque.company.address, cheque.company.phone, cheque.company.email].filter(Boolean).join(' · ');
  const cell = { border: `0.3mm solid ${RULE}`, px: '2mm', py: '1.2mm', fontSize: '3.3mm', textAlign: 'left' } as const;
  const signatures: Array<{ label: string; name?: string | null; signatureFileId?: string | null }> = [
    { label: t('treasury.print.preparedBy'), name: cheque.createdBy, signatureFileId: cheque.preparedBySignatureFileId },
    { label: t('treasury.print.checkedBy') },
    { label: t('treasury.print.approvedBy') },
    { label: t('treasury.print.receivedBy'), name: cheque.payeeName },
  ];
  return (
    <Box className="cheque-voucher" role="region" aria-label={t('treasury.print.voucher')} sx={{ position: 'relative', color: INK }}>
      <Stack direction="row" spacing="4mm" sx={{ alignItems: 'center', borderBottom: `0.6mm solid ${INK}`, pb: '3mm', mb: '4mm' }}>
        <CompanyLogo fileId={cheque.company.logoFileId} alt={t('treasury.print.logoAlt', { name: cheque.company.name })} />
        <Box sx={{ flex: 1 }}>
          <Box sx={{ fontSize: '6mm', fontWeight: 700 }} data-testid="print-company">
            {cheque.company.name}
          </Box>
          {contact && <Box sx={{ fontSize: '3.2mm' }}>{contact}</Box>}
        </Box>
        <Box sx={{ textAlign: 'right' }}>
          <Box sx={{ fontSize: '5mm', fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.5mm' }}>{t('treasury.print.voucher')}</Box>
          <Box sx={{ fontSize: '3.4mm' }}>
            {t('treasury.print.voucherNo', { number: cheque.chequeNumber })} · {cheque.entryNumber}
          </Box>
        </Box>
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: '3mm', mb: '4mm' }}>
        <Labelled label={t('treasury.print.paidTo')}>
          {cheque.payeeName}
          <Box component="span" sx={{ display: 'block', fontWeight: 400, fontSize: '3mm' }}>
            {t(`treasury.payee.${cheque.payeeType}`)}
            {cheque.payeeId !== null ? ` #${cheque.payeeId}` : ''}
          </Box>
        </Labelled>
        <Labelled label={t('treasury.date')}>{formatDate(cheque.date, lang, 'long')}</Labelled>
        <Labelled label={t('treasury.cheque.bank')}>
          {cheque.bankAccount.code} · {cheque.bankAccount.name}
        </Labelled>
        <Labelled label={t('treasury.print.chequeNo')}>{cheque.chequeNumber}</Labelled>
      </Box>
      <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', mb: '3mm' }} aria-label={t('treasury.cheque.linesTitle')}>
        <thead>
          <tr>
            <Box component="th" sx={{ ...cell, width: '8mm', fontWeight: 700 }}>
              #
            </Box>
            <Box component="th" sx={{ ...cell, fontWeight: 700 }}>
              {t('treasury.cheque.lineAccount')}
            </Box>
            <Box component="th" sx={{ ...cell, fontWeight: 700 }}>
              {t('treasury.print.description')}
            </Box>
            <Box component="th" sx={{ ...cell, width: '36mm', textAlign: 'right', fontWeight: 700 }}>
              {t('treasury.amount')} ({cheque.currency})
            </Box>
          </tr>
        </thead>
        <tbody>
          {cheque.lines.map((l) => (
            <tr key={l.lineNo}>
              <Box component="td" sx={cell}>
                {l.lineNo}
              </Box>
              <Box component="td" sx={cell}>
                {l.account.code} · {l.account.name}
              </Box>
              <Box component="td" sx={cell}>
                {l.memo ?? cheque.memo ?? ''}
              </Box>
              <Box component="td" sx={{ ...cell, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                {money(l.amount)}
              </Box>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <Box component="td" colSpan={3} sx={{ ...cell, textAlign: 'right', fontWeight: 700 }}>
              {t('treasury.print.total')}
            </Box>
            <Box component="td" sx={{ ...cell, textAlign: 'right', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} data-testid="print-total">
              {money(cheque.amount)}
            </Box>
          </tr>
        </tfoot>
      </Box>
      <Box sx={{ fontSize: '3.4mm', mb: '2mm' }}>
        <Box component="span" sx={{ fontWeight: 700 }}>
          {t('treasury.print.amountWords')}:
        </Box>{' '}
        {cheque.amountInWords[lang]} {t('treasury.print.only')}
      </Box>
      {cheque.memo && (
        <Box sx={{ fontSize: '3.4mm', mb: '2mm' }}>
          <Box component="span" sx={{ fontWeight: 700 }}>
            {t('treasury.memo')}:
          </Box>{' '}
          {cheque.memo}
        </Box>
      )}
      {/* Aligned at the foot: a signature image above one line does not push that line below the others. */}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: '6mm', mt: '14mm', alignItems: 'end' }}>
        {signatures.map((s) => (
          <Box key={s.label} sx={{ textAlign: 'center' }}>
            {s.signatureFileId && <Signature fileId={s.signatureFileId} alt={t('treasury.print.signatureAlt')} />}
            <Box sx={{ fontSize: '3.2mm', minHeight: '4.5mm' }}>{s.name ?? ''}</Box>
            <Box sx={{ borderTop: `0.3mm solid ${INK}`, pt: '1mm', fontSize: '3mm' }}>{s.label}</Box>
            <Box sx={{ fontSize: '2.6mm', color: MUTED, mt: '3mm', textAlign: 'left' }}>{t('treasury.print.dateLine')}</Box>
          </Box>
        ))}
      </Box>
      <Box sx={{ fontSize: '2.6mm', color: MUTED, mt: '8mm', textAlign: 'right' }}>
        {t('treasury.print.printedAt', { date: formatDateTime(printedAt, lang) })}
      </Box>
      {cheque.status === 'Void' && <VoidMark label={t('treasury.print.void')} />}
    </Box>
  );
}
