// Pieces the stock reports share: the report query (read afresh whenever opened, the previous answer kept
// on screen while the next loads), right-aligned cells, and the pager.
import type { ReactNode } from 'react';
import TableCell from '@mui/material/TableCell';
import TablePagination from '@mui/material/TablePagination';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Endpoint, EndpointListQuery, EndpointResponse } from '@ubo/contracts';
import { callEndpoint } from '../../lib/api.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';

export function useStockReport<E extends Endpoint>(endpoint: E, query: EndpointListQuery<E>, enabled = true) {
  return useQuery({
    queryKey: endpointKeys(endpoint).list(query),
    queryFn: ({ signal }) => callEndpoint(endpoint as Endpoint, { query } as never, { signal }) as Promise<EndpointResponse<E>>,
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}

export const NumberCell = ({ children, bold, testId }: { children: ReactNode; bold?: boolean; testId?: string }) => (
  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', fontWeight: bold ? 700 : undefined }} data-testid={testId}>
    {children}
  </TableCell>
);

export function ReportPager({ total, page, limit, onPage }: { total: number; page: number; limit: number; onPage: (page: number, limit: number) => void }) {
  const { t } = useTranslation();
  if (total <= limit && page === 1) return null;
  return (
    <TablePagination
      component="div"
      className="finance-no-print"
      count={total}
      page={page - 1}
      rowsPerPage={limit}
      rowsPerPageOptions={[50, 100, 500]}
      onPageChange={(_, p) => onPage(p + 1, limit)}
      onRowsPerPageChange={(e) => onPage(1, Number(e.target.value))}
      labelRowsPerPage={t('table.rowsPerPage', { defaultValue: 'Rows' })}
    />
  );
}
