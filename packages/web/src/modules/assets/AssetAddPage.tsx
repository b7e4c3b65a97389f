// /assets/add: register an asset brought in from older books: the asset's fields, its depreciation to date
// and the day it enters the books (cost against opening equity, less the depreciation to date). The
// server's field errors show on their fields; saved, it opens the asset's page.
import { useState } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { assetsEndpoints } from '@ubo/contracts';
import { DateField } from '../../components/DateField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { callEndpoint, toast } from '../../lib/api.ts';
import { AssetFields, type AssetValues, assetBody, emptyAsset } from './AssetFields.tsx';
import { useAssetChoices, useAssetWrite } from './assets.queries.ts';

const today = () => new Date().toISOString().slice(0, 10);

export default function AssetAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const choices = useAssetChoices();
  const [asset, setAsset] = useState<AssetValues>(() => emptyAsset(today()));
  const [openingAccumulated, setOpening] = useState('0');
  const [recordedOn, setRecordedOn] = useState(today());
  const save = useAssetWrite(
    () => callEndpoint(assetsEndpoints.register, { body: { ...assetBody(asset), openingAccumulated, recordedOn } as never }),
    (saved) => {
      toast(t('assets.add.saved', { tag: saved.tag }), 'success');
      navigate(`/assets/${saved.id}`);
    },
  );
  const branchId = asset.branchId || (choices.data?.branches[0] ? String(choices.data.branches[0].id) : '');
  return (
    <>
      <PageHeader title={t('assets.add.title')} subtitle={t('assets.add.subtitle')} />
      <Paper sx={{ p: 2.5 }}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(undefined);
          }}
        >
          <AssetFields value={{ ...asset, branchId }} onChange={setAsset} choices={choices.data} errors={save.errors} />
          <Grid container spacing={2} sx={{ mt: 1 }}>
            <Grid size={{ xs: 12, sm: 3 }}>
              <TextField
                fullWidth
                size="small"
                name="openingAccumulated"
                label={t('assets.field.openingAccumulated')}
                value={openingAccumulated}
                onChange={(e) => setOpening(e.target.value)}
                error={Boolean(save.errors.openingAccumulated)}
                helperText={save.errors.openingAccumulated ?? t('assets.help.opening')}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 3 }}>
              <DateField
                fullWidth
                size="small"
                name="recordedOn"
                label={t('assets.field.recordedOn')}
                value={recordedOn}
                onChange={setRecordedOn}
                error={Boolean(save.errors.recordedOn)}
                helperText={save.errors.recordedOn}
                required
              />
            </Grid>
          </Grid>
          <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
            <Button onClick={() => navigate('/assets/list')}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {t('common.save')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
