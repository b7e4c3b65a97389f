// /finance/list-account: the chart of accounts as a tree (sub-accounts indented under their parent,
// each parent collapsible), with code, name in the user's language, type, subtype, status and balance.
// The whole chart is read once (GET /api/finance/accounts, every page) and searched and filtered here,
// so a match keeps its parents around it. Create and edit in a dialog; activate/deactivate and delete
// ask the server, which refuses a system account, one with a balance or one in use (its reason is
// shown). A balance opens that account's statement for this year.
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type Account, type AccountStatus, type AccountType, financeEndpoints } from '@ubo/contracts';
import { useSession } from '../../app/session.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError, api, saveBlob, toast } from '../../lib/api.ts';
import { useEndpointMutation } from '../../lib/queries.ts';
import { AccountFormDialog } from './AccountFormDialog.tsx';
import { AccountActions, AccountRow } from './AccountRow.tsx';
import { AccountToolbar } from './AccountToolbar.tsx';
import { financePrivileges as p } from './finance.access.ts';
import { accountMatchesText, buildAccountTree, filterTree, typeTotals, visibleRows } from './finance.logic.ts';
import { csvText } from '../../lib/csv.ts';
import { accountKeys, LEDGER_PATHS, useAllAccounts } from './finance.queries.ts';

export default function AccountListPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const _navigate = useNavigate();
  const client = useQueryClient();
  const accounts = useAllAccounts();
  const canEdit = can(p.editAccounts);
  const canOpenStatement = can(p.statement);

  const [search, setSearch] = useState('');
  const [type, setType] = useState<'' | AccountType>('');
  const [status, setStatus] = useState<'' | AccountStatus>('');
  const [collapsed, setCollapsed] = useState<Set<number>>(() => new Set());
  const [editing, setEditing] = useState<Account | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Account | null>(null);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const tree = useMemo(() => buildAccountTree(accounts.data ?? []), [accounts.data]);
  const isFiltered = Boolean(search.trim() || type || status);
  const shown = useMemo(
    () => (isFiltered ? filterTree(tree, (a) => (!type || a.type === type) && (!status || a.status === status) && accountMatchesText(a, search)) : tree),
    [tree, isFiltered, type, status, search],
  );
  const rows = useMemo(() => visibleRows(shown, collapsed, isFiltered), [shown, collapsed, isFiltered]);
  const parentIds = useMemo(() => (accounts.data ?? []).filter((a) => a.parentId !== null).map((a) => a.parentId as number), [accounts.data]);

  const changeStatus = useEndpointMutation(financeEndpoints.setAccountStatus, { invalidate: LEDGER_PATHS, successMessage: false });
  const remove = useMutation({
    // Silent: the confirmation dialog shows the server's reason itself.
    mutationFn: (id: number) => api.call(financeEndpoints.removeAccount, { params: { id } }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.all }),
  });

  const toggle = (id: number) =>
    setCollapsed((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const setAccountStatus = (a: Account, next: AccountStatus) =>
    changeStatus.mutate(
      { params: { id: a.id }, body: { status: next } },
      {
        onSuccess: () => toast(t(next === 'Active' ? 'finance.accounts.activated' : 'finance.accounts.deactivated', { code: a.code, name: a.name }), 'success'),
      },
    );

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast(t('finance.accounts.deleted', { code: deleting.code, name: deleting.name }), 'success');
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 'SLOW_DOWN')) setDeleteError(err instanceof ApiError ? err.message : t('api.genericError'));
      throw err;
    }
  };

  const exportCsv = () => {
    const header = [
      t('finance.accounts.code'),
      t('finance.accounts.name'),
      t('finance.accounts.type'),
      t('finance.accounts.subtype'),
      t('finance.accounts.parent'),
      t('finance.accounts.status'),
      t('finance.accounts.balance'),
    ];
    const byId = new Map((accounts.data ?? []).map((a) => [a.id, a]));
    const body = rows.map(({ account: a }) => [
      a.code,
      a.name,
      t(`finance.type.${a.type}`),
      t(`finance.subtype.${a.subtype}`),
      a.parentId ? (byId.get(a.parentId)?.code ?? '') : '',
      t(`status.${a.status}`),
      a.balance,
    ]);
    saveBlob(new Blob([`\uFEFF${csvText([header, ...body])}`], { type: 'text/csv;charset=utf-8' }), 'chart-of-accounts.csv');
  };

  const totalsByType = typeTotals(shown);
  let previousType: AccountType | null = null;
  const allParents = rows.filter((r) => r.children.length > 0).map((r) => r.account.id);

  return (
    <>
      <PageHeader
        title={t('finance.accounts.title')}
        subtitle={t('finance.accounts.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} disabled={!canEdit}>
            {t('finance.accounts.add')}
          </Button>
        }
      />
      <Paper sx={{ overflow: 'hidden' }}>
        <AccountToolbar
          search={search}
          onSearch={setSearch}
          type={type}
          onType={setType}
          status={status}
          onStatus={setStatus}
          isFiltered={isFiltered}
          onExpandAll={() => setCollapsed(new Set())}
          onCollapseAll={() => setCollapsed(new Set([...collapsed, ...allParents]))}
          onRefresh={() => accounts.refetch()}
          onExport={exportCsv}
          canExport={rows.length > 0}
        />
        <Box sx={{ height: 4 }}>{accounts.isFetching && <LinearProgress aria-label={t('table.loading')} />}</Box>
        <TableContainer>
          <Table size="small" aria-label={t('finance.accounts.title')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ minWidth: 150 }}>{t('finance.accounts.code')}</TableCell>
                <TableCell>{t('finance.accounts.name')}</TableCell>
                <TableCell>{t('finance.accounts.type')}</TableCell>
                <TableCell>{t('finance.accounts.subtype')}</TableCell>
                <TableCell>{t('finance.accounts.status')}</TableCell>
                <TableCell align="right">{t('finance.accounts.balance')}</TableCell>
                <TableCell align="right">{t('table.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {accounts.isPending &&
                Array.from({ length: 6 }, (_, i) => (
                  <TableRow key={`skeleton-${i}`}>
                    <TableCell colSpan={7}>
                      <Skeleton variant="text" />
                    </TableCell>
                  </TableRow>
                ))}
              {accounts.isError && !accounts.data && (
                <TableRow>
                  <TableCell colSpan={7} align="center" sx={{ py: 6 }}>
                    <Typography sx={{ mb: 1 }}>{t('table.failed')}</Typography>
                    <Button onClick={() => accounts.refetch()}>{t('errors.tryAgain')}</Button>
                  </TableCell>
                </TableRow>
              )}
              {accounts.isSuccess && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                    {isFiltered ? t('finance.accounts.noMatch') : t('finance.accounts.empty')}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((node) => {
                const a = node.account;
                const _hasChildren = node.children.length > 0;
                const isOpen = isFiltered || !collapsed.has(a.id);
                const startsType = node.depth === 0 && a.type !== previousType;
                previousType = node.depth === 0 ? a.type : previousType;
                return [
                  startsType && (
                    <TableRow key={`type-${a.type}`} sx={{ bgcolor: 'action.hover' }}>
                      <TableCell colSpan={5} sx={{ fontWeight: 600 }}>
                        {t(`finance.typePlural.${a.type}`)}
                      </TableCell>
                      <TableCell align="right" sx={{ fontWeight: 600 }}>
                        <MoneyText value={totalsByType.get(a.type)} negativeColor />
                      </TableCell>
                      <TableCell />
                    </TableRow>
                  ),
                  <AccountRow
                    key={a.id}
                    node={node}
                    isOpen={isOpen}
                    isFiltered={isFiltered}
                    onToggle={() => toggle(a.id)}
                    canOpenStatement={canOpenStatement}
                    actions={
                      <AccountActions
                        node={node}
                        hasChildren={node.children.length > 0 || parentIds.includes(a.id)}
                        canEdit={canEdit}
                        onEdit={() => setEditing(a)}
                        onStatus={(next) => setAccountStatus(a, next)}
                        onDelete={() => {
                          setDeleteError(null);
                          setDeleting(a);
                          setDeleteOpen(true);
                        }}
                      />
                    }
                  />,
                ];
              })}
            </TableBody>
          </Table>
        </TableContainer>
        {accounts.isSuccess && (
          <Typography variant="body2" sx={{ p: 2, color: 'text.secondary' }}>
            {t('finance.accounts.count', { count: accounts.data.length })}
          </Typography>
        )}
      </Paper>
      <AccountFormDialog
        account={editing === 'new' ? null : editing}
        accounts={accounts.data ?? []}
        tree={tree}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={isDeleteOpen}
        title={t('finance.accounts.deleteTitle')}
        message={
          <>
            {deleting ? t('finance.accounts.deleteText', { code: deleting.code, name: deleting.name }) : ''}
            {deleteError && (
              <Alert severity="error" sx={{ mt: 2 }} role="alert">
                {deleteError}
              </Alert>
            )}
          </>
        }
        confirmLabel={t('common.delete')}
        destructive
        onConfirm={confirmDelete}
        onClose={() => setDeleteOpen(false)}
      />
    </>
  );
}
