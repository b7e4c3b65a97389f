// The lines of the cheque form: the account each part of the cheque pays, its amount and memo, and the
// allocated total with what remains (the form sums it live and checks the lines).
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
import type Decimal from 'decimal.js';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Account } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { useMessage } from '../../lib/messages.ts';
import { AccountPicker } from '../finance/index.ts';
import type { ChequeFormValues } from './treasury.logic.ts';

export interface ChequeLinesTableProps {
  control: Control<ChequeFormValues>;
  /** The field array's rows (their ids key the table rows). */
  rows: readonly { id: string }[];
  onRemove: (row: number) => void;
  /** What a line may pay: any account but the bank account. */
  accounts: readonly Account[];
  isLoading: boolean;
  allocated: Decimal;
  /** The allocation's chip: what remains, or that all is allocated. */
  status: { colour: 'default' | 'success' | 'warning' | 'error'; label: string };
}

export function ChequeLinesTable({ control, rows, onRemove, accounts, isLoading, allocated, status }: ChequeLinesTableProps) {
  const { t } = useTranslation();
  const text = useMessage();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('treasury.cheque.linesTitle')} sx={{ minWidth: 720, '& td': { verticalAlign: 'top', px: 0.75 } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 36 }}>#</TableCell>
            <TableCell sx={{ minWidth: 280 }}>{t('treasury.cheque.lineAccount')}</TableCell>
            <TableCell align="right" sx={{ width: 170 }}>
              {t('treasury.amount')}
            </TableCell>
            <TableCell sx={{ minWidth: 200 }}>{t('treasury.cheque.lineMemo')}</TableCell>
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
                    render={({ field, fieldState, formState }) => {
                      const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
                      return (
                        <AccountPicker
                          accounts={accounts}
                          loading={isLoading}
                          value={field.value}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          inputRef={field.ref}
                          ariaLabel={t('treasury.cheque.cell.account', { n: row + 1 })}
                          placeholder={t('treasury.cheque.accountPlaceholder')}
                          activeOnly
                          size="small"
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
                    name={`lines.${row}.amount`}
                    size="small"
                    slotProps={{
                      htmlInput: {
                        'aria-label': t('treasury.cheque.cell.amount', { n: row + 1 }),
                        inputMode: 'decimal',
                        autoComplete: 'off',
                        style: { textAlign: 'right' },
                      },
                    }}
                  />
                </TableCell>
                <TableCell>
                  <FormTextField
                    control={control}
                    name={`lines.${row}.memo`}
                    size="small"
                    slotProps={{ htmlInput: { 'aria-label': t('treasury.cheque.cell.memo', { n: row + 1 }), maxLength: 500, autoComplete: 'off' } }}
                  />
                </TableCell>
                <TableCell sx={{ pt: 1 }}>
                  <Tooltip title={t('treasury.cheque.removeLine', { n: row + 1 })}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={t('treasury.cheque.removeLine', { n: row + 1 })}
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
            <TableCell align="right">{t('treasury.cheque.allocated')}</TableCell>
            <TableCell align="right" data-testid="cheque-allocated">
              <MoneyText value={allocated} />
            </TableCell>
            <TableCell colSpan={2}>
              <Chip
                size="small"
                role="status"
                aria-live="polite"
                color={status.colour}
                variant={status.colour === 'success' ? 'outlined' : 'filled'}
                label={status.label}
              />
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
