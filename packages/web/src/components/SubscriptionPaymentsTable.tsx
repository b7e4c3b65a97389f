// The organisation's subscription payments as the provider recorded them (name, amount, bill date,
// expire date), as shown on the expired screen and on the settings subscription card. The provider's
// currency is not recorded, so amounts show without a symbol. Each screen names the columns itself.
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { DateText } from './DateText.tsx';
import { MoneyText } from './MoneyText.tsx';

export interface SubscriptionPaymentRow {
  /** Present when the payment comes with its record id (settings); otherwise rows are told apart by position. */
  id?: number;
  name: string;
  bill_amount: string;
  bill_date: string;
  expire_date: string;
}

export interface SubscriptionPaymentsTableProps {
  payments: readonly SubscriptionPaymentRow[];
  labels: { name: string; amount: string; billDate: string; expireDate: string };
  /** Shown as the table's only row when there are no payments. */
  emptyText?: string;
}

export function SubscriptionPaymentsTable({ payments, labels, emptyText }: SubscriptionPaymentsTableProps) {
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{labels.name}</TableCell>
            <TableCell align="right">{labels.amount}</TableCell>
            <TableCell>{labels.billDate}</TableCell>
            <TableCell>{labels.expireDate}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {payments.length === 0 && emptyText && (
            <TableRow>
              <TableCell colSpan={4} align="center" sx={{ color: 'text.secondary' }}>
                {emptyText}
              </TableCell>
            </TableRow>
          )}
          {payments.map((p, i) => (
            <TableRow key={p.id ?? `${p.bill_date}-${i}`}>
              <TableCell>{p.name}</TableCell>
              <TableCell align="right">
                <MoneyText value={p.bill_amount} />
              </TableCell>
              <TableCell>
                <DateText value={p.bill_date} />
              </TableCell>
              <TableCell>
                <DateText value={p.expire_date} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
