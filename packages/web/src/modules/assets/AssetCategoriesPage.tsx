// /assets/categories: the asset categories (default useful life, method, salvage percentage and the four
// accounts: cost, accumulated depreciation, depreciation expense, gain or loss on disposal) listed, added,
// edited and retired, and the organisation's depreciation settings (one entry per category or per asset;
// the first month full, none or pro rata). The server's field errors show on their fields.
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type AssetCategory, type AssetSettings, assetsEndpoints, entryPerValues, firstMonthValues } from '@ubo/contracts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { callEndpoint, toast } from '../../lib/api.ts';
import { useAssetChoices, useAssetWrite, useAssetsQuery } from './assets.queries.ts';

type AccountKey = 'costAccountId' | 'accumulatedAccountId' | 'expenseAccountId' | 'disposalAccountId';
interface CategoryValues extends Record<AccountKey, string> {
  nameEn: string;
  nameSo: string;
  usefulLifeMonths: string;
  method: 'straight-line' | 'declining-balance';
  rate: string;
  salvagePercent: string;
}

const accountFields: Array<{ key: AccountKey; label: string }> = [
  { key: 'costAccountId', label: 'costAccount' },
  { key: 'accumulatedAccountId', label: 'accumulatedAccount' },
  { key: 'expenseAccountId', label: 'expenseAccount' },
  { key: 'disposalAccountId', label: 'disposalAccount' },
];

const valuesOf = (c: AssetCategory | null, first?: AssetCategory): CategoryValues => ({
  nameEn: c?.nameEn ?? '',
  nameSo: c?.nameSo ?? '',
  usefulLifeMonths: c ? String(c.usefulLifeMonths) : '60',
  method: c?.method ?? 'straight-line',
  rate: c?.rate ?? '',
  salvagePercent: c?.salvagePercent ?? '0',
  // A new category starts from the first category's accounts, the usual chart's asset accounts.
  costAccountId: String((c ?? first)?.costAccount.id ?? ''),
  accumulatedAccountId: String((c ?? first)?.accumulatedAccount.id ?? ''),
  expenseAccountId: String((c ?? first)?.expenseAccount.id ?? ''),
  disposalAccountId: String((c ?? first)?.disposalAccount.id ?? ''),
});

const bodyOf = (v: CategoryValues) => ({
  nameEn: v.nameEn,
  nameSo: v.nameSo || null,
  usefulLifeMonths: v.usefulLifeMonths === '' ? Number.NaN : Number(v.usefulLifeMonths),
  method: v.method,
  rate: v.method === 'declining-balance' ? v.rate || null : null,
  salvagePercent: v.salvagePercent,
  costAccountId: Number(v.costAccountId),
  accumulatedAccountId: Number(v.accumulatedAccountId),
  expenseAccountId: Number(v.expenseAccountId),
  disposalAccountId: Number(v.disposalAccountId),
});

function CategoryDialog(props: { category: AssetCategory | null; first?: AssetCategory; onClose: () => void }) {
  const { t } = useTranslation();
  const choices = useAssetChoices();
  const [v, setV] = useState<CategoryValues>(() => valuesOf(props.category, props.first));
  const set = (patch: Partial<CategoryValues>) => setV((old) => ({ ...old, ...patch }));
  const save = useAssetWrite(
    () =>
      props.category
        ? callEndpoint(assetsEndpoints.updateCategory, { params: { id: props.category.id }, body: bodyOf(v) as never })
        : callEndpoint(assetsEndpoints.createCategory, { body: bodyOf(v) as never }),
    (saved) => {
      toast(t('assets.categories.saved', { name: saved.nameEn }), 'success');
      props.onClose();
    },
  );
  const e = save.errors;
  const accountsFixed = (props.category?.assetCount ?? 0) > 0;
  return (
    <Dialog open onClose={props.onClose} maxWidth="md" fullWidth>
      <form
        noValidate
        onSubmit={(ev) => {
          ev.preventDefault();
          save.mutate(undefined);
        }}
      >
        <DialogTitle>{props.category ? t('assets.categories.edit', { name: props.category.nameEn }) : t('assets.categories.add')}</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                fullWidth
                size="small"
                required
                name="nameEn"
                label={t('assets.categories.nameEn')}
                value={v.nameEn}
                onChange={(x) => set({ nameEn: x.target.value })}
                error={Boolean(e.nameEn)}
                helperText={e.nameEn}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                fullWidth
                size="small"
                name="nameSo"
                label={t('assets.categories.nameSo')}
                value={v.nameSo}
                onChange={(x) => set({ nameSo: x.target.value })}
                error={Boolean(e.nameSo)}
                helperText={e.nameSo}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 3 }}>
              <TextField
                fullWidth
                size="small"
                required
                name="usefulLifeMonths"
                label={t('assets.field.usefulLifeMonths')}
                value={v.usefulLifeMonths}
                onChange={(x) => set({ usefulLifeMonths: x.target.value })}
                error={Boolean(e.usefulLifeMonths)}
                helperText={e.usefulLifeMonths}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 3 }}>
              <TextField
                select
                fullWidth
                size="small"
                name="method"
                label={t('assets.field.method')}
                value={v.method}
                onChange={(x) => set({ method: x.target.value as CategoryValues['method'] })}
                error={Boolean(e.method)}
                helperText={e.method}
              >
                {(['straight-line', 'declining-balance'] as const).map((m) => (
                  <MenuItem key={m} value={m}>
                    {t(`assets.method.${m}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 3 }}>
              <TextField
                fullWidth
                size="small"
                name="rate"
                label={t('assets.field.rate')}
                value={v.method === 'declining-balance' ? v.rate : ''}
                disabled={v.method !== 'declining-balance'}
                onChange={(x) => set({ rate: x.target.value })}
                error={Boolean(e.rate)}
                helperText={e.rate}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 3 }}>
              <TextField
                fullWidth
                size="small"
                name="salvagePercent"
                label={t('assets.categories.salvagePercent')}
                value={v.salvagePercent}
                onChange={(x) => set({ salvagePercent: x.target.value })}
                error={Boolean(e.salvagePercent)}
                helperText={e.salvagePercent}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Grid>
            {accountFields.map((f) => (
              <Grid key={f.key} size={{ xs: 12, sm: 6 }}>
                <TextField
                  select
                  fullWidth
                  size="small"
                  required
                  name={f.key}
                  label={t(`assets.categories.${f.label}`)}
                  value={v[f.key]}
                  onChange={(x) => set({ [f.key]: x.target.value })}
                  error={Boolean(e[f.key])}
                  helperText={e[f.key] ?? (accountsFixed ? t('assets.categories.accountsFixed') : undefined)}
                >
                  {(choices.data?.accounts ?? []).map((a) => (
                    <MenuItem key={a.id} value={String(a.id)}>
                      {a.code} · {a.name}
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
            ))}
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function SettingsForm(props: { settings: AssetSettings }) {
  const { t } = useTranslation();
  const [v, setV] = useState<AssetSettings>(props.settings);
  const save = useAssetWrite(
    () => callEndpoint(assetsEndpoints.saveSettings, { body: v }),
    () => toast(t('assets.categories.settingsSaved'), 'success'),
  );
  return (
    <Paper sx={{ p: 2.5, mt: 2 }}>
      <Typography variant="h6" sx={{ mb: 1.5 }}>
        {t('assets.categories.settings')}
      </Typography>
      <form
        noValidate
        onSubmit={(ev) => {
          ev.preventDefault();
          save.mutate(undefined);
        }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            select
            size="small"
            name="entryPer"
            sx={{ minWidth: 260 }}
            label={t('assets.categories.entryPer')}
            value={v.entryPer}
            onChange={(x) => setV({ ...v, entryPer: x.target.value as AssetSettings['entryPer'] })}
            error={Boolean(save.errors.entryPer)}
            helperText={save.errors.entryPer}
          >
            {entryPerValues.map((x) => (
              <MenuItem key={x} value={x}>
                {t(`assets.categories.entryPerValue.${x}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            name="firstMonth"
            sx={{ minWidth: 260 }}
            label={t('assets.categories.firstMonth')}
            value={v.firstMonth}
            onChange={(x) => setV({ ...v, firstMonth: x.target.value as AssetSettings['firstMonth'] })}
            error={Boolean(save.errors.firstMonth)}
            helperText={save.errors.firstMonth}
          >
            {firstMonthValues.map((x) => (
              <MenuItem key={x} value={x}>
                {t(`assets.categories.firstMonthValue.${x}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('common.save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

export default function AssetCategoriesPage() {
  const { t, i18n } = useTranslation();
  const categories = useAssetsQuery(['categories'], () => callEndpoint(assetsEndpoints.categories, {}));
  const settings = useAssetsQuery(['settings'], () => callEndpoint(assetsEndpoints.settings, {}));
  const [editing, setEditing] = useState<AssetCategory | 'new' | null>(null);
  const status = useAssetWrite((c: AssetCategory) =>
    callEndpoint(assetsEndpoints.setCategoryStatus, { params: { id: c.id }, body: { status: c.status === 'Active' ? 'Inactive' : 'Active' } }),
  );
  const list = categories.data?.data ?? [];
  const name = (c: AssetCategory) => (i18n.language === 'so' && c.nameSo ? c.nameSo : c.nameEn);
  return (
    <>
      <PageHeader
        title={t('assets.categories.title')}
        subtitle={t('assets.categories.subtitle')}
        actions={
          <Button variant="contained" onClick={() => setEditing('new')}>
            {t('assets.categories.add')}
          </Button>
        }
      />
      <Paper sx={{ p: 2.5 }}>
        <Table size="small" data-testid="asset-categories">
          <TableHead>
            <TableRow>
              <TableCell>{t('assets.field.category')}</TableCell>
              <TableCell align="right">{t('assets.field.usefulLifeMonths')}</TableCell>
              <TableCell>{t('assets.field.method')}</TableCell>
              <TableCell align="right">{t('assets.categories.salvagePercent')}</TableCell>
              <TableCell>{t('assets.categories.accounts')}</TableCell>
              <TableCell align="right">{t('assets.categories.assets')}</TableCell>
              <TableCell>{t('assets.field.status')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((c) => (
              <TableRow key={c.id} hover>
                <TableCell>{name(c)}</TableCell>
                <TableCell align="right">{c.usefulLifeMonths}</TableCell>
                <TableCell>
                  {t(`assets.method.${c.method}`)}
                  {c.rate ? ` ${c.rate}%` : ''}
                </TableCell>
                <TableCell align="right">{c.salvagePercent}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {[c.costAccount, c.accumulatedAccount, c.expenseAccount, c.disposalAccount].map((a) => a.code).join(' · ')}
                </TableCell>
                <TableCell align="right">{c.assetCount}</TableCell>
                <TableCell>{t(`assets.categories.statusValue.${c.status}`)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" onClick={() => setEditing(c)}>
                    {t('common.edit')}
                  </Button>
                  <Button size="small" color={c.status === 'Active' ? 'warning' : 'primary'} onClick={() => status.mutate(c)}>
                    {c.status === 'Active' ? t('assets.categories.deactivate') : t('assets.categories.activate')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      {settings.data && <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />}
      {editing && <CategoryDialog category={editing === 'new' ? null : editing} first={list[0]} onClose={() => setEditing(null)} />}
    </>
  );
}
