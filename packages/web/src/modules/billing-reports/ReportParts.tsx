// Pieces every billing report screen shares (the frame itself is the finance ReportFrame): the URL
// filters, the zone choice of the filter dialog, the pager and sortable headers bound to the URL, the
// customer cell that opens the customer's statement, the bold totals row and the empty/loading states.
import { type ReactNode, useMemo } from 'react';
import Link from '@mui/material/Link';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCan } from '../../app/session.tsx';
import type { FilterSelect } from '../../components/FilterDialog.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { useReportParams } from '../../lib/useReportParams.ts';
import { billingReportsPrivileges as p } from './billing-reports.access.ts';
import { choiceParam, PAGE_SIZES, pagingFromParams, statementLink } from './billing-reports.logic.ts';
import { useZoneChoices } from './billing-reports.queries.ts';

/** The report's filters and paging in the URL; changing a filter goes back to the first page. */
export function useBillingParams() {
  const report = useReportParams();
  const paging = pagingFromParams(report.params);
  return {
    ...report,
    paging,
    /** Changes filters and returns to page 1. */
    filter: (changes: Record<string, string | null | undefined>) => report.update({ ...changes, _page: null }),
    sortOf: <T extends string>(allowed: readonly T[], fallback: T) => choiceParam(report.params, '_sort', allowed, fallback),
    orderOf: (fallback: 'asc' | 'desc') => choiceParam(report.params, '_order', ['asc', 'desc'] as const, fallback),
  };
}

/** The zone select of a filter dialog ("All" is 0), or none when the user may not list zones. */
export function useZoneSelect(): { select: FilterSelect | null; selects: readonly FilterSelect[]; nameOf: (id: number | null) => string | null } {
  const { t } = useTranslation();
  const zones = useZoneChoices();
  const label = t('billingReports.filter.zone');
  // Memoised: the filter dialog resets its form whenever its selects change.
  return useMemo(() => {
    const list = zones.data?.data ?? [];
    const select = zones.isSuccess ? { name: 'zone', label, options: list.map((z) => ({ value: String(z.id), label: z.name })) } : null;
    return {
      select,
      selects: select ? [select] : [],
      nameOf: (id: number | null) => (id === null ? null : (list.find((z) => z.id === id)?.name ?? null)),
    };
  }, [zones.data, zones.isSuccess, label]);
}

/** A select's value from the dialog as an id (0 or missing: all). */
export const selectedId = (value: string | 0 | undefined): string | null => (value && value !== '0' ? value : null);

/** The pager of a paged report, bound to ?_page and ?_limit. */
export function Pager({ total }: { total: number }) {
  const { paging, update } = useBillingParams();
  return (
    <TablePagination
      component="div"
      className="finance-no-print"
      count={total}
      page={Math.max(0, paging.page - 1)}
      rowsPerPage={paging.limit}
      rowsPerPageOptions={[...PAGE_SIZES]}
      onPageChange={(_, page) => update({ _page: page === 0 ? null : String(page + 1) })}
      onRowsPerPageChange={(e) => update({ _limit: e.target.value, _page: null })}
    />
  );
}

/** A column header that sorts the report (server side) by `field`, bound to ?_sort and ?_order. */
export function SortHead({
  field,
  label,
  sort,
  order,
  firstOrder = 'asc',
  align,
}: {
  field: string;
  label: string;
  sort: string;
  order: 'asc' | 'desc';
  firstOrder?: 'asc' | 'desc';
  align?: TableCellProps['align'];
}) {
  const { t } = useTranslation();
  const { update } = useBillingParams();
  const isActive = sort === field;
  const next = isActive ? (order === 'asc' ? 'desc' : 'asc') : firstOrder;
  return (
    <TableCell align={align} sortDirection={isActive ? order : false}>
      <TableSortLabel
        active={isActive}
        direction={isActive ? order : firstOrder}
        onClick={() => update({ _sort: field, _order: next, _page: null })}
        aria-label={t('billingReports.aging.sortBy', { column: label })}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );
}

/** The customer's name, opening their statement for the report's period when the user may see it. */
export function CustomerName({ id, name, range }: { id: number; name: string; range?: { startDate?: string; endDate?: string } }) {
  const { t } = useTranslation();
  const can = useCan();
  if (!can(p.statement)) return <>{name}</>;
  return (
    <Link component={RouterLink} to={statementLink(id, range)} underline="hover" aria-label={t('billingReports.openStatement', { name })}>
      {name}
    </Link>
  );
}

/** Narrower cell padding for the wide report tables, so that every column fits a laptop screen in Somali too. */
export const wideTableSx = { '& th, & td': { px: 1 } } as const;

/** Bold totals under a report table. */
export const totalsRowSx = {
  '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.9rem', borderTop: 2, borderColor: 'text.primary' },
} as const;

/** An amount cell: right-aligned, zero shown as an empty cell unless `showZero`. */
export function MoneyCell({ value, showZero, negativeColor, testId }: { value: string; showZero?: boolean; negativeColor?: boolean; testId?: string }) {
  const isZero = /^-?0+(\.0+)?$/.test(value);
  return (
    <TableCell align="right" data-testid={testId}>
      {(!isZero || showZero) && <MoneyText value={value} negativeColor={negativeColor} />}
    </TableCell>
  );
}

/** A whole row spanning the table, for a note under the figures. */
export function NoteRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} sx={{ color: 'text.secondary', fontStyle: 'italic', borderBottom: 0 }}>
        {children}
      </TableCell>
    </TableRow>
  );
}
