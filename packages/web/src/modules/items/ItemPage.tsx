// /items/:id: one item. Its details and accounts, what is on hand at each branch with its value and
// average cost, and its stock card: every move (opening, adjustment, transfer, purchase, sale, return)
// oldest first with the branch's balance after it, at one branch or all, in a period.
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type StockCardRow, itemsEndpoints, stockMovesEndpoints } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { api } from '../../lib/api.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { useDetailQuery } from '../../lib/queries.ts';
import { itemsPrivileges as p } from './items.access.ts';
import { ItemFormDialog } from './ItemFormDialog.tsx';
import { QuantityText } from './QuantityText.tsx';
import { SelectFilter } from '../../components/SelectFilter.tsx';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Grid>
  );
}

export default function ItemPage() {
  const { t } = useTranslation();
  const can = useCan();
  const id = Number(useParams().id);
  const item = useDetailQuery(itemsEndpoints.get, id);
  const stock = useQuery({
    queryKey: endpointKeys(itemsEndpoints.stock).detail({ id }),
    queryFn: ({ signal }) => api.call(itemsEndpoints.stock, { params: { id } }, { signal }),
    enabled: item.data?.kind === 'stock',
  });
  const [branchId, setBranchId] = useState('');
  const [editing, setEditing] = useState(false);

  const columns = useMemo<DataTableColumn<StockCardRow>[]>(
    () => [
      { field: 'date', header: t('items.page.date'), sortable: false, render: (r) => <DateText value={r.date} /> },
      { field: 'kind', header: t('items.page.move'), sortable: false, render: (r) => t(`items.moveKind.${r.kind}`), csv: (r) => t(`items.moveKind.${r.kind}`) },
      { field: 'sourceNo', header: t('items.page.document'), sortable: false, render: (r) => r.sourceNo ?? '—' },
      { field: 'branchName', header: t('items.page.branch'), sortable: false },
      { field: 'quantityIn', header: t('items.page.quantityIn'), sortable: false, align: 'right', render: (r) => <QuantityText value={r.quantityIn} /> },
      { field: 'quantityOut', header: t('items.page.quantityOut'), sortable: false, align: 'right', render: (r) => <QuantityText value={r.quantityOut} /> },
      { field: 'unitCost', header: t('items.page.unitCost'), sortable: false, align: 'right', render: (r) => <MoneyText value={r.unitCost} decimals={2} /> },
      { field: 'value', header: t('items.page.value'), sortable: false, align: 'right', render: (r) => <MoneyText value={r.value} negativeColor /> },
      { field: 'quantityAfter', header: t('items.page.balance'), sortable: false, align: 'right', render: (r) => <QuantityText value={r.quantityAfter} /> },
      { field: 'valueAfter', header: t('items.page.balanceValue'), sortable: false, align: 'right', render: (r) => <MoneyText value={r.valueAfter} /> },
    ],
    [t],
  );

  if (item.isError) return <Alert severity="error">{t('api.genericError')}</Alert>;
  if (!item.data) return <Skeleton variant="rounded" height={240} />;
  const i = item.data;

  return (
    <>
      <PageHeader
        title={`${i.code} · ${i.name}`}
        subtitle={t(`items.kind.${i.kind}`)}
        actions={
          can(p.edit) && (
            <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
              {t('common.edit')}
            </Button>
          )
        }
      />
      <Paper component="section" aria-label={t('items.page.title')} sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        <Grid container spacing={2}>
          <Detail label={t('items.field.status')}>
            <StatusChip status={i.status} />
          </Detail>
          <Detail label={t('items.field.category')}>{i.categoryName ?? '—'}</Detail>
          <Detail label={t('items.field.unit')}>{i.unitName ?? '—'}</Detail>
          <Detail label={t('items.field.barcode')}>{i.barcode ?? '—'}</Detail>
          <Detail label={t('items.field.salePrice')}>
            <MoneyText value={i.salePrice} />
          </Detail>
          <Detail label={t('items.field.purchasePrice')}>
            <MoneyText value={i.purchasePrice} />
          </Detail>
          <Detail label={t('items.field.taxPercent')}>{i.taxPercent}</Detail>
          <Detail label={t('items.field.reorderLevel')}>{i.kind === 'stock' ? <QuantityText value={i.reorderLevel} unit={i.unitName} /> : '—'}</Detail>
          <Detail label={t('items.field.incomeAccount')}>{`${i.incomeAccount.code} · ${i.incomeAccount.name}`}</Detail>
          <Detail label={t('items.field.expenseAccount')}>{`${i.expenseAccount.code} · ${i.expenseAccount.name}`}</Detail>
          <Detail label={t('items.field.inventoryAccount')}>{i.inventoryAccount ? `${i.inventoryAccount.code} · ${i.inventoryAccount.name}` : '—'}</Detail>
          <Detail label={t('items.field.averageCost')}>{i.kind === 'stock' ? <MoneyText value={i.averageCost} decimals={2} /> : '—'}</Detail>
        </Grid>
      </Paper>

      {i.kind === 'stock' && (
        <>
          <Paper component="section" aria-labelledby="item-stock" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
            <Typography id="item-stock" variant="h6" component="h3" sx={{ mb: 1 }}>
              {t('items.page.stockTitle')}
            </Typography>
            {stock.data && stock.data.branches.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('items.page.noStock')}
              </Typography>
            ) : (
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('items.page.branch')}</TableCell>
                    <TableCell align="right">{t('items.field.onHand')}</TableCell>
                    <TableCell align="right">{t('items.field.averageCost')}</TableCell>
                    <TableCell align="right">{t('items.field.stockValue')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(stock.data?.branches ?? []).map((b) => (
                    <TableRow key={b.branchId}>
                      <TableCell>{b.branchName}</TableCell>
                      <TableCell align="right">
                        <QuantityText value={b.quantity} unit={i.unitName} />
                      </TableCell>
                      <TableCell align="right">
                        <MoneyText value={b.averageCost} decimals={2} />
                      </TableCell>
                      <TableCell align="right">
                        <MoneyText value={b.value} negativeColor />
                      </TableCell>
                    </TableRow>
                  ))}
                  {stock.data && (
                    <TableRow>
                      <TableCell sx={{ fontWeight: 600 }}>{t('items.page.total')}</TableCell>
                      <TableCell align="right" sx={{ fontWeight: 600 }}>
                        <QuantityText value={stock.data.quantity} unit={i.unitName} />
                      </TableCell>
                      <TableCell />
                      <TableCell align="right" sx={{ fontWeight: 600 }}>
                        <MoneyText value={stock.data.value} negativeColor />
                      </TableCell>
                    </TableRow>
                  )}
                </TableBody>
              </Table>
            )}
          </Paper>
          <DataTable
            endpoint={stockMovesEndpoints.list}
            title={t('items.page.cardTitle')}
            columns={columns}
            params={{ itemId: id, branchId: branchId || undefined }}
            searchable={false}
            exportName={`stock-card-${i.code}`}
            emptyText={t('items.page.cardEmpty')}
            toolbar={
              <SelectFilter
                label={t('items.page.branch')}
                value={branchId}
                onChange={setBranchId}
                minWidth={180}
                allLabel={t('items.page.allBranches')}
                options={(stock.data?.branches ?? []).map((b) => ({ value: String(b.branchId), label: b.branchName }))}
              />
            }
          />
        </>
      )}
      <ItemFormDialog item={i} open={editing} onClose={() => setEditing(false)} />
    </>
  );
}
