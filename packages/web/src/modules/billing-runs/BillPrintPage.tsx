// /customers/bills/:id/print: the bill as the customer receives it, on one A4 sheet: the company header
// with its logo (GET /api/bills/print/company), the customer and house, the meter with its previous and
// current readings and the consumption, the tariff lines, the previous balance, the amount due with its
// due date, and how to pay (the mobile-money short code with the customer number as reference, the
// billing code, the contact line). The same content as the server's PDF. A print stylesheet hides the
// application around the sheet; a cancelled bill is marked across the sheet.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PrintIcon from '@mui/icons-material/Print';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { DocumentGate } from '../../components/DocumentGate.tsx';
import { NO_PRINT, PrintStyles } from '../../components/PrintStyles.tsx';
import { BillSheet, billPrintPage, billPrintRules } from './BillSheet.tsx';
import { useBillId } from './BillPage.tsx';
import { useBill, usePrintCompany } from './billing-runs.queries.ts';

export default function BillPrintPage() {
  const { t } = useTranslation();
  const id = useBillId();
  const bill = useBill(id);
  const company = usePrintCompany();
  const back = (
    <Button component={RouterLink} to={id === null ? '/customers/bills' : `/customers/bills/${id}`} startIcon={<ArrowBackIcon />}>
      {t('billingRuns.print.back')}
    </Button>
  );
  return (
    <DocumentGate
      id={id}
      queries={[bill, company]}
      data={bill.data && company.data ? { bill: bill.data, company: company.data } : undefined}
      title={t('billingRuns.print.title')}
      back={back}
      notFound={t('billingRuns.bill.notFound')}
      loadFailed={t('billingRuns.bill.loadFailed')}
      height={600}
    >
      {(d) => (
        <>
          <PrintStyles page={billPrintPage} rules={billPrintRules} />
          <Box className={NO_PRINT}>
            <PageHeader
              title={t('billingRuns.bill.title', { number: d.bill.number })}
              actions={
                <>
                  {back}
                  <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
                    {t('billingRuns.print.print')}
                  </Button>
                </>
              }
            />
          </Box>
          <BillSheet bill={d.bill} company={d.company} />
        </>
      )}
    </DocumentGate>
  );
}
