// /Sales-reports/ungenerated-bill-report: connected houses without a bill for a period, and why (GET
// /api/bills/ungenerated?period&zoneId): no reading, a flagged reading not confirmed, no tariff, a
// negative consumption, or ready for the next run. Period and zone come from the URL (the Period button
// changes them); the frame prints the report and exports what it shows as CSV.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { UngeneratedBillReport } from '@ubo/contracts';
import { todayIso } from '../../lib/format.ts';
import { csvFileName, type CsvValue } from '../../lib/csv.ts';
import { ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { PeriodField, usePeriodText, ZoneSelect } from './BillingParts.tsx';
import { useUngeneratedReport, useZones } from './billing-runs.queries.ts';
import { PERIOD_PATTERN, periodOf } from './readings.logic.ts';

type Row = UngeneratedBillReport['data'][number];
const REASONS: readonly Row['reason'][] = ['no_reading', 'flagged_unconfirmed', 'no_tariff', 'negative_consumption', 'ready'];

function ChoiceDialog(props: {
  open: boolean;
  period: string;
  zoneId: number | null;
  onApply: (period: string, zoneId: number | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const zones = useZones();
  const [period, setPeriod] = useState(props.period);
  const [zoneId, setZoneId] = useState(props.zoneId);
  return (
    <Dialog open={props.open} onClose={props.onClose} slotProps={{ paper: { sx: { width: 400, maxWidth: 'calc(100% - 32px)' } } }}>
      <DialogTitle>{t('billingRuns.ungenerated.filter')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <PeriodField value={period} onChange={setPeriod} fullWidth sx={{ width: '100%' }} />
          <ZoneSelect zones={zones} value={zoneId} onChange={setZoneId} allowAll />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!PERIOD_PATTERN.test(period)}
          onClick={() => {
            props.onApply(period, zoneId);
            props.onClose();
          }}
        >
          {t('common.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default function UngeneratedReportPage() {
  const { t } = useTranslation();
  const periodText = usePeriodText();
  const zones = useZones();
  const [params, setParams] = useSearchParams();
  const period = PERIOD_PATTERN.test(params.get('period') ?? '') ? (params.get('period') as string) : periodOf(todayIso());
  const zoneId = Number(params.get('zoneId')) || null;
  const [isChoosing, setChoosing] = useState(false);
  const report = useUngeneratedReport(period, zoneId);
  const zoneName = (id: number | null) => (id === null ? t('billingRuns.allZones') : (zones.zones.find((z) => z.id === id)?.name ?? `#${id}`));
  const rows = report.data?.data ?? [];
  const counts = REASONS.map((reason) => ({ reason, count: rows.filter((r) => r.reason === reason).length })).filter((c) => c.count > 0);
  const title = t('billingRuns.ungenerated.title');

  const csv = (): CsvValue[][] | null => {
    if (!report.data) return null;
    return [
      [t('billingRuns.house'), t('billingRuns.customer'), t('billingRuns.meter'), t('billingRuns.zone'), t('billingRuns.ungenerated.reason')],
      ...rows.map((r) => [r.houseNo ?? `#${r.houseId}`, r.customerName, r.meterNumber ?? '', zoneName(r.zoneId), t(`billingRuns.run.reasons.${r.reason}`)]),
    ];
  };

  return (
    <ReportFrame
      title={title}
      period={`${periodText(period)} · ${zoneName(zoneId)}`}
      onPeriod={() => setChoosing(true)}
      csv={csv}
      csvName={csvFileName(title, period)}
      isFetching={report.isFetching}
    >
      <ReportState query={report} emptyText={t('billingRuns.ungenerated.none')}>
        <Paper>
          <Stack direction="row" spacing={1} sx={{ p: 2, flexWrap: 'wrap', alignItems: 'center' }} useFlexGap>
            <Box sx={{ fontWeight: 600, mr: 1 }} role="status">
              {t('billingRuns.ungenerated.count', { count: rows.length })}
            </Box>
            {counts.map((c) => (
              <Chip
                key={c.reason}
                size="small"
                color={c.reason === 'ready' ? 'success' : 'warning'}
                variant="outlined"
                label={`${t(`billingRuns.run.reasons.${c.reason}`)}: ${c.count}`}
              />
            ))}
          </Stack>
          {rows.length === 0 ? (
            <Box sx={{ p: 2, color: 'text.secondary' }}>{t('billingRuns.ungenerated.none')}</Box>
          ) : (
            <TableContainer>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('billingRuns.house')}</TableCell>
                    <TableCell>{t('billingRuns.customer')}</TableCell>
                    <TableCell>{t('billingRuns.meter')}</TableCell>
                    <TableCell>{t('billingRuns.ungenerated.zoneColumn')}</TableCell>
                    <TableCell>{t('billingRuns.ungenerated.reason')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((r) => (
                    <TableRow key={r.houseId} data-reason={r.reason}>
                      <TableCell>{r.houseNo ?? `#${r.houseId}`}</TableCell>
                      <TableCell>{r.customerName}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{r.meterNumber ?? ''}</TableCell>
                      <TableCell>{zoneName(r.zoneId)}</TableCell>
                      <TableCell>{t(`billingRuns.run.reasons.${r.reason}`)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Paper>
      </ReportState>
      <ChoiceDialog
        key={`${period}:${zoneId}:${isChoosing}`}
        open={isChoosing}
        period={period}
        zoneId={zoneId}
        onApply={(p, z) => setParams(z === null ? { period: p } : { period: p, zoneId: String(z) }, { replace: true })}
        onClose={() => setChoosing(false)}
      />
    </ReportFrame>
  );
}
