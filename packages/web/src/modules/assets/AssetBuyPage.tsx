// /assets/buy: several assets on one purchase, on credit from a vendor (the vendor's payable, paid later
// through Pay bill) or for cash from a money account. Each line is an asset's fields; errors show on the
// line's field ('assets.2.tag'). Saved, it opens the assets list.
import { useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { assetsEndpoints } from '@ubo/contracts';
import { DateField } from '../../components/DateField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { callEndpoint, toast } from '../../lib/api.ts';
import Decimal from 'decimal.js';
import { formatMoney } from '../../lib/money.ts';
import { AssetFields, type AssetValues, assetBody, emptyAsset } from './AssetFields.tsx';
import { useAssetChoices, useAssetWrite } from './assets.queries.ts';

const today = () => new Date().toISOString().slice(0, 10);

export default function AssetBuyPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const choices = useAssetChoices();
  const [kind, setKind] = useState<'credit' | 'cash'>('credit');
  const [vendorId, setVendorId] = useState('');
  const [accountId, setAccountId] = useState('');
  const [date, setDate] = useState(today());
  const [reference, setReference] = useState('');
  const [lines, setLines] = useState<AssetValues[]>(() => [emptyAsset(today())]);
  const firstBranch = choices.data?.branches[0] ? String(choices.data.branches[0].id) : '';
  const save = useAssetWrite(
    () =>
      callEndpoint(assetsEndpoints.buy, {
        body: {
          kind,
          vendorId: kind === 'credit' && vendorId ? Number(vendorId) : null,
          accountId: kind === 'cash' && accountId ? Number(accountId) : null,
          date,
          reference,
          assets: lines.map((l) => assetBody({ ...l, branchId: l.branchId || firstBranch, acquisitionDate: l.acquisitionDate || date })),
        } as never,
      }),
    (saved) => {
      toast(t('assets.buy.saved', { number: saved.number }), 'success');
      navigate('/assets/list');
    },
  );
  const total = lines.reduce((sum, l) => (/^\d+(\.\d{1,2})?$/.test(l.cost) ? sum.plus(l.cost) : sum), new Decimal(0));
  const e = save.errors;
  return (
    <>
      <PageHeader title={t('assets.buy.title')} subtitle={t('assets.buy.subtitle')} />
      <Paper sx={{ p: 2.5 }}>
        <form
          noValidate
          onSubmit={(ev) => {
            ev.preventDefault();
            save.mutate(undefined);
          }}
        >
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 3 }}>
              <TextField
                select
                fullWidth
                size="small"
                name="kind"
                label={t('assets.field.kind')}
                value={kind}
                onChange={(ev) => setKind(ev.target.value as 'credit' | 'cash')}
              >
                <MenuItem value="credit">{t('assets.buy.credit')}</MenuItem>
                <MenuItem value="cash">{t('assets.buy.cash')}</MenuItem>
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 3 }}>
              {kind === 'credit' ? (
                <TextField
                  select
                  fullWidth
                  size="small"
                  name="vendorId"
                  label={t('assets.field.vendor')}
                  value={vendorId}
                  onChange={(ev) => setVendorId(ev.target.value)}
                  error={Boolean(e.vendorId)}
                  helperText={e.vendorId}
                  required
                >
                  {(choices.data?.vendors ?? []).map((v) => (
                    <MenuItem key={v.id} value={String(v.id)}>
                      {v.number} {v.name}
                    </MenuItem>
                  ))}
                </TextField>
              ) : (
                <TextField
                  select
                  fullWidth
                  size="small"
                  name="accountId"
                  label={t('assets.field.account')}
                  value={accountId}
                  onChange={(ev) => setAccountId(ev.target.value)}
                  error={Boolean(e.accountId)}
                  helperText={e.accountId}
                  required
                >
                  {(choices.data?.moneyAccounts ?? []).map((a) => (
                    <MenuItem key={a.id} value={String(a.id)}>
                      {a.code} {a.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </Grid>
            <Grid size={{ xs: 12, sm: 3 }}>
              <DateField
                fullWidth
                size="small"
                name="date"
                label={t('assets.field.date')}
                value={date}
                onChange={setDate}
                error={Boolean(e.date)}
                helperText={e.date}
                required
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 3 }}>
              <TextField
                fullWidth
                size="small"
                name="reference"
                label={t('assets.field.reference')}
                value={reference}
                onChange={(ev) => setReference(ev.target.value)}
              />
            </Grid>
          </Grid>
          {lines.map((line, i) => (
            <Stack key={i} spacing={1} sx={{ mt: 2 }}>
              <Divider />
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                <Typography variant="subtitle2">#{i + 1}</Typography>
                {lines.length > 1 && (
                  <Button size="small" color="error" onClick={() => setLines(lines.filter((_, j) => j !== i))}>
                    {t('assets.buy.removeLine')}
                  </Button>
                )}
              </Stack>
              <AssetFields
                value={{ ...line, branchId: line.branchId || firstBranch }}
                onChange={(next) => setLines(lines.map((l, j) => (j === i ? next : l)))}
                choices={choices.data}
                errors={e}
                prefix={`assets.${i}.`}
              />
            </Stack>
          ))}
          {e.assets && (
            <Typography color="error" variant="body2" sx={{ mt: 1 }}>
              {e.assets}
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center' }}>
            <Button startIcon={<AddIcon />} onClick={() => setLines([...lines, emptyAsset(date)])}>
              {t('assets.buy.addLine')}
            </Button>
            <Typography sx={{ flex: 1, textAlign: 'right', fontWeight: 600 }}>
              {t('assets.buy.total', { amount: formatMoney(total.toFixed(2), i18n.language === 'so' ? 'so' : 'en') })}
            </Typography>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {t('common.save')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
