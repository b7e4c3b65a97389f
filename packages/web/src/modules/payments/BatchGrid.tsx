// The rows of a batch typed by hand: reference, phone or customer number, amount, the collector's receipt
// book series and number (optional) and date per row. Enter in a row's last cell adds a row (or moves to
// the next) and puts the cursor in its first cell, so a statement can be typed without the mouse; the new
// row keeps the date and the book series and proposes the book's next leaf.
import { useRef } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { type GridRow, emptyGridRow, isBlankGridRow, nextGridRow } from './payments.logic.ts';

export interface BatchGridProps {
  rows: GridRow[];
  onChange: (rows: GridRow[]) => void;
  defaultDate: string;
}

const cells = ['reference', 'customer', 'amount', 'series', 'receiptNo', 'date'] as const;

export function BatchGrid({ rows, onChange, defaultDate }: BatchGridProps) {
  const { t } = useTranslation();
  const table = useRef<HTMLTableElement | null>(null);
  const focus = (row: number) => setTimeout(() => table.current?.querySelector<HTMLInputElement>(`input[data-cell="${row}-reference"]`)?.focus(), 0);
  const set = (i: number, name: keyof GridRow, value: string) => onChange(rows.map((r, j) => (j === i ? { ...r, [name]: value } : r)));
  const label = (name: (typeof cells)[number]) => {
    if (name === 'customer') return t('payments.batch.customerText');
    if (name === 'series') return t('payments.batch.series');
    if (name === 'receiptNo') return t('payments.batch.receiptNo');
    return t(`payments.${name === 'date' ? 'date' : name === 'amount' ? 'amount' : 'reference'}`);
  };
  const width = (name: (typeof cells)[number]) => (name === 'series' ? 110 : name === 'receiptNo' ? 120 : undefined);

  return (
    <>
      <Table size="small" ref={table} aria-label={t('payments.batch.typeRows')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 40 }}>#</TableCell>
            {cells.map((c) => (
              <TableCell key={c} sx={{ width: width(c) }}>
                {label(c)}
              </TableCell>
            ))}
            <TableCell sx={{ width: 48 }} />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={i}>
              <TableCell sx={{ color: 'text.secondary' }}>{i + 1}</TableCell>
              {cells.map((c) => (
                <TableCell key={c} sx={{ py: 0.5 }}>
                  <TextField
                    size="small"
                    fullWidth
                    type={c === 'date' ? 'date' : 'text'}
                    value={r[c]}
                    onChange={(e) => set(i, c, e.target.value)}
                    onKeyDown={(e) => {
                      if (e.key !== 'Enter' || c !== 'date') return;
                      e.preventDefault();
                      if (i === rows.length - 1) onChange([...rows, nextGridRow(r, defaultDate)]);
                      // An untouched next row takes the book and its next leaf too.
                      else if (isBlankGridRow(rows[i + 1])) onChange(rows.map((x, j) => (j === i + 1 ? nextGridRow(r, defaultDate) : x)));
                      focus(i + 1);
                    }}
                    slotProps={{
                      htmlInput: {
                        'aria-label': `${label(c)} · ${t('payments.batch.row', { n: i + 1 })}`,
                        'data-cell': `${i}-${c}`,
                        autoComplete: 'off',
                        ...(c === 'amount' ? { inputMode: 'decimal', style: { textAlign: 'right' } } : {}),
                        ...(c === 'receiptNo' ? { inputMode: 'numeric', maxLength: 9 } : {}),
                        ...(c === 'series' ? { maxLength: 20, style: { textTransform: 'uppercase' } } : {}),
                      },
                    }}
                  />
                </TableCell>
              ))}
              <TableCell sx={{ py: 0.5 }}>
                <IconButton
                  size="small"
                  aria-label={t('payments.batch.removeRow', { n: i + 1 })}
                  onClick={() => onChange(rows.length > 1 ? rows.filter((_, j) => j !== i) : [emptyGridRow(defaultDate)])}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Button
        size="small"
        startIcon={<AddIcon />}
        sx={{ mt: 1 }}
        onClick={() => {
          const last = rows[rows.length - 1];
          onChange([...rows, last ? nextGridRow(last, defaultDate) : emptyGridRow(defaultDate)]);
          focus(rows.length);
        }}
      >
        {t('payments.batch.addRow')}
      </Button>
    </>
  );
}
