// What the two sales reports share: the filters in the URL (period, page, group, branch, item), a pager
// bound to ?_page and ?_limit, and the money cell.
import TableCell from '@mui/material/TableCell';
import TablePagination from '@mui/material/TablePagination';
import { MoneyText } from '../../components/MoneyText.tsx';
import { useReportParams } from '../../lib/useReportParams.ts';

const PAGE_SIZES = [25, 50, 100, 250, 500] as const;

export function useSalesReportParams() {
  const report = useReportParams();
  const page = Number(report.params.get('_page'));
  const limit = Number(report.params.get('_limit'));
  const id = (name: string) => {
    const v = Number(report.params.get(name));
    return Number.isInteger(v) && v > 0 ? v : undefined;
  };
  return {
    ...report,
    paging: { page: Number.isInteger(page) && page >= 1 ? page : 1, limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : 100 },
    id,
    filter: (changes: Record<string, string | null | undefined>) => report.update({ ...changes, _page: null }),
  };
}

export function ReportPager({ total }: { total: number }) {
  const { paging, update } = useSalesReportParams();
  return (
    <TablePagination
      component="div"
      className="finance-no-print"
      count={total}
      page={Math.max(0, paging.page - 1)}
      rowsPerPage={paging.limit}
      rowsPerPageOptions={[...PAGE_SIZES]}
      onPageChange={(_, p) => update({ _page: p === 0 ? null : String(p + 1) })}
      onRowsPerPageChange={(e) => update({ _limit: e.target.value, _page: null })}
    />
  );
}

export function Money({ value }: { value: string }) {
  return (
    <TableCell align="right">
      <MoneyText value={value} />
    </TableCell>
  );
}

export const totalsRowSx = { '& td': { fontWeight: 700, borderTop: 2, borderColor: 'text.primary' } } as const;

/** A select's value from the filter dialog as an id param (0 or missing: all). */
export const selectedId = (v: string | 0 | undefined) => (v && v !== '0' ? v : null);
