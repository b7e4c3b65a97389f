// The parts of the monthly reconciliation: its figures (opening cleared balance, ledger balance, what is
// outstanding, the statement balance to enter, cleared balance and difference) with Save and Complete,
// and the month's lines of the account, each ticked when it is on the bank statement.
import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import SaveIcon from '@mui/icons-material/Save';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Reconciliation } from '@ubo/contracts';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { NO_PRINT } from '../../components/PrintStyles.tsx';
import { Figure } from '../../components/ReportFrame.tsx';
import { formatMoney, isNonZero } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { entryLink } from '../finance/index.ts';
import type { ReconciliationFigures as Figures } from './finance-reports.logic.ts';

function FigureBox({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Grid size={{ xs: 6, md: 4 }}>
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h6" component="div" data-testid={testId}>
        {children}
      </Typography>
    </Grid>
  );
}

export interface ReconciliationFiguresProps {
  rec: Reconciliation;
  figures: Figures;
  /** The account statement up to the month's end (the ledger balance opens it). */
  statementLinkTo: string;
  isEditable: boolean;
  /** The statement balance as typed. */
  statement: string;
  isStatementValid: boolean;
  onStatement: (text: string) => void;
  canSave: boolean;
  canComplete: boolean;
  onSave: () => void;
  onComplete: () => void;
}

export function ReconciliationFigures({
  rec,
  figures,
  statementLinkTo,
  isEditable,
  statement,
  isStatementValid,
  onStatement,
  canSave,
  canComplete,
  onSave,
  onComplete,
}: ReconciliationFiguresProps) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Paper sx={{ p: 2, mb: 2 }}>
      <Grid container spacing={2} sx={{ alignItems: 'flex-end' }}>
        <FigureBox label={t('financeReports.rec.openingCleared')} testId="rec-opening">
          <MoneyText value={rec.openingClearedBalance} negativeColor />
        </FigureBox>
        <FigureBox label={t('financeReports.rec.ledgerBalance')} testId="rec-ledger">
          <Figure value={rec.ledgerBalance} showZero negativeColor to={statementLinkTo} label={t('finance.report.openStatement', { code: rec.account.code })} />
        </FigureBox>
        <FigureBox label={t('financeReports.rec.outstanding')} testId="rec-outstanding">
          <Typography component="span" variant="body2">
            {t('financeReports.rec.outstandingText', {
              count: figures.outstanding.count,
              debit: formatMoney(figures.outstanding.debit, lang),
              credit: formatMoney(figures.outstanding.credit, lang),
            })}
          </Typography>
        </FigureBox>
        <Grid size={{ xs: 12, md: 4 }}>
          {isEditable ? (
            <TextField
              size="small"
              fullWidth
              label={t('financeReports.rec.statementBalance')}
              value={statement}
              onChange={(e) => onStatement(e.target.value)}
              error={statement.trim() !== '' && !isStatementValid}
              helperText={statement.trim() !== '' && !isStatementValid ? t('financeReports.rec.invalidBalance') : t('financeReports.rec.statementHelp')}
              slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
            />
          ) : (
            <>
              <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                {t('financeReports.rec.statementBalance')}
              </Typography>
              <Typography variant="h6" component="div" data-testid="rec-statement">
                <MoneyText value={rec.statementBalance} negativeColor />
              </Typography>
            </>
          )}
        </Grid>
        <FigureBox label={t('financeReports.rec.clearedBalance')} testId="rec-cleared">
          <MoneyText value={figures.cleared} negativeColor />
        </FigureBox>
        <FigureBox label={t('financeReports.rec.difference')} testId="rec-difference">
          {figures.difference === null ? (
            '—'
          ) : (
            <Typography component="span" variant="h6" sx={{ color: figures.difference.isZero() ? 'success.main' : 'error.main' }}>
              <MoneyText value={figures.difference} />
            </Typography>
          )}
        </FigureBox>
      </Grid>
      {isEditable && (
        <Stack direction="row" spacing={1} className={NO_PRINT} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<SaveIcon />} disabled={!canSave} onClick={onSave}>
            {t('financeReports.rec.save')}
          </Button>
          <Button variant="contained" color="success" startIcon={<DoneAllIcon />} disabled={!canComplete} onClick={onComplete}>
            {t('financeReports.rec.complete')}
          </Button>
          {!figures.isReconciled && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('financeReports.rec.completeHint')}
            </Typography>
          )}
        </Stack>
      )}
    </Paper>
  );
}

export interface ReconciliationLinesProps {
  lines: Reconciliation['lines'];
  /** The ids of the lines ticked as cleared. */
  cleared: ReadonlySet<number>;
  isEditable: boolean;
  canOpenEntry: boolean;
  onToggle: (lineId: number, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
}

export function ReconciliationLines({ lines, cleared, isEditable, canOpenEntry, onToggle, onToggleAll }: ReconciliationLinesProps) {
  const { t } = useTranslation();
  const allCleared = lines.length > 0 && lines.every((l) => cleared.has(l.lineId));
  const someCleared = lines.some((l) => cleared.has(l.lineId));
  return (
    <Paper>
      <TableContainer>
        <Table size="small" aria-label={t('financeReports.rec.lines')}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allCleared}
                  indeterminate={someCleared && !allCleared}
                  disabled={!isEditable || lines.length === 0}
                  onChange={(e) => onToggleAll(e.target.checked)}
                  slotProps={{ input: { 'aria-label': t('financeReports.rec.clearAll') } }}
                />
              </TableCell>
              <TableCell>{t('financeReports.rec.date')}</TableCell>
              <TableCell>{t('financeReports.rec.number')}</TableCell>
              <TableCell>{t('financeReports.rec.reference')}</TableCell>
              <TableCell>{t('financeReports.rec.memo')}</TableCell>
              <TableCell align="right">{t('financeReports.rec.moneyIn')}</TableCell>
              <TableCell align="right">{t('financeReports.rec.moneyOut')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.length === 0 && (
              <TableRow>
                <TableCell colSpan={7} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {t('financeReports.rec.noLines')}
                </TableCell>
              </TableRow>
            )}
            {lines.map((l) => {
              const isCleared = cleared.has(l.lineId);
              return (
                <TableRow key={l.lineId} hover selected={isCleared}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={isCleared}
                      disabled={!isEditable}
                      onChange={(e) => onToggle(l.lineId, e.target.checked)}
                      slotProps={{ input: { 'aria-label': t('financeReports.rec.clearLine', { number: l.number }) } }}
                    />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <DateText value={l.date} />
                    {l.isPriorPeriod && <Chip size="small" variant="outlined" color="warning" label={t('financeReports.rec.earlier')} sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {canOpenEntry ? (
                      <Link component={RouterLink} to={entryLink(l.entryId)} underline="hover">
                        {l.number}
                      </Link>
                    ) : (
                      l.number
                    )}
                  </TableCell>
                  <TableCell>{l.reference}</TableCell>
                  <TableCell>{l.memo}</TableCell>
                  <TableCell align="right">{isNonZero(l.debit) && <MoneyText value={l.debit} />}</TableCell>
                  <TableCell align="right">{isNonZero(l.credit) && <MoneyText value={l.credit} />}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
