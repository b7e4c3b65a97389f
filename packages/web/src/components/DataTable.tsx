// The server-paged table every list screen uses. It asks GET /api/<path> for one page at a time
// (_page from 1, _limit default 100), sends _sort/_order when a sortable header is clicked and q for
// the search box (debounced), lets the user hide columns (remembered per path on this device) and
// exports the rows on screen as CSV. Loading, empty and failed states are built in.
//
// Props (T is the row type):
//   path          API list path, e.g. 'settings/cities'
//   columns       DataTableColumn<T>[]: field, header, render?, csv?, sortable? (true), align?, hidden?, width?
//   params        extra query parameters (filters); changing them returns to page 1
//   rowKey        row => key (default row.id)
//   actions       RowAction<T>[]: label, icon, onClick(row), privilege? (disabled without it), hidden?(row), disabled?(row), color?
//   title         heading above the table
//   toolbar       extra buttons beside the search box (e.g. Add)
//   searchable    show the search box (true)
//   defaultSort   { field, order }
//   defaultLimit  rows per page (100); rowsPerPageOptions ([25, 50, 100, 250, 500])
//   exportName    CSV file name without extension (default: the path)
//   onRowClick    row => void
//   emptyText     text when there are no rows
import { type ReactElement, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import type { Theme } from '@mui/material/styles';
import SearchIcon from '@mui/icons-material/Search';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslation } from 'react-i18next';
import { type PrivilegeCheck, useCan } from '../app/session.tsx';
import type { Endpoint, EndpointRow } from '@ubo/contracts';
import { DEFAULT_LIMIT, type Query, resourcePath, saveBlob } from '../lib/api.ts';
import { useListQuery } from '../lib/queries.ts';
import { storage } from '../lib/storage.ts';
import { cellText, csvCell } from '../lib/csv.ts';

export interface DataTableColumn<T> {
  /** The row field: default cell value, the _sort value and the CSV value. */
  field: string;
  /** Header text, already translated. */
  header: string;
  render?: (row: T) => ReactNode;
  csv?: (row: T) => string | number | null | undefined;
  /** Default true. */
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  /** Hidden until the user shows it from the columns menu. */
  hidden?: boolean;
  width?: number | string;
}

export interface RowAction<T> {
  label: string;
  icon: ReactNode;
  onClick: (row: T) => void;
  /** Without it the button shows disabled (spec: buttons can be disabled by privilege). */
  privilege?: PrivilegeCheck;
  hidden?: (row: T) => boolean;
  disabled?: (row: T) => boolean;
  color?: IconButtonProps['color'];
}

export interface DataTableProps<T> {
  /** The list's path (path form, for modules not yet on endpoints). */
  path?: string;
  /** The list endpoint of the contracts; its rows' type is the table's. */
  endpoint?: Endpoint;
  columns: DataTableColumn<T>[];
  params?: Query;
  rowKey?: (row: T) => string | number;
  actions?: RowAction<T>[];
  title?: ReactNode;
  toolbar?: ReactNode;
  searchable?: boolean;
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  defaultLimit?: number;
  rowsPerPageOptions?: number[];
  exportName?: string;
  onRowClick?: (row: T) => void;
  emptyText?: string;
}

const SEARCH_DEBOUNCE_MS = 400;

function fieldValue(row: unknown, field: string): unknown {
  return field.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), row);
}

export function toCsv<T>(rows: readonly T[], columns: readonly DataTableColumn<T>[]): string {
  const head = columns.map((c) => csvCell(c.header)).join(',');
  const body = rows.map((r) => columns.map((c) => csvCell(c.csv ? c.csv(r) : fieldValue(r, c.field))).join(','));
  return [head, ...body].join('\r\n');
}

function useDebounced<V>(value: V, ms: number): V {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

/**
 * The row actions stay in view at the right edge when a wide table (many columns, longer Somali headers)
 * scrolls sideways on a laptop screen; the cell needs a background of its own to cover what scrolls under it.
 */
const actionsCellSx = {
  whiteSpace: 'nowrap',
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `inset 1px 0 0 ${theme.palette.divider}`,
  // A hovered row's tint, laid over the opaque background.
  '.MuiTableRow-hover:hover > &': {
    backgroundImage: (theme: Theme) => `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})`,
  },
  // While columns scroll under it, a shadow says there is more to the left.
  '[data-overflows=true] &': {
    boxShadow: (theme: Theme) => `inset 1px 0 0 ${theme.palette.divider}, -6px 0 8px -6px ${theme.palette.text.secondary}`,
  },
  '& .MuiIconButton-root': { p: '3px' },
} as const;

/** Whether the table is wider than its box (columns scroll under the sticky actions), kept as it resizes. */
function useOverflows() {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const check = () => setOverflows(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    check();
    return () => observer.disconnect();
  }, []);
  return { ref, overflows };
}

/** A table over a list endpoint: the row type is the endpoint's. */
export function DataTable<E extends Endpoint>(props: Omit<DataTableProps<EndpointRow<E>>, 'path' | 'endpoint'> & { endpoint: E }): ReactElement;
/** Path form, for modules not yet on endpoints. */
export function DataTable<T>(props: Omit<DataTableProps<T>, 'endpoint'> & { path: string }): ReactElement;
export function DataTable(props: DataTableProps<never>): ReactElement {
  return <DataTableOf {...props} />;
}

function DataTableOf<T>({
  path: pathProp,
  endpoint,
  columns,
  params = {},
  rowKey = (row) => (row as { id: string | number }).id,
  actions = [],
  title,
  toolbar,
  searchable = true,
  defaultSort,
  defaultLimit = DEFAULT_LIMIT,
  rowsPerPageOptions = [25, 50, 100, 250, 500],
  exportName,
  onRowClick,
  emptyText,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const can = useCan();
  const searchId = useId();
  const container = useOverflows();
  const path = endpoint ? resourcePath(endpoint) : (pathProp ?? '');
  const columnsKey = `table-columns:${path}`;

  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(defaultLimit);
  const [sort, setSort] = useState(defaultSort);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [columnMenu, setColumnMenu] = useState<HTMLElement | null>(null);
  const [hidden, setHidden] = useState<string[]>(() => {
    const stored = storage.read(columnsKey);
    if (stored) {
      try {
        return JSON.parse(stored) as string[];
      } catch {
        // fall through to the columns' defaults
      }
    }
    return columns.filter((c) => c.hidden).map((c) => c.field);
  });

  const paramsKey = JSON.stringify(params);
  // A new search or filter starts again at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: paramsKey stands for params
  useEffect(() => setPage(0), [q, paramsKey]);

  const query: Query = {
    ...params,
    _page: page + 1,
    _limit: limit,
    q: q || undefined,
    _sort: sort?.field,
    _order: sort?.order,
  };
  const list = useListQuery<T>((endpoint ?? path) as string, query);
  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const visible = useMemo(() => columns.filter((c) => !hidden.includes(c.field)), [columns, hidden]);
  const colSpan = visible.length + (actions.length ? 1 : 0);

  const toggleColumn = (field: string) => {
    const next = hidden.includes(field) ? hidden.filter((f) => f !== field) : [...hidden, field];
    if (next.length >= columns.length) return; // keep at least one column
    setHidden(next);
    storage.write(columnsKey, JSON.stringify(next));
  };

  const onSort = (field: string) => {
    setSort((s) => (s?.field === field ? { field, order: s.order === 'asc' ? 'desc' : 'asc' } : { field, order: 'asc' }));
  };

  const exportCsv = () => {
    const csv = `\uFEFF${toCsv(rows, visible)}`;
    const name = exportName ?? path.replace(/[^\w-]+/g, '-');
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${name}.csv`);
  };

  return (
    <Paper sx={{ overflow: 'hidden' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ p: 2, alignItems: { sm: 'center' } }}>
        {title && (
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
        )}
        {!title && <Box sx={{ flexGrow: 1 }} />}
        {searchable && (
          <TextField
            id={searchId}
            size="small"
            type="search"
            label={t('table.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            fullWidth={false}
            sx={{ minWidth: { sm: 240 } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Tooltip title={t('table.refresh')}>
            <IconButton aria-label={t('table.refresh')} onClick={() => list.refetch()}>
              <RefreshIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('table.showColumns')}>
            <IconButton aria-label={t('table.columns')} aria-haspopup="menu" onClick={(e) => setColumnMenu(e.currentTarget)}>
              <ViewColumnIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('table.exportCsv')}>
            <span>
              <IconButton aria-label={t('table.exportCsv')} onClick={exportCsv} disabled={rows.length === 0}>
                <FileDownloadIcon />
              </IconButton>
            </span>
          </Tooltip>
          {toolbar}
        </Stack>
      </Stack>
      <Menu anchorEl={columnMenu} open={columnMenu !== null} onClose={() => setColumnMenu(null)}>
        {columns.map((c) => {
          const shown = !hidden.includes(c.field);
          return (
            <MenuItem key={c.field} onClick={() => toggleColumn(c.field)} role="menuitemcheckbox" aria-checked={shown}>
              <ListItemIcon>
                <Checkbox edge="start" size="small" checked={shown} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-hidden': true } }} />
              </ListItemIcon>
              <ListItemText primary={c.header} />
            </MenuItem>
          );
        })}
      </Menu>
      <Box sx={{ height: 4 }}>{list.isFetching && <LinearProgress aria-label={t('table.loading')} />}</Box>
      <TableContainer ref={container.ref} data-overflows={container.overflows}>
        {/* Cells as narrow as they read well: twelve columns and the sticky actions fit a 1366 px laptop, so no column hides under the actions. */}
        <Table size="small" aria-busy={list.isFetching} sx={{ '& .MuiTableCell-root': { px: 0.75 }, '& .MuiTableCell-root:first-of-type': { pl: 1.5 } }}>
          <TableHead>
            <TableRow>
              {visible.map((c) => (
                <TableCell key={c.field} align={c.align} sx={{ width: c.width }} sortDirection={sort?.field === c.field ? sort.order : false}>
                  {c.sortable === false ? (
                    c.header
                  ) : (
                    <TableSortLabel active={sort?.field === c.field} direction={sort?.field === c.field ? sort.order : 'asc'} onClick={() => onSort(c.field)}>
                      {c.header}
                    </TableSortLabel>
                  )}
                </TableCell>
              ))}
              {actions.length > 0 && (
                <TableCell align="right" sx={actionsCellSx}>
                  {t('table.actions')}
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.isPending &&
              Array.from({ length: 5 }, (_, i) => (
                <TableRow key={`skeleton-${i}`}>
                  <TableCell colSpan={colSpan}>
                    <Skeleton variant="text" />
                  </TableCell>
                </TableRow>
              ))}
            {list.isError && !list.data && (
              <TableRow>
                <TableCell colSpan={colSpan} align="center" sx={{ py: 6 }}>
                  <Typography sx={{ mb: 1 }}>{t('table.failed')}</Typography>
                  <Button onClick={() => list.refetch()}>{t('errors.tryAgain')}</Button>
                </TableCell>
              </TableRow>
            )}
            {list.isSuccess && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={colSpan} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                  {emptyText ?? t('table.noRows')}
                </TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow key={rowKey(row)} hover onClick={onRowClick ? () => onRowClick(row) : undefined} sx={onRowClick ? { cursor: 'pointer' } : undefined}>
                {visible.map((c) => (
                  <TableCell key={c.field} align={c.align}>
                    {c.render ? c.render(row) : cellText(fieldValue(row, c.field))}
                  </TableCell>
                ))}
                {actions.length > 0 && (
                  <TableCell align="right" sx={actionsCellSx} onClick={(e) => e.stopPropagation()}>
                    {actions
                      .filter((a) => !a.hidden?.(row))
                      .map((a) => {
                        const disabled = !can(a.privilege) || Boolean(a.disabled?.(row));
                        return (
                          <Tooltip key={a.label} title={a.label}>
                            <span>
                              <IconButton size="small" color={a.color} aria-label={a.label} disabled={disabled} onClick={() => a.onClick(row)}>
                                {a.icon}
                              </IconButton>
                            </span>
                          </Tooltip>
                        );
                      })}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={total > 0 && page * limit >= total ? 0 : page}
        rowsPerPage={limit}
        rowsPerPageOptions={rowsPerPageOptions}
        onPageChange={(_, p) => setPage(p)}
        onRowsPerPageChange={(e) => {
          setLimit(Number(e.target.value));
          setPage(0);
        }}
      />
    </Paper>
  );
}
