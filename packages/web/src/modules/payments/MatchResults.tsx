// The rows of a batch after matching: each with its status (matched, unmatched, duplicate, invalid),
// the customer it was matched to (and how), a customer picker where no customer or several share the
// phone, the reasons a row cannot be saved, and whether it will be saved.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { BatchMatchedRow, CustomerLookup } from '@ubo/contracts';
import { MoneyText } from '../../components/MoneyText.tsx';
import { useMessage } from '../../lib/messages.ts';
import { CustomerPicker } from '../../components/CustomerPicker.tsx';
import { useCustomerLookupSearch } from './payments.queries.ts';
import { type BatchDecision, amountOf, isSavable } from './payments.logic.ts';

const statusColour = { matched: 'success', unmatched: 'warning', duplicate: 'error', invalid: 'error' } as const;

export interface MatchResultsProps {
  rows: readonly BatchMatchedRow[];
  decisions: readonly BatchDecision[];
  /** The customers chosen by hand, by row. */
  chosen: Record<number, CustomerLookup | null>;
  /** Errors the server gave when saving, by row. */
  serverErrors: Record<number, string[]>;
  onChoose: (row: number, customer: CustomerLookup | null) => void;
  onInclude: (row: number, include: boolean) => void;
}

export function MatchResults({ rows, decisions, chosen, serverErrors, onChoose, onInclude }: MatchResultsProps) {
  const { t } = useTranslation();
  const text = useMessage();
  return (
    <Table size="small" aria-label={t('payments.batch.results')}>
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox" />
          <TableCell>#</TableCell>
          <TableCell>{t('payments.reference')}</TableCell>
          <TableCell>{t('payments.batch.customerText')}</TableCell>
          <TableCell align="right">{t('payments.amount')}</TableCell>
          <TableCell>{t('payments.date')}</TableCell>
          <TableCell>{t('payments.status')}</TableCell>
          <TableCell sx={{ minWidth: 300 }}>{t('payments.customer')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r, i) => {
          const decision = decisions[i];
          const savable = decision ? isSavable(r, decision) : false;
          const messages = [
            ...r.errors.filter((e) => !(r.status === 'unmatched' && decision?.customerId !== null && e.field === 'customer')).map((e) => e.message),
            ...(serverErrors[i] ?? []).map(text),
          ];
          const n = r.line ?? i + 1;
          return (
            <TableRow key={r.row} hover selected={Boolean(serverErrors[i])} data-testid={`batch-row-${i}`}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={Boolean(decision?.include) && savable}
                  disabled={!savable}
                  onChange={(e) => onInclude(i, e.target.checked)}
                  slotProps={{ input: { 'aria-label': t('payments.batch.include', { n }) } }}
                />
              </TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>{n}</TableCell>
              <TableCell sx={{ fontWeight: 500 }}>{r.reference}</TableCell>
              <TableCell>{r.customerText}</TableCell>
              <TableCell align="right">{amountOf(r.amount) ? <MoneyText value={amountOf(r.amount)} /> : r.amount}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.date}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={statusColour[r.status]}
                  variant={r.status === 'matched' ? 'outlined' : 'filled'}
                  label={t(`payments.batch.statusLabel.${r.status}`)}
                />
              </TableCell>
              <TableCell>
                {r.status === 'unmatched' ? (
                  <CustomerPicker
                    useSearch={useCustomerLookupSearch}
                    size="small"
                    value={chosen[i] ?? null}
                    onChange={(c) => onChoose(i, c)}
                    ariaLabel={t('payments.batch.chooseCustomer', { n })}
                  />
                ) : r.customer ? (
                  <Box>
                    <Box component="span" sx={{ fontWeight: 500 }}>
                      {r.customer.name}
                    </Box>
                    <Box component="span" sx={{ display: 'block', fontSize: '0.8em', color: 'text.secondary' }}>
                      {r.customer.customerNo} · {r.matchedBy === 'phone' ? t('payments.batch.byPhone') : t('payments.batch.byNumber')}
                    </Box>
                  </Box>
                ) : null}
                {r.candidates.length > 0 && (
                  <Box sx={{ fontSize: '0.8em', color: 'text.secondary', mt: 0.5 }}>
                    {t('payments.batch.candidates', { names: r.candidates.map((c) => `${c.name} (${c.customerNo})`).join(', ') })}
                  </Box>
                )}
                {messages.map((m) => (
                  <Box key={m} sx={{ fontSize: '0.8em', color: 'error.main', mt: 0.5 }}>
                    {m}
                  </Box>
                ))}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
