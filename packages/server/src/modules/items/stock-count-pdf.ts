// GET /api/elc/inventory-counts/:id/sheet.pdf: the count sheet on paper (document-print's renderer): the
// organisation's header, the count's number, date, branch, goods and when the quantities were frozen,
// one row per good with its system quantity and, once entered, the counted quantity, difference and
// value (blank on a draft: room to write the count by hand), the difference value, signature lines.
import { type Lang, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { dec } from '../../ledger/index.ts';
import { loadPrintCompany, printableLogo, printedDate, renderDocumentPdf } from '../document-print/index.ts';
import { getStockCount } from './stock-counts.ts';

export async function stockCountPdf(opts: { tx: Db; clientId: number; id: number; lang: Lang }) {
  const { tx, clientId, id, lang } = opts;
  const count = await getStockCount({ tx, id });
  const company = await loadPrintCompany({ tx, clientId });
  const logo = await printableLogo({ tx, fileId: company.logoFileId ?? null });
  const t = (key: string) => translate(`counting.pdf.${key}`, lang);
  const doc = renderDocumentPdf({
    lang,
    company,
    logo,
    title: t('title'),
    number: count.number,
    cancelled: count.status === 'Cancelled',
    facts: [
      { label: t('date'), value: printedDate(count.date, lang) },
      { label: t('branch'), value: count.branchName },
      { label: t('category'), value: count.categoryName ?? t('allGoods') },
      { label: t('frozen'), value: `${printedDate(count.startedAt.slice(0, 10), lang)} ${count.startedAt.slice(11, 16)} UTC` },
      { label: t('status'), value: t(`status.${count.status}`) },
    ],
    columns: [
      { key: 'code', label: t('code'), width: 12 },
      { key: 'item', label: translate('stockReports.col.name', lang), width: 30 },
      { key: 'unit', label: t('unit'), width: 8 },
      { key: 'system', label: t('system'), width: 12, kind: 'quantity' },
      { key: 'counted', label: t('counted'), width: 12, kind: 'quantity' },
      { key: 'difference', label: t('difference'), width: 12, kind: 'quantity' },
      { key: 'value', label: t('value'), width: 12, kind: 'money' },
    ],
    rows: count.lines.map((l) => ({
      code: l.itemCode,
      item: l.itemName,
      unit: l.unitName,
      system: dec(l.frozenQuantity).toString(),
      counted: l.countedQuantity,
      difference: l.difference,
      value: l.differenceValue,
    })),
    totals: count.countedCount > 0 ? [{ label: t('differenceValue'), value: count.differenceValue, bold: true }] : [],
    notes: count.memo,
    signatures: [t('countedBy'), t('checkedBy')],
  });
  return { doc, fileName: `count-sheet-${count.number}` };
}
