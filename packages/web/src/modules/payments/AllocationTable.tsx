// The open bills of the customer with what this payment puts on each (oldest first as proposed; each
// amount can be typed over), the total put on bills and the credit left. An amount above a bill's open
// amount is marked on its input; "Oldest first" spreads the amount again.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import SortIcon from '@mui/icons-material/Sort';
import { useTranslation } from 'react-i18next';
import type { CustomerOpenBill } from '@ubo/contracts';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { useMessage } from '../../lib/messages.ts';
import type { AllocationCheck } from './payments.logic.ts';

export interface AllocationTableProps {
  bills: readonly CustomerOpenBill[];
  amounts: Record<number, string>;
  check: AllocationCheck;
  isManual: boolean;
  /** Errors the server put on allocations (by bill id). */
  serverErrors: Record<number, string>;
  onChange: (billId: number, text: string) => void;
  onOldestFirst: () => void;
}

export function AllocationTable({ bills, amounts, check, isManual, serverErrors, onChange, onOldestFirst }: AllocationTableProps) {
  const { t } = useTranslation();
  const text = useMessage();
  if (bills.length === 0) return <Alert severity="info">{t('payments.receive.noOpenBills')}</Alert>;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1, fontWeight: 600 }}>
          {t('payments.receive.openBills')}
        </Typography>
        <Tooltip title={t('payments.receive.oldestFirstHelp')}>
          <span>
            <Button size="small" startIcon={<SortIcon />} onClick={onOldestFirst} disabled={!isManual}>
              {t('payments.receive.oldestFirst')}
            </Button>
          </span>
        </Tooltip>
      </Box>
      <Table size="small" aria-label={t('payments.receive.openBills')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('payments.receive.bill')}</TableCell>
            <TableCell>{t('payments.receive.period')}</TableCell>
            <TableCell>{t('payments.receive.dueDate')}</TableCell>
            <TableCell align="right">{t('payments.receive.billAmount')}</TableCell>
            <TableCell align="right">{t('payments.receive.paid')}</TableCell>
            <TableCell align="right">{t('payments.receive.open')}</TableCell>
            <TableCell align="right" sx={{ width: 160 }}>
              {t('payments.receive.allocate')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {bills.map((b) => {
            const error = check.errors[b.billId] ?? serverErrors[b.billId];
            return (
              <TableRow key={b.billId} hover>
                <TableCell sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>{b.number}</TableCell>
                <TableCell>
                  {'kind' in b && b.kind !== 'bill' ? t(`payments.receive.kind.${String(b.kind)}`, { defaultValue: String(b.kind) }) : b.period}
                </TableCell>
                <TableCell>
                  <DateText value={b.dueDate} />
                </TableCell>
                <TableCell align="right">
                  <MoneyText value={b.amount} />
                </TableCell>
                <TableCell align="right">
                  <MoneyText value={b.paidAmount} />
                </TableCell>
                <TableCell align="right">
                  <MoneyText value={b.open} />
                </TableCell>
                <TableCell align="right">
                  <TextField
                    size="small"
                    value={amounts[b.billId] ?? ''}
                    onChange={(e) => onChange(b.billId, e.target.value)}
                    error={Boolean(error)}
                    helperText={error ? text(error) : undefined}
                    placeholder="0.00"
                    slotProps={{
                      htmlInput: {
                        'aria-label': t('payments.receive.allocateLabel', { number: b.number }),
                        inputMode: 'decimal',
                        autoComplete: 'off',
                        style: { textAlign: 'right' },
                      },
                    }}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={6} align="right" sx={{ fontWeight: 600 }}>
              {t('payments.receive.allocated')}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="allocated-total">
              <MoneyText value={check.allocated} />
            </TableCell>
          </TableRow>
          <TableRow>
            <TableCell colSpan={6} align="right" sx={{ fontWeight: 600 }}>
              {t('payments.receive.creditLeft')}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="credit-left">
              <MoneyText value={check.creditLeft} negativeColor />
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
      {isManual && !check.isOverAllocated && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {t('payments.receive.manual')}
        </Typography>
      )}
      {check.isOverAllocated && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('payments.receive.overAllocated')}
        </Alert>
      )}
    </Box>
  );
}
