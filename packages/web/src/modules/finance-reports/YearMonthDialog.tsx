// The period filter of the year- and month-based screens (budgets, budget vs actual, reconciliation):
// a year and, when `month` is not 'none', a month, both as selects (keyboard: type the first letters,
// Enter). month 'optional' offers "Whole year" first (the value null); 'required' needs a month.
import { type FormEvent, useEffect, useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FILTER_DIALOG_WIDTH } from '../../components/FilterDialog.tsx';
import { MONTHS, yearChoices } from './finance-reports.logic.ts';

export interface YearMonthDialogProps {
  open: boolean;
  title: string;
  year: number;
  month: number | null;
  mode: 'none' | 'optional' | 'required';
  onApply: (value: { year: number; month: number | null }) => void;
  onClose: () => void;
}

export function YearMonthDialog({ open, title, year, month, mode, onApply, onClose }: YearMonthDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [y, setY] = useState(year);
  const [m, setM] = useState<number | null>(month);
  useEffect(() => {
    if (open) {
      setY(year);
      setM(month);
    }
  }, [open, year, month]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply({ year: y, month: mode === 'none' ? null : mode === 'required' ? (m ?? 1) : m });
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} slotProps={{ paper: { sx: { width: FILTER_DIALOG_WIDTH } } }}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField select label={t('financeReports.period.year')} value={y} onChange={(e) => setY(Number(e.target.value))} autoFocus>
              {yearChoices(y).map((choice) => (
                <MenuItem key={choice} value={choice}>
                  {choice}
                </MenuItem>
              ))}
            </TextField>
            {mode !== 'none' && (
              <TextField
                select
                label={t('financeReports.period.month')}
                value={m === null ? (mode === 'required' ? 1 : 0) : m}
                onChange={(e) => setM(Number(e.target.value) || null)}
              >
                {mode === 'optional' && <MenuItem value={0}>{t('financeReports.period.wholeYear')}</MenuItem>}
                {MONTHS.map((choice) => (
                  <MenuItem key={choice} value={choice}>
                    {t(`financeReports.monthLong.m${choice}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('common.apply')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** "Year 2026", "March 2026" in the user's language. */
export function usePeriodWords() {
  const { t } = useTranslation();
  return {
    year: (year: number) => t('financeReports.period.yearText', { year }),
    month: (year: number, month: number) => t('financeReports.period.monthText', { year, month: t(`financeReports.monthLong.m${month}`) }),
  };
}
