// /reports/inventory-counting/:id: a count sheet. A draft takes the counted quantities in the grid (or
// from a CSV file), shows each difference and the total value live, saves (Ctrl+Enter), posts (one stock
// adjustment of counted - frozen, then read-only) or is cancelled. Print gives the sheet on paper with
// the system quantities and room for signatures.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import Link from '@mui/material/Link';
import { type StockCount, itemsEndpoints, stockAdjustmentsEndpoints, stockCountsEndpoints, stockMovesEndpoints } from '@ubo/contracts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { NO_PRINT, PRINT_ONLY, PrintStyles } from '../../components/PrintStyles.tsx';
import { useCompanyName } from '../../lib/companyName.ts';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format.ts';
import { ApiError, toast } from '../../lib/api.ts';
import { useLang, useMessage } from '../../lib/messages.ts';
import { useDetailQuery, useEndpointMutation } from '../../lib/queries.ts';
import { countStatusColour } from './CountListPage.tsx';
import { countedText, CountGrid } from './CountGrid.tsx';
import { CountSheetActions } from './CountSheetActions.tsx';
import { countDifference, totalDifference } from './count.logic.ts';

/** Field errors of the server (lines.N.countedQuantity / lines.N.itemId) by item id, and the others. */
function errorsByItem(err: unknown, itemOf: (index: number) => number | undefined) {
  const byItem: Record<number, string> = {};
  const other: string[] = [];
  if (!(err instanceof ApiError)) return { byItem, other };
  for (const d of err.details) {
    const m = /^lines\.(\d+)\./.exec(d.field);
    const itemId = m ? itemOf(Number(m[1])) : undefined;
    if (itemId !== undefined) byItem[itemId] = d.message;
    else other.push(d.message);
  }
  if (err.details.length === 0) other.push(err.message);
  return { byItem, other };
}

export default function CountSheetPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const message = useMessage();
  const company = useCompanyName();
  const id = Number(useParams().id);
  const query = useDetailQuery(stockCountsEndpoints.get, Number.isSafeInteger(id) ? id : null);
  const count: StockCount | undefined = query.data;
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [other, setOther] = useState<string[]>([]);
  const invalidate = [stockCountsEndpoints.list, itemsEndpoints.list, stockMovesEndpoints.list, stockAdjustmentsEndpoints.list];
  const save = useEndpointMutation(stockCountsEndpoints.saveLines, { invalidate, successMessage: false });
  const post = useEndpointMutation(stockCountsEndpoints.post, { invalidate, successMessage: false });

  if (!count) return <PageHeader title={t('items.counting.title')} />;
  const editable = count.status === 'Draft';
  const changed = count.lines.filter((l) => l.itemId in typed && typed[l.itemId] !== (l.countedQuantity ?? ''));
  const onType = (itemId: number, text: string) => {
    setTyped((prev) => ({ ...prev, [itemId]: text }));
    setErrors(({ [itemId]: _gone, ...rest }) => rest);
  };
  const total = totalDifference(count.lines.map((l) => countDifference(l.frozenQuantity, l.frozenUnitCost, countedText(l, typed))?.value ?? null));

  /** Saves what was typed; false when refused (the errors are on their lines). */
  const saveTyped = async (quiet = false): Promise<boolean> => {
    if (changed.length === 0) {
      if (!quiet) toast(t('items.counting.nothingToSave'), 'info');
      return true;
    }
    const lines = changed.map((l) => ({ itemId: l.itemId, countedQuantity: typed[l.itemId] === '' ? null : typed[l.itemId] }));
    try {
      await save.mutateAsync({ params: { id: count.id }, body: { lines } });
      setTyped({});
      setOther([]);
      if (!quiet) toast(t('items.counting.saved'), 'success');
      return true;
    } catch (err) {
      const found = errorsByItem(err, (i) => lines[i]?.itemId);
      setErrors(found.byItem);
      setOther(found.other);
      return false;
    }
  };

  const postCount = async () => {
    if (!(await saveTyped(true))) return;
    try {
      const done = await post.mutateAsync({ params: { id: count.id } });
      toast(
        done.adjustmentNumber
          ? t('items.counting.postedAs', { number: done.number, adjustment: done.adjustmentNumber })
          : t('items.counting.postedNoDifference', { number: done.number }),
        'success',
      );
    } catch (err) {
      const found = errorsByItem(err, (i) => count.lines[i]?.itemId);
      setErrors(found.byItem);
      setOther(found.other);
    }
  };

  const differing = count.lines.filter((l) => {
    const d = countDifference(l.frozenQuantity, l.frozenUnitCost, countedText(l, typed));
    return d !== null && d.difference !== '0';
  }).length;
  const category = count.categoryName ?? t('items.counting.allCategories');
  const facts = t('items.counting.sheetFacts', { branch: count.branchName, category, date: formatDate(count.date, lang) });
  return (
    <>
      <PrintStyles page={{ margin: '12mm' }} rules={{ '.MuiTableContainer-root': { maxHeight: 'none !important', overflow: 'visible !important' } }} />
      <Box className={PRINT_ONLY} sx={{ mb: 2, pb: 1, borderBottom: '2px solid #000' }}>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
          {company}
        </Typography>
        <Typography variant="h6" component="p">
          {t('items.counting.sheetTitle', { number: count.number })} · {facts}
        </Typography>
        <Typography variant="body2" component="p">
          {t('items.counting.frozenAt', { date: formatDateTime(count.startedAt, lang) })}
        </Typography>
      </Box>
      <Box className={NO_PRINT}>
        <PageHeader
          title={t('items.counting.sheetTitle', { number: count.number })}
          subtitle={`${facts} · ${t('items.counting.frozenAt', { date: formatDateTime(count.startedAt, lang) })}`}
          actions={
            <CountSheetActions
              count={count}
              changed={changed.length}
              differing={differing}
              total={formatMoney(total, lang)}
              busy={save.isPending || post.isPending}
              onSave={() => void saveTyped()}
              onPost={() => void postCount()}
              onImported={(refused) => {
                setOther(refused);
                if (refused.length === 0) setTyped({});
              }}
            />
          }
        />
        <Box sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip color={countStatusColour[count.status]} label={t(`items.counting.statusName.${count.status}`)} data-testid="count-status" />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('items.counting.progress', { counted: count.countedCount, lines: count.lineCount })}
          </Typography>
          {count.adjustmentId && (
            <Link component={RouterLink} to="/items/adjustments" data-testid="count-adjustment">
              {t('items.counting.adjustment')} {count.adjustmentNumber}
            </Link>
          )}
        </Box>
        {!editable && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {t('items.counting.readOnly', { status: t(`items.counting.statusName.${count.status}`) })}
          </Alert>
        )}
        {editable && count.movesSince > 0 && (
          <Alert severity="warning" sx={{ mb: 1 }} data-testid="moves-since">
            {t('items.counting.movesSince', { count: count.movesSince })}
          </Alert>
        )}
        {changed.length > 0 && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {t('items.counting.unsaved', { count: changed.length })}
          </Alert>
        )}
        {other.length > 0 && (
          <Alert severity="error" sx={{ mb: 1 }} role="alert">
            {other.map((m) => (
              <div key={m}>{message(m)}</div>
            ))}
          </Alert>
        )}
      </Box>
      <Paper>
        <CountGrid lines={count.lines} typed={typed} errors={errors} editable={editable} onType={onType} onSave={() => void saveTyped()} totalValue={total} />
        {editable && (
          <Typography variant="caption" component="p" className={NO_PRINT} sx={{ p: 2, color: 'text.secondary' }}>
            {t('items.counting.keyboardHint')}
          </Typography>
        )}
      </Paper>
      <Typography className={PRINT_ONLY} sx={{ mt: 4 }}>
        {t('items.counting.signature')}
      </Typography>
    </>
  );
}
