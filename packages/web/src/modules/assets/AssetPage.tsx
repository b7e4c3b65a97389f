// /assets/:id: one asset, its figures, its depreciation schedule (brought in, posted and projected months),
// its transfers and disposal; Dispose of (a sale into a money account or a write-off) and Transfer (branch,
// custodian, location) in dialogs whose field errors come from the server.
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
import { useParams } from 'react-router';
import { type Asset, assetsEndpoints } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DateField } from '../../components/DateField.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { callEndpoint, downloadEndpoint, toast } from '../../lib/api.ts';
import { assetsPrivileges as p } from './assets.access.ts';
import { useAssetChoices, useAssetWrite, useAssetsQuery } from './assets.queries.ts';

const today = () => new Date().toISOString().slice(0, 10);

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Grid size={{ xs: 6, sm: 3 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography>{children}</Typography>
    </Grid>
  );
}

function DisposeDialog({ asset, open, onClose }: { asset: Asset; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const choices = useAssetChoices();
  const [kind, setKind] = useState<'sale' | 'write-off'>('sale');
  const [date, setDate] = useState(today());
  const [proceeds, setProceeds] = useState('');
  const [accountId, setAccountId] = useState('');
  const [reason, setReason] = useState('');
  const save = useAssetWrite(
    () =>
      callEndpoint(assetsEndpoints.dispose, {
        params: { id: asset.id },
        body: kind === 'sale' ? { kind, date, proceeds, accountId: accountId ? Number(accountId) : null, reason } : { kind, date, reason },
      } as never),
    () => {
      toast(t('assets.dispose.done', { tag: asset.tag }), 'success');
      onClose();
    },
  );
  const e = save.errors;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('assets.dispose.title', { tag: asset.tag })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            size="small"
            name="kind"
            label={t('assets.field.kind')}
            value={kind}
            onChange={(ev) => setKind(ev.target.value as 'sale' | 'write-off')}
          >
            <MenuItem value="sale">{t('assets.dispose.sale')}</MenuItem>
            <MenuItem value="write-off">{t('assets.dispose.writeOff')}</MenuItem>
          </TextField>
          <DateField size="small" name="date" label={t('assets.field.date')} value={date} onChange={setDate} error={Boolean(e.date)} helperText={e.date} />
          {kind === 'sale' && (
            <>
              <TextField
                size="small"
                name="proceeds"
                label={t('assets.field.proceeds')}
                value={proceeds}
                onChange={(ev) => setProceeds(ev.target.value)}
                error={Boolean(e.proceeds)}
                helperText={e.proceeds}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <TextField
                select
                size="small"
                name="accountId"
                label={t('assets.field.account')}
                value={accountId}
                onChange={(ev) => setAccountId(ev.target.value)}
                error={Boolean(e.accountId)}
                helperText={e.accountId}
              >
                {(choices.data?.moneyAccounts ?? []).map((a) => (
                  <MenuItem key={a.id} value={String(a.id)}>
                    {a.code} {a.name}
                  </MenuItem>
                ))}
              </TextField>
            </>
          )}
          <TextField size="small" name="reason" label={t('assets.field.reason')} value={reason} onChange={(ev) => setReason(ev.target.value)} multiline />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" color="error" disabled={save.isPending} onClick={() => save.mutate(undefined)}>
          {t('assets.page.dispose')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function TransferDialog({ asset, open, onClose }: { asset: Asset; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const choices = useAssetChoices();
  const [date, setDate] = useState(today());
  const [branchId, setBranchId] = useState(String(asset.branch.id));
  const [custodian, setCustodian] = useState(asset.custodian ?? '');
  const [location, setLocation] = useState(asset.location ?? '');
  const [note, setNote] = useState('');
  const save = useAssetWrite(
    () => callEndpoint(assetsEndpoints.transfer, { params: { id: asset.id }, body: { date, branchId: Number(branchId), custodian, location, note } }),
    () => {
      toast(t('assets.transfer.done', { tag: asset.tag }), 'success');
      onClose();
    },
  );
  const e = save.errors;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('assets.transfer.title', { tag: asset.tag })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DateField size="small" name="date" label={t('assets.field.date')} value={date} onChange={setDate} error={Boolean(e.date)} helperText={e.date} />
          <TextField
            select
            size="small"
            name="branchId"
            label={t('assets.field.branch')}
            value={branchId}
            onChange={(ev) => setBranchId(ev.target.value)}
            error={Boolean(e.branchId)}
            helperText={e.branchId}
          >
            {(choices.data?.branches ?? []).map((b) => (
              <MenuItem key={b.id} value={String(b.id)}>
                {b.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField size="small" name="custodian" label={t('assets.field.custodian')} value={custodian} onChange={(ev) => setCustodian(ev.target.value)} />
          <TextField size="small" name="location" label={t('assets.field.location')} value={location} onChange={(ev) => setLocation(ev.target.value)} />
          <TextField size="small" name="note" label={t('assets.field.note')} value={note} onChange={(ev) => setNote(ev.target.value)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={save.isPending} onClick={() => save.mutate(undefined)}>
          {t('assets.page.transfer')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function EditDialog({ asset, onClose }: { asset: Asset; onClose: () => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState({
    name: asset.name,
    custodian: asset.custodian ?? '',
    location: asset.location ?? '',
    serialNo: asset.serialNo ?? '',
    notes: asset.notes ?? '',
  });
  const save = useAssetWrite(
    () => callEndpoint(assetsEndpoints.edit, { params: { id: asset.id }, body: v }),
    () => {
      toast(t('assets.edit.saved', { tag: asset.tag }), 'success');
      onClose();
    },
  );
  const e = save.errors;
  const field = (key: keyof typeof v, label: string, multiline = false) => (
    <TextField
      size="small"
      name={key}
      label={label}
      value={v[key]}
      required={key === 'name'}
      multiline={multiline}
      onChange={(ev) => setV({ ...v, [key]: ev.target.value })}
      error={Boolean(e[key])}
      helperText={e[key]}
    />
  );
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <form
        noValidate
        onSubmit={(ev) => {
          ev.preventDefault();
          save.mutate(undefined);
        }}
      >
        <DialogTitle>{t('assets.edit.title', { tag: asset.tag })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {field('name', t('assets.field.name'))}
            {field('custodian', t('assets.field.custodian'))}
            {field('location', t('assets.field.location'))}
            {field('serialNo', t('assets.field.serialNo'))}
            {field('notes', t('assets.field.notes'), true)}
            <Typography variant="body2" color="text.secondary">
              {t('assets.edit.moneyFixed')}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export default function AssetPage() {
  const { t } = useTranslation();
  const can = useCan();
  const id = Number(useParams().id);
  const schedule = useAssetsQuery(['schedule', id], () => callEndpoint(assetsEndpoints.schedule, { params: { id } }));
  const history = useAssetsQuery(['history', id], () => callEndpoint(assetsEndpoints.history, { params: { id } }));
  const [dialog, setDialog] = useState<'dispose' | 'transfer' | 'edit' | null>(null);
  const asset = schedule.data?.asset;
  if (!asset) return <PageHeader title={t('assets.page.title')} />;
  const isActive = asset.status === 'Active';
  return (
    <>
      <PageHeader
        title={`${asset.tag} · ${asset.name}`}
        subtitle={`${asset.category.name} · ${asset.branch.name} · ${t(`assets.status.${asset.status}`)}`}
        actions={
          isActive &&
          can(p.add) && (
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" onClick={() => setDialog('edit')}>
                {t('assets.edit.action')}
              </Button>
              <Button variant="outlined" onClick={() => setDialog('transfer')}>
                {t('assets.page.transfer')}
              </Button>
              <Button variant="outlined" color="error" onClick={() => setDialog('dispose')}>
                {t('assets.page.dispose')}
              </Button>
            </Stack>
          )
        }
      />
      <Paper sx={{ p: 2.5 }}>
        <Grid container spacing={2}>
          <Fact label={t('assets.field.cost')}>
            <MoneyText value={asset.cost} />
          </Fact>
          <Fact label={t('assets.field.accumulated')}>
            <MoneyText value={asset.accumulated} />
          </Fact>
          <Fact label={t('assets.field.netBookValue')}>
            <MoneyText value={asset.netBookValue} />
          </Fact>
          <Fact label={t('assets.field.salvageValue')}>
            <MoneyText value={asset.salvageValue} />
          </Fact>
          <Fact label={t('assets.field.method')}>
            {t(`assets.method.${asset.method}`)}
            {asset.rate ? ` ${asset.rate}%` : ''}
          </Fact>
          <Fact label={t('assets.field.usefulLifeMonths')}>{asset.usefulLifeMonths}</Fact>
          <Fact label={t('assets.field.depreciationStart')}>{asset.depreciationStart}</Fact>
          <Fact label={t('assets.field.acquisitionDate')}>{asset.acquisitionDate}</Fact>
          <Fact label={t('assets.field.custodian')}>{asset.custodian ?? '—'}</Fact>
          <Fact label={t('assets.field.location')}>{asset.location ?? '—'}</Fact>
          <Fact label={t('assets.field.serialNo')}>{asset.serialNo ?? '—'}</Fact>
          <Fact label={t('assets.field.recordedOn')}>{asset.recordedOn}</Fact>
        </Grid>
      </Paper>
      {history.data?.disposal && (
        <Paper sx={{ p: 2.5, mt: 2 }}>
          <Typography variant="h6">{t('assets.page.disposal')}</Typography>
          <Grid container spacing={2}>
            <Fact label={t('assets.field.date')}>{history.data.disposal.date}</Fact>
            <Fact label={t('assets.field.kind')}>{history.data.disposal.kind === 'sale' ? t('assets.dispose.sale') : t('assets.dispose.writeOff')}</Fact>
            <Fact label={t('assets.field.proceeds')}>
              <MoneyText value={history.data.disposal.proceeds} />
            </Fact>
            <Fact label={t('assets.report.gainLoss')}>
              <MoneyText value={history.data.disposal.gainLoss} negativeColor />
            </Fact>
          </Grid>
        </Paper>
      )}
      <Paper sx={{ p: 2.5, mt: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h6" sx={{ flex: 1 }}>
            {t('assets.page.schedule')}
          </Typography>
          {can(p.report) && (
            <>
              {(['csv', 'xlsx'] as const).map((format) => (
                <Button
                  key={format}
                  onClick={() =>
                    downloadEndpoint(assetsEndpoints.scheduleExport, { params: { id }, query: { format } }, `asset-schedule-${asset.tag}.${format}`)
                  }
                >
                  {t(`assets.report.${format}`)}
                </Button>
              ))}
              <Button onClick={() => downloadEndpoint(assetsEndpoints.schedulePdf, { params: { id } }, `asset-schedule-${asset.tag}.pdf`)}>
                {t('assets.report.pdf')}
              </Button>
            </>
          )}
        </Stack>
        <Table size="small" data-testid="asset-schedule">
          <TableHead>
            <TableRow>
              <TableCell>{t('assets.field.month')}</TableCell>
              <TableCell />
              <TableCell align="right">{t('assets.depreciation.charge')}</TableCell>
              <TableCell align="right">{t('assets.field.accumulated')}</TableCell>
              <TableCell align="right">{t('assets.field.netBookValue')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(schedule.data?.rows ?? []).map((r, i) => (
              <TableRow key={i} sx={r.kind === 'projected' ? { '& td': { color: 'text.secondary' } } : undefined}>
                <TableCell>{r.month}</TableCell>
                <TableCell>{t(`assets.page.kind.${r.kind}`)}</TableCell>
                <TableCell align="right">
                  <MoneyText value={r.amount} />
                </TableCell>
                <TableCell align="right">
                  <MoneyText value={r.accumulated} />
                </TableCell>
                <TableCell align="right">
                  <MoneyText value={r.netBookValue} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <Paper sx={{ p: 2.5, mt: 2 }}>
        <Typography variant="h6">{t('assets.page.history')}</Typography>
        {history.data?.transfers.length ? (
          <Table size="small">
            <TableBody>
              {history.data.transfers.map((x) => (
                <TableRow key={x.id}>
                  <TableCell>{x.date}</TableCell>
                  <TableCell>
                    {t('assets.page.from')}: {x.fromBranch} {x.fromCustodian ? `· ${x.fromCustodian}` : ''}
                  </TableCell>
                  <TableCell>
                    {t('assets.page.to')}: {x.toBranch} {x.toCustodian ? `· ${x.toCustodian}` : ''}
                  </TableCell>
                  <TableCell>{x.by ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Typography color="text.secondary">{t('assets.page.noTransfers')}</Typography>
        )}
      </Paper>
      {dialog === 'dispose' && <DisposeDialog asset={asset} open onClose={() => setDialog(null)} />}
      {dialog === 'edit' && <EditDialog asset={asset} onClose={() => setDialog(null)} />}
      {dialog === 'transfer' && <TransferDialog asset={asset} open onClose={() => setDialog(null)} />}
    </>
  );
}
