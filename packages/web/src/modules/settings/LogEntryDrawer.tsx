// One log-sheet line in full: who, when, what, from which IP address, and the recorded values before
// and after the change, one row per field with the changed ones highlighted.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { type LogSheetEntry, statusValues } from '@ubo/contracts';
import { DateText } from '../../components/DateText.tsx';
import { localeOf } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { actionLabel, entityLabel, fieldLabel, recordLabel, userLabel } from './logLabels.ts';
import { type DiffRow, diffValues } from './logDiff.ts';

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Timestamps in the comparison keep their seconds: two saves a minute apart must not read the same. */
function formatTimestamp(value: string, lang: 'en' | 'so'): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium', timeStyle: 'medium' }).format(date);
}

function Value({ field, value, present }: { field: string; value: unknown; present: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (!present)
    return (
      <Box component="span" sx={{ color: 'text.disabled' }}>
        —
      </Box>
    );
  if (value === null || value === undefined || value === '') {
    return (
      <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
        {t('settings.logSheet.empty')}
      </Box>
    );
  }
  if (typeof value === 'boolean') return <>{value ? t('settings.logSheet.yes') : t('settings.logSheet.no')}</>;
  if (typeof value === 'string') {
    if (field === 'status' && (statusValues as readonly string[]).includes(value)) return <>{t(`status.${value}`)}</>;
    if (ISO_TIMESTAMP.test(value)) return <>{formatTimestamp(value, lang)}</>;
    return <>{value}</>;
  }
  if (typeof value === 'number') return <>{String(value)}</>;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) {
    return <>{value.join(', ')}</>;
  }
  return (
    <Box component="pre" sx={{ m: 0, fontFamily: 'monospace', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {JSON.stringify(value, null, 2)}
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '120px 1fr', gap: 1.5, py: 0.75 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

function DiffTable({ rows }: { rows: DiffRow[] }) {
  const { t } = useTranslation();
  return (
    <Table size="small" sx={{ tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: '30%' }}>{t('settings.logSheet.field')}</TableCell>
          <TableCell>{t('settings.logSheet.before')}</TableCell>
          <TableCell>{t('settings.logSheet.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow
            key={r.key || 'value'}
            data-changed={r.changed ? 'true' : undefined}
            sx={r.changed ? { boxShadow: (theme) => `inset 4px 0 0 ${theme.palette.warning.main}` } : undefined}
          >
            <TableCell sx={{ fontWeight: r.changed ? 600 : 400, verticalAlign: 'top' }}>{r.key ? fieldLabel(t, r.key) : '—'}</TableCell>
            <TableCell
              sx={{
                verticalAlign: 'top',
                wordBreak: 'break-word',
                bgcolor: r.changed && r.inBefore ? (theme) => alpha(theme.palette.error.main, 0.1) : undefined,
                textDecoration: r.changed && r.inBefore ? 'line-through' : undefined,
                textDecorationColor: (theme) => alpha(theme.palette.error.main, 0.6),
              }}
            >
              <Value field={r.key} value={r.before} present={r.inBefore} />
            </TableCell>
            <TableCell
              sx={{
                verticalAlign: 'top',
                wordBreak: 'break-word',
                bgcolor: r.changed && r.inAfter ? (theme) => alpha(theme.palette.success.main, 0.14) : undefined,
                fontWeight: r.changed ? 600 : 400,
              }}
            >
              <Value field={r.key} value={r.after} present={r.inAfter} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export interface LogEntryDrawerProps {
  entry: LogSheetEntry | null;
  open: boolean;
  onClose: () => void;
}

export function LogEntryDrawer({ entry, open, onClose }: LogEntryDrawerProps) {
  const { t } = useTranslation();
  const rows = entry ? diffValues(entry.before, entry.after) : [];
  const titleId = 'log-entry-title';

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 560 } }, role: 'dialog', 'aria-labelledby': titleId } }}
    >
      {entry && (
        <Box sx={{ p: 3 }}>
          <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
            <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              {t('settings.logSheet.detailTitle', { id: entry.id })}
            </Typography>
            <IconButton onClick={onClose} aria-label={t('settings.logSheet.closeDetail')}>
              <CloseIcon />
            </IconButton>
          </Stack>
          <Fact label={t('settings.logSheet.who')}>
            {userLabel(entry) ?? t('settings.logSheet.system')}
            {entry.userName && entry.username ? ` (${entry.username})` : ''}
          </Fact>
          <Fact label={t('settings.logSheet.when')}>
            <DateText value={entry.at} withTime />
          </Fact>
          <Fact label={t('settings.logSheet.what')}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Chip size="small" label={actionLabel(t, entry.action)} />
              <span>
                {entityLabel(t, entry.entity)}
                {recordLabel(entry) ? ` · ${recordLabel(entry)}` : ''}
              </span>
            </Stack>
          </Fact>
          <Fact label={t('settings.logSheet.ip')}>{entry.ip ?? t('settings.logSheet.notRecorded')}</Fact>
          <Divider sx={{ my: 2 }} />
          {rows.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('settings.logSheet.nothingRecorded')}
            </Typography>
          ) : (
            <>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
                {t('settings.logSheet.legend')}
              </Typography>
              <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
                <DiffTable rows={rows} />
              </Box>
            </>
          )}
        </Box>
      )}
    </Drawer>
  );
}
