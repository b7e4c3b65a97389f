// Pieces the readings, bill-run, bills and report screens share: the period field (a month), the zone
// select, the flag chips of a reading, a bill's breakdown table ("explain this bill"), the bill and run
// status chips and the words of a period.
import { useCallback } from 'react';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { BillStatus, BreakdownLine, ReadingFlag } from '@ubo/contracts';
import { type DateFieldProps, MonthField } from '../../components/DateField.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { chargeLines, lineLabel } from './billing-runs.logic.ts';
import { PERIOD_PATTERN } from './readings.logic.ts';
import type { useZones } from './billing-runs.queries.ts';

/** 'March 2025' / 'Maarso 2025' from '2025-03'. */
export function usePeriodText(): (period: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (period: string) => {
      if (!PERIOD_PATTERN.test(period)) return period;
      const [year, month] = period.split('-').map(Number);
      return t('billingRuns.periodText', { month: t(`billingRuns.month.m${month}`), year });
    },
    [t],
  );
}

/** A month field whose value is YYYY-MM, typed and shown as mm/yyyy in either language (components/DateField.tsx). */
export function PeriodField({ value, onChange, ...rest }: Omit<DateFieldProps, 'value' | 'onChange'> & { value: string; onChange: (period: string) => void }) {
  const { t } = useTranslation();
  return (
    <MonthField
      label={t('billingRuns.period')}
      size="small"
      required
      value={value}
      onChange={onChange}
      slotProps={{ htmlInput: { 'aria-label': t('billingRuns.period') } }}
      sx={{ width: 200, flexShrink: 0 }}
      {...rest}
    />
  );
}

/** The zone select; `allowAll` adds "All zones" (value null). */
export function ZoneSelect({
  zones,
  value,
  onChange,
  allowAll = false,
}: {
  zones: ReturnType<typeof useZones>;
  value: number | null;
  onChange: (zoneId: number | null) => void;
  allowAll?: boolean;
}) {
  const { t } = useTranslation();
  if (!zones.mayRead) return <Alert severity="info">{t('billingRuns.noZonePrivilege')}</Alert>;
  if (zones.isSuccess && zones.zones.length === 0) return <Alert severity="info">{t('billingRuns.noZones')}</Alert>;
  const known = value !== null && zones.zones.some((z) => z.id === value);
  return (
    <TextField
      select
      size="small"
      label={t('billingRuns.zone')}
      required={!allowAll}
      value={known ? String(value) : allowAll ? 'all' : ''}
      onChange={(e) => onChange(e.target.value === 'all' || e.target.value === '' ? null : Number(e.target.value))}
      sx={{ width: { xs: '100%', md: 280 }, flexShrink: 0 }}
      slotProps={{ select: { displayEmpty: allowAll }, inputLabel: { shrink: allowAll || known ? true : undefined } }}
    >
      {allowAll && <MenuItem value="all">{t('billingRuns.allZones')}</MenuItem>}
      {zones.zones.map((z) => (
        <MenuItem key={z.id} value={String(z.id)}>
          {z.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

const flagColour: Record<ReadingFlag, 'warning' | 'error' | 'info'> = { zero: 'warning', spike: 'error', negative: 'warning', rollover: 'info' };

/** The flags of a reading as small chips, with what each means on hover. */
export function FlagChips({ flags, average, zoneAverage }: { flags: readonly ReadingFlag[]; average?: string | null; zoneAverage?: string | null }) {
  const { t } = useTranslation();
  if (flags.length === 0) return null;
  // A meter without history is measured against the zone's average (contracts spikeReference).
  const isZone = (average === null || average === undefined) && typeof zoneAverage === 'string';
  const help = (f: ReadingFlag) =>
    f === 'spike' && isZone ? t('billingRuns.flagHelp.spikeZone', { average: zoneAverage }) : t(`billingRuns.flagHelp.${f}`, { average: average ?? '' });
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      {flags.map((f) => (
        <Tooltip key={f} title={help(f)}>
          <Chip size="small" color={flagColour[f]} variant={f === 'rollover' ? 'outlined' : 'filled'} label={t(`billingRuns.flags.${f}`)} data-flag={f} />
        </Tooltip>
      ))}
    </Stack>
  );
}

/** How each bill or run status looks: paid green, partly paid blue, unpaid amber, overdue red, cancelled grey. */
const billStatusLook: Record<BillStatus | 'Posted', { color: 'success' | 'info' | 'warning' | 'error' | 'default'; variant: 'filled' | 'outlined' }> = {
  Paid: { color: 'success', variant: 'filled' },
  PartlyPaid: { color: 'info', variant: 'outlined' },
  Unpaid: { color: 'warning', variant: 'outlined' },
  Overdue: { color: 'error', variant: 'filled' },
  Cancelled: { color: 'default', variant: 'filled' },
  Posted: { color: 'success', variant: 'outlined' },
};

/** A bill's status (from its paid amount and due date) or a run's. */
export function BillStatusChip({ status }: { status: BillStatus | 'Posted' }) {
  const { t } = useTranslation();
  const look = billStatusLook[status];
  return <Chip size="small" color={look.color} variant={look.variant} label={t(`billingRuns.bills.statuses.${status}`)} data-status={status} />;
}

/** The tariff lines of a bill, the subtotal, the tax and the bill's amount: every figure explained. */
export function BreakdownTable({
  lines,
  subtotal,
  tax,
  amount,
  label,
}: {
  lines: readonly BreakdownLine[];
  subtotal: string;
  tax: string;
  amount: string;
  label: string;
}) {
  const { t } = useTranslation();
  const taxLine = lines.find((l) => l.kind === 'tax');
  const totalRow = { '& td': { fontWeight: 600 } };
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{t('billingRuns.bill.description')}</TableCell>
          <TableCell align="right">{t('billingRuns.bill.unitsCol')}</TableCell>
          <TableCell align="right">{t('billingRuns.bill.rate')}</TableCell>
          <TableCell align="right">{t('billingRuns.bills.amount')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {chargeLines(lines).map((l, i) => (
          <TableRow key={`${l.kind}-${l.block ?? i}`}>
            <TableCell>{lineLabel(l, t)}</TableCell>
            <TableCell align="right">{l.units ?? ''}</TableCell>
            <TableCell align="right">{l.rate ?? ''}</TableCell>
            <TableCell align="right">
              <MoneyText value={l.amount} />
            </TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell colSpan={3} align="right">
            {t('billingRuns.bill.subtotal')}
          </TableCell>
          <TableCell align="right">
            <MoneyText value={subtotal} />
          </TableCell>
        </TableRow>
        {taxLine && (
          <TableRow>
            <TableCell colSpan={3} align="right">
              {lineLabel(taxLine, t)}
            </TableCell>
            <TableCell align="right">
              <MoneyText value={tax} />
            </TableCell>
          </TableRow>
        )}
        <TableRow sx={totalRow}>
          <TableCell colSpan={3} align="right">
            {t('billingRuns.bill.thisBill')}
          </TableCell>
          <TableCell align="right" data-testid="breakdown-total">
            <MoneyText value={amount} />
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}
