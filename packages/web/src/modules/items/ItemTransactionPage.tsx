// /Sales-reports/item-transaction: the stock card of one item as a report (GET
// /api/elc/stock-reports/item-transaction): brought forward at the start of the period, each move in date
// order (date, movement, document, branch, in, out, running balance, unit cost, value, balance value),
// the totals and what is carried forward. Item and branch in the toolbar, the period in the filter
// dialog, all in the URL; CSV of what is shown, Excel of every line from the server, print.
import { useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { stockReportsEndpoints } from '@ubo/contracts';
import { DateText } from '../../components/DateText.tsx';
import { FilterDialog } from '../../components/FilterDialog.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { csvFileName } from '../../lib/csv.ts';
import { isIsoDate } from '../../lib/reportPeriods.ts';
import { usePeriodText, useReportParams } from '../../lib/useReportParams.ts';
import { useItemChoices } from './items.queries.ts';
import { QuantityText } from './QuantityText.tsx';
import { SelectFilter } from '../../components/SelectFilter.tsx';
import { useStockItems } from './StockItemField.tsx';
import { NumberCell, ReportPager, useStockReport } from './StockReportParts.tsx';

const positive = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

export default function ItemTransactionPage() {
  const { t } = useTranslation();
  const periodText = usePeriodText();
  const { params, update } = useReportParams();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const { items } = useStockItems();
  const branches = useItemChoices().data?.branches ?? [];
  const itemId = positive(params.get('itemId'));
  const branchId = positive(params.get('branchId'));
  const startDate = isIsoDate(params.get('startDate')) ? (params.get('startDate') as string) : undefined;
  const endDate = isIsoDate(params.get('endDate')) ? (params.get('endDate') as string) : undefined;
  const page = positive(params.get('page')) ?? 1;
  const limit = positive(params.get('limit')) ?? 100;
  const query = { itemId, branchId, startDate, endDate, _page: page, _limit: limit };
  const report = useStockReport(stockReportsEndpoints.itemTransaction, query as never, itemId !== undefined);
  const data = itemId !== undefined ? report.data : undefined;
  const title = t('items.stockReports.itemTransactionTitle');
  const period =
    startDate && endDate ? periodText.range({ startDate, endDate }) : endDate ? periodText.asAt(endDate) : (startDate ?? t('items.stockReports.allDates'));
  const initial = useMemo(() => ({ startDate, endDate }), [startDate, endDate]);
  const chosen = items.find((i) => i.id === itemId) ?? null;
  const h = (k: string) => t(`items.stockReports.${k}`);

  const csv = () =>
    data
      ? [
          [h('date'), h('move'), h('document'), h('branch'), h('quantityIn'), h('quantityOut'), h('balance'), h('unitCost'), h('value'), h('balanceValue')],
          ['', '', h('opening'), '', '', '', data.opening.quantity, '', '', data.opening.value],
          ...data.lines.map((l) => [
            l.date,
            t(`items.moveKind.${l.kind}`),
            l.document,
            l.branchName,
            l.quantityIn,
            l.quantityOut,
            l.balance,
            l.unitCost,
            l.value,
            l.balanceValue,
          ]),
          ['', '', h('closing'), '', data.totals.quantityIn, data.totals.quantityOut, data.closing.quantity, '', data.totals.value, data.closing.value],
        ]
      : null;

  return (
    <ReportFrame
      title={data ? `${title}: ${data.item.code} ${data.item.name}` : title}
      period={`${period} · ${data?.branchName ?? h('allBranches')}`}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, chosen?.code ?? '', startDate ?? '', endDate ?? '')}
      exportEndpoint={itemId ? stockReportsEndpoints.itemTransactionExport : undefined}
      exportQuery={{ itemId, branchId, startDate, endDate }}
      isFetching={report.isFetching}
      toolbar={
        <>
          <Autocomplete
            options={items}
            value={chosen}
            onChange={(_, v) => update({ itemId: v ? String(v.id) : null, page: null })}
            getOptionLabel={(o) => `${o.code} · ${o.name}`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            sx={{ minWidth: 320, flex: '0 1 420px' }}
            renderInput={(p) => <TextField {...p} label={h('item')} size="small" />}
          />
          <Box sx={{ width: 240, flexShrink: 0 }}>
            <SelectFilter
              label={h('branch')}
              value={branchId ? String(branchId) : ''}
              onChange={(v) => update({ branchId: v || null, page: null })}
              allLabel={h('allBranches')}
              options={branches.map((b) => ({ value: String(b.id), label: b.name }))}
            />
          </Box>
        </>
      }
    >
      {itemId === undefined ? (
        <Paper sx={{ p: 6, textAlign: 'center', color: 'text.secondary' }}>
          <Typography>{h('pickItem')}</Typography>
        </Paper>
      ) : (
        <ReportState query={report} emptyText="">
          {data && (
            <Paper>
              <TableContainer>
                <Table size="small" aria-label={title}>
                  <TableHead>
                    <TableRow>
                      {['date', 'move', 'document', 'branch'].map((k) => (
                        <TableCell key={k}>{h(k)}</TableCell>
                      ))}
                      {['quantityIn', 'quantityOut', 'balance', 'unitCost', 'value', 'balanceValue'].map((k) => (
                        <TableCell key={k} align="right">
                          {h(k)}
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    <TableRow>
                      <TableCell colSpan={6} sx={{ fontWeight: 600 }}>
                        {h('opening')}
                      </TableCell>
                      <NumberCell bold testId="card-opening">
                        <QuantityText value={data.opening.quantity} unit={data.item.unitName} />
                      </NumberCell>
                      <TableCell colSpan={2} />
                      <NumberCell bold>
                        <MoneyText value={data.opening.value} />
                      </NumberCell>
                    </TableRow>
                    {data.lines.map((l) => (
                      <TableRow key={l.id} hover>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          <DateText value={l.date} />
                        </TableCell>
                        <TableCell>{t(`items.moveKind.${l.kind}`)}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{l.document ?? '—'}</TableCell>
                        <TableCell>{l.branchName}</TableCell>
                        <NumberCell>
                          <QuantityText value={l.quantityIn} />
                        </NumberCell>
                        <NumberCell>
                          <QuantityText value={l.quantityOut} />
                        </NumberCell>
                        <NumberCell>
                          <QuantityText value={l.balance} />
                        </NumberCell>
                        <NumberCell>
                          <MoneyText value={l.unitCost} />
                        </NumberCell>
                        <NumberCell>
                          <MoneyText value={l.value} negativeColor />
                        </NumberCell>
                        <NumberCell>
                          <MoneyText value={l.balanceValue} />
                        </NumberCell>
                      </TableRow>
                    ))}
                    {data.lines.length === 0 && (
                      <TableRow>
                        <TableCell colSpan={10} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                          {h('empty')}
                        </TableCell>
                      </TableRow>
                    )}
                  </TableBody>
                  <TableFooter>
                    <TableRow>
                      <TableCell colSpan={4} sx={{ fontWeight: 700 }}>
                        {h('closing')}
                      </TableCell>
                      <NumberCell bold>
                        <QuantityText value={data.totals.quantityIn} />
                      </NumberCell>
                      <NumberCell bold>
                        <QuantityText value={data.totals.quantityOut} />
                      </NumberCell>
                      <NumberCell bold testId="card-closing">
                        <QuantityText value={data.closing.quantity} unit={data.item.unitName} />
                      </NumberCell>
                      <TableCell />
                      <NumberCell bold>
                        <MoneyText value={data.totals.value} negativeColor />
                      </NumberCell>
                      <NumberCell bold testId="card-closing-value">
                        <MoneyText value={data.closing.value} />
                      </NumberCell>
                    </TableRow>
                  </TableFooter>
                </Table>
              </TableContainer>
              <ReportPager total={data.total} page={page} limit={limit} onPage={(p, l) => update({ page: String(p), limit: String(l) })} />
            </Paper>
          )}
        </ReportState>
      )}
      <FilterDialog
        open={isFilterOpen}
        title={h('filterTitle')}
        fields={['startDate', 'endDate']}
        initial={initial}
        onApply={(v) => update({ startDate: v.startDate, endDate: v.endDate, page: null })}
        onClose={() => setFilterOpen(false)}
      />
    </ReportFrame>
  );
}
