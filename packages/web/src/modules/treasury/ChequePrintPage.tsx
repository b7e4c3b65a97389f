import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PrintIcon from '@mui/icons-material/Print';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { NO_PRINT, type PrintRules, PrintStyles } from '../../components/PrintStyles.tsx';
import { DocumentStateChip } from './TreasuryParts.tsx';
import { ChequeFace, INK, RULE, Voucher } from './ChequeSheet.tsx';
import { useCheque } from './treasury.queries.ts';
import { DocumentGate } from '../../components/DocumentGate.tsx';

// On paper: only the sheet, A4, no shadows or colours of the theme.
const printPage = { size: 'A4 portrait', margin: '10mm' };
const printRules: PrintRules = {
  '.cheque-sheet': { boxShadow: 'none !important', border: '0 !important', margin: '0 !important', padding: '0 !important', maxWidth: 'none !important' },
  '.cheque-sheet *': { color: `${INK} !important`, printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' },
  '.cheque-face, .cheque-voucher, .cheque-voucher tr': { breakInside: 'avoid' },
};

export default function ChequePrintPage() {
  const { t } = useTranslation();
  const { id: rawId } = useParams();
  const id = rawId && /^[1-9]\d{0,9}$/.test(rawId) ? Number(rawId) : null;
  const cheque = useCheque(id);

  const back = (
    <Button component={RouterLink} to="/finance/write-check" startIcon={<ArrowBackIcon />}>
      {t('treasury.print.back')}
    </Button>
  );

  return (
    <DocumentGate
      id={id}
      queries={[cheque]}
      data={cheque.data}
      title={t('treasury.print.title')}
      back={back}
      notFound={t('treasury.print.notFound')}
      loadFailed={t('treasury.print.loadFailed')}
      height={480}
    >
      {(c) => {
        return (
          <>
            <PrintStyles page={printPage} rules={printRules} />
            <Box className={NO_PRINT}>
              <PageHeader
                title={t('treasury.print.titleNumber', { number: c.chequeNumber })}
                subtitle={<DocumentStateChip state={c.status} />}
                actions={
                  <>
                    {back}
                    <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
                      {t('treasury.print.print')}
                    </Button>
                  </>
                }
              />
              {c.status === 'Void' && (
                <Alert severity="warning" sx={{ mb: 2 }}>
                  {t('treasury.print.voidNotice', { entry: c.voidEntryNumber ?? '' })}
                </Alert>
              )}
            </Box>
            <Box
              className="cheque-sheet"
              sx={{
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
              <ChequeFace cheque={c} />
              <Box
                aria-hidden
                sx={{
                  borderTop: `0.4mm dashed ${RULE}`,
                  my: '8mm',
                  position: 'relative',
                  '&::after': {
                    content: '"✂"',
                    position: 'absolute',
                    left: '2mm',
                    top: '-3.2mm',
                    px: '1mm',
                    fontSize: '4mm',
                    lineHeight: 1.4,
                    color: RULE,
                    bgcolor: '#fff',
                  },
                }}
              />
              <Voucher cheque={c} />
            </Box>
          </>
        );
      }}
    </DocumentGate>
  );
}
