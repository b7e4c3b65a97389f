// /Sales-reports/vendor-transaction: the payable lines naming vendors in a period (GET
// /api/vendor-reports/vendor-transaction): one vendor's (?vendorId, chosen in the filter dialog) or every
// vendor's, with the balance brought forward, each line's document, entry, debit and credit and a running
// balance, and the balance at the end; paged (the totals and the Excel file cover every line). CSV of
// what is shown, Excel from the server, print.
import { useMemo, useState } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { vendorReportsEndpoints } from '@ubo/contracts';
import { FilterDialog } from '../../components/FilterDialog.tsx';
import { NO_PRINT } from '../../components/PrintStyles.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { api } from '../../lib/api.ts';
import { csvFileName } from '../../lib/csv.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { usePeriodText, useReportParams } from '../../lib/useReportParams.ts';
import { useCan } from '../../app/session.tsx';
import { vendorsPrivileges as p } from './vendors.access.ts';
import { useVendorChoices } from './vendors.queries.ts';
import { LedgerHead, LedgerRows } from './VendorStatement.tsx';

export default function VendorTransactionPage() {
  const { t } = useTranslation();
  const can = useCan();
  const { params, range, update } = useReportParams();
  const periodText = usePeriodText();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const vendorId = Number(params.get('vendorId')) || undefined;
  const pageNo = Math.max(1, Number(params.get('_page')) || 1);
  const limit = [100, 250, 500, 1000].includes(Number(params.get('_limit'))) ? Number(params.get('_limit')) : 250;
  const query = { ...range, vendorId, _page: pageNo, _limit: limit };
  const report = useQuery({
    queryKey: endpointKeys(vendorReportsEndpoints.transaction).list(query),
    queryFn: ({ signal }) => api.call(vendorReportsEndpoints.transaction, { query }, { signal }),
  });
  const choices = useVendorChoices(can(p.list));
  const data = report.data;
  const title = t('vendors.reports.transactionTitle');
  const who = data?.vendor ? `${data.vendor.number} ${data.vendor.name}` : t('vendors.reports.allVendors');
  const selects = useMemo(
    () =>
      choices.data
        ? [
            {
              name: 'vendor',
              label: t('vendors.reports.vendorFilter'),
              options: choices.data.vendors.map((v) => ({ value: String(v.id), label: `${v.number} · ${v.name}` })),
            },
          ]
        : [],
    [choices.data, t],
  );
  const initial = useMemo(() => ({ ...range, selects: { vendor: vendorId ? String(vendorId) : (0 as const) } }), [range, vendorId]);

  const csv = () =>
    data
      ? [
          [
            t('vendors.col.date'),
            t('vendors.col.vendor'),
            t('vendors.col.kind'),
            t('vendors.col.document'),
            t('vendors.col.entry'),
            t('vendors.col.description'),
            t('vendors.col.debit'),
            t('vendors.col.credit'),
            t('vendors.col.balance'),
          ],
          ['', '', '', '', '', t('vendors.statement.opening'), '', '', data.openingBalance],
          ...data.lines.map((l) => [
            l.date,
            `${l.vendorNumber} ${l.vendorName}`,
            t(`vendors.kind.${l.kind}`),
            l.document ?? '',
            l.number,
            l.description,
            l.debit,
            l.credit,
            l.balance,
          ]),
          ['', '', '', '', '', t('vendors.statement.closing'), data.totals.debit, data.totals.credit, data.closingBalance],
        ]
      : null;

  return (
    <ReportFrame
      title={`${title}: ${who}`}
      period={periodText.range(range)}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, data?.vendor?.number ?? '', range.startDate, range.endDate)}
      exportEndpoint={vendorReportsEndpoints.transactionExport}
      exportQuery={{ ...range, vendorId }}
      isFetching={report.isFetching}
    >
      <ReportState query={report} emptyText="">
        {data && (
          <Paper>
            <TableContainer>
              <Table size="small" aria-label={title}>
                <LedgerHead showVendor />
                <TableBody>
                  <TableRow>
                    <TableCell colSpan={8} sx={{ fontWeight: 600 }}>
                      {t('vendors.statement.opening')}
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600 }}>
                      <MoneyText value={data.openingBalance} negativeColor />
                    </TableCell>
                  </TableRow>
                  <LedgerRows lines={data.lines} showVendor />
                  <TableRow>
                    <TableCell colSpan={6} sx={{ fontWeight: 700 }}>
                      {t('vendors.statement.closing')}
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 700 }}>
                      <MoneyText value={data.totals.debit} />
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 700 }}>
                      <MoneyText value={data.totals.credit} />
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="transaction-closing">
                      <MoneyText value={data.closingBalance} negativeColor />
                    </TableCell>
                  </TableRow>
                </TableBody>
              </Table>
            </TableContainer>
            <TablePagination
              component="div"
              className={NO_PRINT}
              count={data.total}
              page={pageNo - 1}
              rowsPerPage={limit}
              rowsPerPageOptions={[100, 250, 500, 1000]}
              onPageChange={(_, n) => update({ _page: String(n + 1) })}
              onRowsPerPageChange={(e) => update({ _limit: e.target.value, _page: null })}
            />
          </Paper>
        )}
      </ReportState>
      <FilterDialog
        open={isFilterOpen}
        title={t('vendors.reports.filterTitle')}
        fields={['startDate', 'endDate']}
        selects={selects}
        initial={initial}
        onApply={(v) =>
          update({ startDate: v.startDate, endDate: v.endDate, vendorId: v.selects?.vendor && v.selects.vendor !== '0' ? String(v.selects.vendor) : null })
        }
        onClose={() => setFilterOpen(false)}
      />
    </ReportFrame>
  );
}
