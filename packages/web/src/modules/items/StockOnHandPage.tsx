// /items/stock-on-hand: stock on hand and value as at a date (GET /api/elc/stock-reports/stock-on-hand):
// every stocked good with stock at that date, at one branch or all, one category or all, with its
// quantity, average cost and value, and the totals of every row. The date from the filter dialog (today
// when none), branch, category and search in the toolbar, all in the URL. A row opens the item's stock
// card up to that date. CSV of the page, Excel of every row, print.
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { stockReportsEndpoints } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { FilterDialog } from '../../components/FilterDialog.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { csvFileName } from '../../lib/csv.ts';
import { todayIso } from '../../lib/format.ts';
import { isIsoDate } from '../../lib/reportPeriods.ts';
import { usePeriodText, useReportParams } from '../../lib/useReportParams.ts';
import { useItemChoices } from './items.queries.ts';
import { QuantityText } from './QuantityText.tsx';
import { SelectFilter } from '../../components/SelectFilter.tsx';
import { NumberCell, ReportPager, useStockReport } from './StockReportParts.tsx';

const positive = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

export default function StockOnHandPage() {
  const { t } = useTranslation();
  const can = useCan();
  const periodText = usePeriodText();
  const { params, update } = useReportParams();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const choices = useItemChoices().data;
  const date = isIsoDate(params.get('date')) ? (params.get('date') as string) : todayIso();
  const branchId = positive(params.get('branchId'));
  const categoryId = positive(params.get('categoryId'));
  const q = params.get('q') ?? '';
  const page = positive(params.get('page')) ?? 1;
  const limit = positive(params.get('limit')) ?? 100;
  const report = useStockReport(stockReportsEndpoints.stockOnHand, { date, branchId, categoryId, q: q || undefined, _page: page, _limit: limit } as never);
  const data = report.data;
  const h = (k: string, o?: Record<string, unknown>) => t(`items.stockReports.${k}`, o);
  const title = h('stockOnHandTitle');
  const branchName = choices?.branches.find((b) => b.id === branchId)?.name ?? h('allBranches');
  const initial = useMemo(() => ({ date }), [date]);
  const cardLink = (itemId: number) => `/Sales-reports/item-transaction?itemId=${itemId}&endDate=${date}${branchId ? `&branchId=${branchId}` : ''}`;

  const csv = () =>
    data
      ? [
          [h('code'), h('name'), h('category'), h('unit'), h('quantity'), h('averageCost'), h('value')],
          ...data.rows.map((r) => [r.code, r.name, r.categoryName, r.unitName, r.quantity, r.averageCost, r.value]),
          ['', h('total', { count: data.totals.items }), '', '', '', '', data.totals.value],
        ]
      : null;

  return (
    <ReportFrame
      title={title}
      period={`${periodText.asAt(date)} · ${branchName}`}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, date)}
      exportEndpoint={stockReportsEndpoints.stockOnHandExport}
      exportQuery={{ date, branchId, categoryId, q: q || undefined }}
      isFetching={report.isFetching}
      toolbar={
        <>
          <Box sx={{ width: 240, flexShrink: 0 }}>
            <SelectFilter
              label={h('branch')}
              value={branchId ? String(branchId) : ''}
              onChange={(v) => update({ branchId: v || null, page: null })}
              allLabel={h('allBranches')}
              options={(choices?.branches ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
            />
          </Box>
          <Box sx={{ width: 240, flexShrink: 0 }}>
            <SelectFilter
              label={h('category')}
              value={categoryId ? String(categoryId) : ''}
              onChange={(v) => update({ categoryId: v || null, page: null })}
              allLabel={h('allCategories')}
              options={(choices?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            />
          </Box>
          <TextField size="small" label={h('search')} defaultValue={q} onBlur={(e) => update({ q: e.target.value.trim() || null, page: null })} />
        </>
      }
    >
      <ReportState query={report} emptyText="">
        {data && (
          <Paper>
            <TableContainer>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    {['code', 'name', 'category', 'unit'].map((k) => (
                      <TableCell key={k}>{h(k)}</TableCell>
                    ))}
                    {['quantity', 'averageCost', 'value'].map((k) => (
                      <TableCell key={k} align="right">
                        {h(k)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.rows.map((r) => (
                    <TableRow key={r.itemId} hover>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {can('item-transaction') ? (
                          <Link component={RouterLink} to={cardLink(r.itemId)} underline="hover" aria-label={`${h('card')}: ${r.code}`}>
                            {r.code}
                          </Link>
                        ) : (
                          r.code
                        )}
                      </TableCell>
                      <TableCell>{r.name}</TableCell>
                      <TableCell>{r.categoryName ?? ''}</TableCell>
                      <TableCell>{r.unitName ?? ''}</TableCell>
                      <NumberCell>
                        <QuantityText value={r.quantity} />
                      </NumberCell>
                      <NumberCell>
                        <MoneyText value={r.averageCost} />
                      </NumberCell>
                      <NumberCell>
                        <MoneyText value={r.value} negativeColor />
                      </NumberCell>
                    </TableRow>
                  ))}
                  {data.rows.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={7} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                        {h('noStock')}
                      </TableCell>
                    </TableRow>
                  )}
                </TableBody>
                <TableFooter>
                  <TableRow>
                    <TableCell colSpan={6} sx={{ fontWeight: 700 }}>
                      {h('total', { count: data.totals.items })}
                    </TableCell>
                    <NumberCell bold testId="on-hand-total">
                      <MoneyText value={data.totals.value} />
                    </NumberCell>
                  </TableRow>
                </TableFooter>
              </Table>
            </TableContainer>
            <ReportPager total={data.total} page={page} limit={limit} onPage={(p, l) => update({ page: String(p), limit: String(l) })} />
          </Paper>
        )}
      </ReportState>
      <FilterDialog
        open={isFilterOpen}
        title={h('filterTitle')}
        fields={['date']}
        initial={initial}
        onApply={(v) => update({ date: v.date, page: null })}
        onClose={() => setFilterOpen(false)}
      />
    </ReportFrame>
  );
}
