// The count sheet's grid, keyboard first like the meter reading grid: one row per good with its system
// quantity (frozen when the count started) and average cost; the counter types the counted quantity
// (numbers only), and the difference and its value follow every keystroke. Enter or ↓ goes to the next
// line, Shift+Enter or ↑ back, PageDown/PageUp ten lines, Ctrl+Enter saves. Read-only once posted.
import { type KeyboardEvent, memo, useCallback, useRef } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { StockCountLine } from '@ubo/contracts';
import { MoneyText } from '../../components/MoneyText.tsx';
import { useMessage } from '../../lib/messages.ts';
import { countDifference, isCountTyping, nextCountRow } from './count.logic.ts';
import { QuantityText } from './QuantityText.tsx';

export interface CountGridProps {
  lines: readonly StockCountLine[];
  /** What is typed per item id (absent: as saved). */
  typed: Readonly<Record<number, string>>;
  errors: Readonly<Record<number, string>>;
  editable: boolean;
  onType: (itemId: number, text: string) => void;
  onSave: () => void;
  totalValue: string;
}

/** The counted text of a line: typed, else as saved. */
export const countedText = (line: StockCountLine, typed: Readonly<Record<number, string>>) => typed[line.itemId] ?? line.countedQuantity ?? '';

export function CountGrid({ lines, typed, errors, editable, onType, onSave, totalValue }: CountGridProps) {
  const { t } = useTranslation();
  const tableRef = useRef<HTMLTableElement>(null);
  const focusRow = useCallback((index: number) => {
    const input = tableRef.current?.querySelector<HTMLInputElement>(`input[data-row="${index}"]`);
    input?.focus();
    input?.select();
    input?.closest('tr')?.scrollIntoView({ block: 'nearest' });
  }, []);
  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const row = (e.target as HTMLElement).dataset.row;
    if (row === undefined) return;
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      onSave();
      return;
    }
    const next = nextCountRow(e.key, e.shiftKey, Number(row), lines.length);
    if (next === null) {
      if (e.key === 'Enter') e.preventDefault();
      return;
    }
    e.preventDefault();
    focusRow(next);
  };
  return (
    <TableContainer sx={{ maxHeight: { xs: 'none', md: '65vh' } }}>
      <Table size="small" stickyHeader ref={tableRef} onKeyDown={onKeyDown} aria-label={t('items.counting.title')}>
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>{t('items.counting.code')}</TableCell>
            <TableCell>{t('items.counting.item')}</TableCell>
            <TableCell>{t('items.counting.unit')}</TableCell>
            <TableCell align="right">{t('items.counting.frozen')}</TableCell>
            <TableCell align="right">{t('items.counting.averageCost')}</TableCell>
            <TableCell align="right" sx={{ minWidth: 130 }}>
              {t('items.counting.countedQuantity')}
            </TableCell>
            <TableCell align="right">{t('items.counting.difference')}</TableCell>
            <TableCell align="right">{t('items.counting.value')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line, i) => (
            <CountRow key={line.itemId} line={line} index={i} text={countedText(line, typed)} error={errors[line.itemId]} editable={editable} onType={onType} />
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={8} sx={{ fontWeight: 700 }}>
              {t('items.counting.differenceValue')}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="count-total">
              <MoneyText value={totalValue} negativeColor />
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

const CountRow = memo(function CountRow({
  line,
  index,
  text,
  error,
  editable,
  onType,
}: {
  line: StockCountLine;
  index: number;
  text: string;
  error: string | undefined;
  editable: boolean;
  onType: (itemId: number, text: string) => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const diff = countDifference(line.frozenQuantity, line.frozenUnitCost, text);
  const label = t('items.counting.countedOf', { item: `${line.itemCode} ${line.itemName}` });
  return (
    <TableRow hover sx={diff && diff.difference !== '0' ? { bgcolor: 'action.hover' } : undefined}>
      <TableCell sx={{ color: 'text.secondary' }}>{line.position}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{line.itemCode}</TableCell>
      <TableCell>{line.itemName}</TableCell>
      <TableCell>{line.unitName ?? ''}</TableCell>
      <TableCell align="right">
        <QuantityText value={line.frozenQuantity} />
      </TableCell>
      <TableCell align="right">
        <MoneyText value={line.frozenUnitCost} />
      </TableCell>
      <TableCell align="right">
        {editable ? (
          <TextField
            value={text}
            onChange={(e) => {
              if (isCountTyping(e.target.value)) onType(line.itemId, e.target.value);
            }}
            size="small"
            error={Boolean(error)}
            helperText={error ? message(error) : undefined}
            slotProps={{ htmlInput: { 'data-row': index, inputMode: 'decimal', 'aria-label': label, autoComplete: 'off' } }}
            sx={{ width: 120, '& input': { textAlign: 'right', py: 0.5, px: 1, fontVariantNumeric: 'tabular-nums' } }}
          />
        ) : (
          <QuantityText value={line.countedQuantity} />
        )}
      </TableCell>
      <TableCell align="right" sx={{ color: diff?.difference.startsWith('-') ? 'error.main' : undefined }}>
        {diff ? <QuantityText value={diff.difference} /> : ''}
      </TableCell>
      <TableCell align="right">{diff ? <MoneyText value={diff.value} negativeColor /> : ''}</TableCell>
    </TableRow>
  );
});
