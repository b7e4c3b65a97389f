// The lines of the general journal's entry form: account, debit, credit, party type and party, line memo,
// and the totals with their difference. The form checks the lines (finance.forms.ts) and moves the focus
// through the cells (each cell carries data-cell, its field's name).
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Account, partyTypeValues } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { useMessage } from '../../lib/messages.ts';
import { AccountPicker } from './AccountPicker.tsx';
import type { JournalFormValues, JournalLineValues, JournalTotals } from './finance.logic.ts';
import { LinePartyPicker } from './LinePartyPicker.tsx';

export interface JournalLinesTableProps {
  control: Control<JournalFormValues>;
  /** The field array's rows (their ids key the table rows). */
  rows: readonly { id: string }[];
  /** The lines' current values. */
  lines: readonly JournalLineValues[];
  accounts: readonly Account[];
  isLoadingAccounts: boolean;
  isSubmitted: boolean;
  totals: JournalTotals;
  onRemove: (row: number) => void;
  /** A picker's choice was made in this cell: the form moves on to the next one. */
  onPicked: (cell: string) => void;
}

const cell = (name: string) => ({ 'data-cell': name });

export function JournalLinesTable({ control, rows, lines, accounts, isLoadingAccounts, isSubmitted, totals, onRemove, onPicked }: JournalLinesTableProps) {
  const { t } = useTranslation();
  const text = useMessage();
  const lineLabel = (row: number, field: string) => t(`finance.journal.cell.${field}`, { n: row + 1 });
  const differenceText = totals.isEmpty
    ? t('finance.journal.noAmounts')
    : totals.isBalanced
      ? t('finance.journal.balanced')
      : t(totals.difference.isPositive() ? 'finance.journal.creditShort' : 'finance.journal.debitShort');
  return (
    <TableContainer>
      <Table size="small" aria-label={t('finance.journal.linesTitle')} sx={{ minWidth: 1060, '& td': { verticalAlign: 'top', px: 0.75 } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 36 }}>#</TableCell>
            <TableCell sx={{ minWidth: 260 }}>{t('finance.journal.account')}</TableCell>
            <TableCell align="right" sx={{ width: 140 }}>
              {t('finance.debit')}
            </TableCell>
            <TableCell align="right" sx={{ width: 140 }}>
              {t('finance.credit')}
            </TableCell>
            <TableCell sx={{ width: 120 }}>{t('finance.journal.partyType')}</TableCell>
            <TableCell sx={{ minWidth: 220 }}>{t('finance.journal.party')}</TableCell>
            <TableCell sx={{ minWidth: 140 }}>{t('finance.journal.lineMemo')}</TableCell>
            <TableCell sx={{ width: 48 }} />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((f, row) => {
            return (
              <TableRow key={f.id}>
                <TableCell sx={{ pt: 2, color: 'text.secondary' }}>{row + 1}</TableCell>
                <TableCell>
                  <Controller
                    control={control}
                    name={`lines.${row}.accountId`}
                    render={({ field, fieldState }) => {
                      const show = Boolean(fieldState.error) && (fieldState.isTouched || isSubmitted);
                      return (
                        <AccountPicker
                          accounts={accounts}
                          loading={isLoadingAccounts}
                          value={field.value}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          inputRef={field.ref}
                          onPicked={() => onPicked(`lines.${row}.accountId`)}
                          ariaLabel={lineLabel(row, 'account')}
                          activeOnly
                          size="small"
                          error={show}
                          helperText={show ? text(fieldState.error?.message) : undefined}
                          inputProps={cell(`lines.${row}.accountId`)}
                          placeholder={t('finance.journal.accountPlaceholder')}
                        />
                      );
                    }}
                  />
                </TableCell>
                {(['debit', 'credit'] as const).map((side) => (
                  <TableCell key={side}>
                    <FormTextField
                      control={control}
                      name={`lines.${row}.${side}`}
                      size="small"
                      slotProps={{
                        htmlInput: {
                          ...cell(`lines.${row}.${side}`),
                          'aria-label': lineLabel(row, side),
                          inputMode: 'decimal',
                          autoComplete: 'off',
                          style: { textAlign: 'right' },
                        },
                      }}
                    />
                  </TableCell>
                ))}
                <TableCell>
                  <FormTextField
                    control={control}
                    name={`lines.${row}.partyType`}
                    size="small"
                    select
                    slotProps={{ select: { native: true }, htmlInput: { ...cell(`lines.${row}.partyType`), 'aria-label': lineLabel(row, 'partyType') } }}
                  >
                    <option value="">{t('finance.journal.noParty')}</option>
                    {partyTypeValues.map((p) => (
                      <option key={p} value={p}>
                        {t(`finance.party.${p}`)}
                      </option>
                    ))}
                  </FormTextField>
                </TableCell>
                <TableCell>
                  <Controller
                    control={control}
                    name={`lines.${row}.partyId`}
                    render={({ field, fieldState }) => {
                      const show = Boolean(fieldState.error) && (fieldState.isTouched || isSubmitted);
                      return (
                        <LinePartyPicker
                          partyType={lines[row]?.partyType ?? ''}
                          value={field.value}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          inputRef={field.ref}
                          onPicked={() => onPicked(`lines.${row}.partyId`)}
                          disabled={!lines[row]?.partyType && !lines[row]?.partyId}
                          ariaLabel={lineLabel(row, 'partyId')}
                          inputProps={cell(`lines.${row}.partyId`)}
                          error={show}
                          helperText={show ? text(fieldState.error?.message) : undefined}
                        />
                      );
                    }}
                  />
                </TableCell>
                <TableCell>
                  <FormTextField
                    control={control}
                    name={`lines.${row}.memo`}
                    size="small"
                    slotProps={{
                      htmlInput: { ...cell(`lines.${row}.memo`), 'aria-label': lineLabel(row, 'memo'), maxLength: 500, autoComplete: 'off' },
                    }}
                  />
                </TableCell>
                <TableCell sx={{ pt: 1 }}>
                  <Tooltip title={t('finance.journal.removeLine', { n: row + 1 })}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={t('finance.journal.removeLine', { n: row + 1 })}
                        onClick={() => onRemove(row)}
                        disabled={rows.length <= 1}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
        <TableFooter>
          <TableRow sx={{ '& td': { fontSize: '0.95rem', color: 'text.primary', fontWeight: 600, borderBottom: 0 } }}>
            <TableCell />
            <TableCell align="right">{t('finance.journal.totals')}</TableCell>
            <TableCell align="right" aria-label={t('finance.journal.totalDebit')} data-testid="total-debit">
              <MoneyText value={totals.debit} />
            </TableCell>
            <TableCell align="right" aria-label={t('finance.journal.totalCredit')} data-testid="total-credit">
              <MoneyText value={totals.credit} />
            </TableCell>
            <TableCell colSpan={4}>
              <Chip
                size="small"
                role="status"
                aria-live="polite"
                color={totals.isBalanced ? (totals.isEmpty ? 'default' : 'success') : 'error'}
                variant={totals.isBalanced ? 'outlined' : 'filled'}
                label={
                  totals.isBalanced ? (
                    differenceText
                  ) : (
                    <>
                      {t('finance.journal.difference')}: <MoneyText value={totals.difference.abs()} /> ({differenceText})
                    </>
                  )
                }
              />
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
