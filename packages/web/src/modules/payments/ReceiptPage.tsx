// /customers/payments/:id: the payment's receipt (paymentsEndpoints.get), as printed for the
// customer: company header, receipt number and date, who paid, the amount in figures and in words in
// the user's language, how and into which account, the bills it paid, the balance before and after,
// and signature lines. Print lays it out on A5 without the application around it; a cancelled payment
// is stamped CANCELLED. Cancel is offered to holders of receive-payment while it is posted.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BlockIcon from '@mui/icons-material/Block';
import PrintIcon from '@mui/icons-material/Print';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toast } from '../../lib/api.ts';
import { formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { NO_PRINT } from '../../components/PrintStyles.tsx';
import { ReceiptPrintStyles, ReceiptSheet } from './Receipt.tsx';
import { CancelDocumentDialog, StateChip } from './PaymentsParts.tsx';
import { paymentsPrivileges as p } from './payments.access.ts';
import { useCancelPayment, usePayment } from './payments.queries.ts';
import { DocumentGate } from '../../components/DocumentGate.tsx';
import { EmailDocumentButton } from '../email/index.ts';
import { PaymentAttachments } from './PaymentAttachments.tsx';

export default function ReceiptPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { can } = useSession();
  const { id: rawId } = useParams();
  const id = rawId && /^[1-9]\d{0,14}$/.test(rawId) ? Number(rawId) : null;
  const payment = usePayment(id);
  const cancel = useCancelPayment();
  const [isCancelling, setCancelling] = useState(false);

  const back = (
    <Button component={RouterLink} to="/customers/payments" startIcon={<ArrowBackIcon />}>
      {t('payments.receipt.back')}
    </Button>
  );

  return (
    <DocumentGate
      id={id}
      queries={[payment]}
      data={payment.data}
      title={t('payments.receipt.title')}
      back={back}
      notFound={t('payments.receipt.notFound')}
      loadFailed={t('payments.receipt.loadFailed')}
      height={420}
    >
      {(p0) => {
        return (
          <>
            <ReceiptPrintStyles />
            <Box className={NO_PRINT}>
              <PageHeader
                title={t('payments.receipt.titleNumber', { number: p0.number })}
                subtitle={<StateChip state={p0.status} />}
                actions={
                  <>
                    {back}
                    {p0.status === 'Posted' && can(p.receive) && (
                      <Button color="error" startIcon={<BlockIcon />} onClick={() => setCancelling(true)}>
                        {t('payments.list.cancel')}
                      </Button>
                    )}
                    <Button component={RouterLink} to="/customers/payment" startIcon={<AddIcon />}>
                      {t('payments.receipt.newPayment')}
                    </Button>
                    <EmailDocumentButton document="payment_receipt" id={p0.id} number={p0.number} />
                    <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
                      {t('payments.receipt.print')}
                    </Button>
                  </>
                }
              />
              {p0.status === 'Cancelled' && (
                <Alert severity="warning" sx={{ mb: 2 }}>
                  {t('payments.receipt.cancelledNotice', { entry: p0.cancelEntryNumber ?? '', reason: p0.cancelReason ?? '' })}
                </Alert>
              )}
            </Box>
            <ReceiptSheet payment={p0} />
            <Box className={NO_PRINT}>
              <PaymentAttachments paymentId={p0.id} files={p0.attachments} mayEdit={can(p.receive)} />
            </Box>
            <CancelDocumentDialog
              open={isCancelling}
              number={p0.number}
              documentDate={p0.date}
              message={t('payments.cancel.paymentText', {
                amount: formatMoney(p0.amount, lang),
                account: `${p0.account.code} ${p0.account.name}`,
                customer: p0.customer.name,
              })}
              onCancel={async (body, key) => {
                const done = await cancel.mutateAsync({ id: p0.id, body, key });
                toast(t('payments.cancel.done', { number: done.number }), 'success');
              }}
              onClose={() => setCancelling(false)}
            />
          </>
        );
      }}
    </DocumentGate>
  );
}
