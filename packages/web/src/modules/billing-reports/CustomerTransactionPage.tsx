// /Sales-reports/customer-transaction: one customer's statement from the ledger (GET
// /api/billing-reports/customer-transaction): the balance brought forward, each bill, payment,
// cancellation, transfer and opening balance with its document and a running balance, and the balance
// at the end. The customer comes from the URL (every customer row of the other reports opens it here)
// or from the customer search (holders of list-customer); the range from the filter dialog (empty:
// all dates). Paged on screen; the Excel file holds every line.
import { useMemo, useState } from 'react';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { billingReportsEndpoints, type StatementLineKind } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DateText } from '../../components/DateText.tsx';
import { FilterDialog } from '../../components/FilterDialog.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { formatDate } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { CustomerPicker } from '../../components/CustomerPicker.tsx';
import { useCustomerOptions } from '../billing/index.ts';
import { csvFileName } from '../../lib/csv.ts';
import { isIsoDate } from '../../lib/reportPeriods.ts';
import { ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { usePeriodText } from '../../lib/useReportParams.ts';
import { billingReportsPrivileges as p } from './billing-reports.access.ts';
import { idParam } from './billing-reports.logic.ts';
import { useCustomerStatement } from './billing-reports.queries.ts';
import { MoneyCell, Pager, totalsRowSx, useBillingParams } from './ReportParts.tsx';

const KIND_COLOURS: Record<StatementLineKind, 'default' | 'primary' | 'success' | 'warning' | 'info' | 'secondary'> = {
  bill: 'primary',
  payment: 'success',
  reversal: 'warning',
  transfer: 'info',
  opening: 'secondary',
  journal: 'default',
  invoice: 'primary',
  creditNote: 'warning',
  cashSale: 'success',
  other: 'default',
};

export default function CustomerTransactionPage() {
  const { t } = useTranslation();
  const can = useCan();
  const { params, paging, filter } = useBillingParams();
  const periodText = usePeriodText();
  const lang = useLang();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const customerId = idParam(params, 'customerId');
  const startDate = isIsoDate(params.get('startDate')) ? (params.get('startDate') as string) : undefined;
  const endDate = isIsoDate(params.get('endDate')) ? (params.get('endDate') as string) : undefined;
  const query = { customerId: customerId ?? undefined, startDate, endDate, _page: paging.page, _limit: paging.limit };
  const report = useCustomerStatement(query, customerId !== null);
  const data = customerId !== null ? report.data : undefined;
  const customer = data?.customer.id === customerId ? data.customer : null;
  const title = t('billingReports.statement.title');
  const period =
    startDate && endDate
      ? periodText.range({ startDate, endDate })
      : endDate
        ? periodText.asAt(endDate)
        : startDate
          ? `${formatDate(startDate, lang)} –`
          : t('billingReports.statement.allDates');
  const initial = useMemo(() => ({ startDate, endDate }), [startDate, endDate]);

  const csv = () => {
    if (!data) return null;
    const c = data.customer;
    return [
      [
        t('billingReports.col.date'),
        t('billingReports.col.kind'),
        t('billingReports.col.document'),
        t('billingReports.col.description'),
        t('billingReports.col.debit'),
        t('billingReports.col.credit'),
        t('billingReports.col.balance'),
      ],
      ['', '', '', `${c.customerNo} ${c.name}`, '', '', ''],
      ['', '', '', t('billingReports.statement.opening'), '', '', data.openingBalance],
      ...data.lines.map((l) => [l.date, t(`billingReports.kind.${l.kind}`), l.document ?? l.number, l.description, l.debit, l.credit, l.balance]),
      ['', '', '', t('billingReports.statement.closing'), data.totals.debit, data.totals.credit, data.closingBalance],
    ];
  };

  return (
    <ReportFrame
      title={customer ? `${title}: ${customer.name}` : title}
      period={period}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, customer?.customerNo ?? '', startDate ?? '', endDate ?? '')}
      exportEndpoint={customerId ? billingReportsEndpoints.customerTransactionExport : undefined}
      exportQuery={{ customerId, startDate, endDate }}
      isFetching={report.isFetching}
      toolbar={
        can(p.customers) ? (
          <div style={{ minWidth: 320, flex: '0 1 420px' }}>
            <CustomerPicker
              useSearch={useCustomerOptions}
              label={t('billingReports.filter.customer')}
              value={customer ? { id: customer.id, customerNo: customer.customerNo, name: customer.name, customerClass: customer.customerClass } : null}
              onChange={(c) => filter({ customerId: c ? String(c.id) : null })}
            />
          </div>
        ) : undefined
      }
    >
      {customerId === null ? (
        <Paper sx={{ p: 6, textAlign: 'center', color: 'text.secondary' }}>
          <Typography>{t('billingReports.statement.pick')}</Typography>
        </Paper>
      ) : (
        <ReportState query={report} emptyText="">
          {data && (
            <Paper>
              <Typography variant="subtitle1" component="p" sx={{ px: 2, pt: 2 }} data-testid="statement-customer">
                {t('billingReports.statement.customerLine', { number: data.customer.customerNo, name: data.customer.name, phone: data.customer.phone })}
                {data.customer.zoneName ? ` · ${data.customer.zoneName}` : ''}
              </Typography>
              <TableContainer>
                <Table size="small" aria-label={title}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('billingReports.col.date')}</TableCell>
                      <TableCell>{t('billingReports.col.kind')}</TableCell>
                      <TableCell>{t('billingReports.col.document')}</TableCell>
                      <TableCell>{t('billingReports.col.description')}</TableCell>
                      <TableCell align="right">{t('billingReports.col.debit')}</TableCell>
                      <TableCell align="right">{t('billingReports.col.credit')}</TableCell>
                      <TableCell align="right">{t('billingReports.col.balance')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    <TableRow>
                      <TableCell colSpan={6} sx={{ fontWeight: 600 }}>
                        {t('billingReports.statement.opening')}
                      </TableCell>
                      <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="statement-opening">
                        <MoneyText value={data.openingBalance} negativeColor />
                      </TableCell>
                    </TableRow>
                    {data.lines.map((l) => (
                      <TableRow key={l.lineId} hover>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          <DateText value={l.date} />
                        </TableCell>
                        <TableCell>
                          <Chip size="small" variant="outlined" color={KIND_COLOURS[l.kind]} label={t(`billingReports.kind.${l.kind}`)} />
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{l.document ?? l.number}</TableCell>
                        <TableCell>{l.description}</TableCell>
                        <MoneyCell value={l.debit} />
                        <MoneyCell value={l.credit} />
                        <MoneyCell value={l.balance} negativeColor showZero />
                      </TableRow>
                    ))}
                    {data.lines.length === 0 && (
                      <TableRow>
                        <TableCell colSpan={7} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                          {t('billingReports.statement.empty')}
                        </TableCell>
                      </TableRow>
                    )}
                  </TableBody>
                  <TableFooter>
                    <TableRow sx={totalsRowSx}>
                      <TableCell colSpan={4}>{t('billingReports.statement.closing')}</TableCell>
                      <MoneyCell value={data.totals.debit} showZero />
                      <MoneyCell value={data.totals.credit} showZero />
                      <MoneyCell value={data.closingBalance} showZero negativeColor testId="statement-closing" />
                    </TableRow>
                  </TableFooter>
                </Table>
              </TableContainer>
              <Pager total={data.total} />
            </Paper>
          )}
        </ReportState>
      )}
      <FilterDialog
        open={isFilterOpen}
        title={t('billingReports.filter.title')}
        fields={['startDate', 'endDate']}
        initial={initial}
        onApply={(v) => filter({ startDate: v.startDate, endDate: v.endDate })}
        onClose={() => setFilterOpen(false)}
      />
    </ReportFrame>
  );
}
