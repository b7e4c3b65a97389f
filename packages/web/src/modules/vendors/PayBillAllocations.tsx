// The vendor's open bills on the Pay bill screen, oldest first: the open amount of each and what this
// payment puts on it, proposed oldest first, or typed by hand per bill; the totals below say what goes to
// bills and what stays as the vendor's credit.
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { VendorOpenBill } from '@ubo/contracts';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { billKind } from './VendorPage.tsx';

export interface PayBillAllocationsProps {
  bills: readonly VendorOpenBill[];
  /** What goes to each bill (by open item id), as shown or typed. */
  amounts: Record<number, string>;
  byHand: boolean;
  onChange: (openItemId: number, amount: string) => void;
  /** Server field errors per line index of the allocations sent. */
  errors: Record<number, string | undefined>;
}

export function PayBillAllocations({ bills, amounts, byHand, onChange, errors }: PayBillAllocationsProps) {
  const { t } = useTranslation();
  return (
    <Table size="small" aria-label={t('vendors.pay.allocation')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('vendors.bill.number')}</TableCell>
          <TableCell>{t('vendors.col.kind')}</TableCell>
          <TableCell>{t('vendors.bill.date')}</TableCell>
          <TableCell>{t('vendors.bill.dueDate')}</TableCell>
          <TableCell align="right">{t('vendors.bill.open')}</TableCell>
          <TableCell align="right" sx={{ width: 180 }}>
            {t('vendors.pay.allocate')}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {bills.map((b, i) => (
          <TableRow key={b.openItemId}>
            <TableCell>{b.number}</TableCell>
            <TableCell>{billKind(b.kind, t)}</TableCell>
            <TableCell>
              <DateText value={b.date} />
            </TableCell>
            <TableCell sx={{ color: b.daysOverdue > 0 ? 'error.main' : undefined }}>
              <DateText value={b.dueDate} />
            </TableCell>
            <TableCell align="right">
              <MoneyText value={b.open} />
            </TableCell>
            <TableCell align="right">
              {byHand ? (
                <TextField
                  size="small"
                  value={amounts[b.openItemId] ?? ''}
                  onChange={(e) => onChange(b.openItemId, e.target.value)}
                  error={Boolean(errors[i])}
                  helperText={errors[i]}
                  slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${t('vendors.pay.allocate')} ${b.number}`, style: { textAlign: 'right' } } }}
                />
              ) : (
                <MoneyText value={amounts[b.openItemId] ?? '0.00'} />
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
