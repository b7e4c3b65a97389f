// The frame of every finance report: the heading with the period, the Period button (the shared
// FilterDialog), CSV export of what is shown and Print. Printing uses a print stylesheet: the sidebar,
// navbar, footer and buttons are hidden and a clean header with the company name, the report title,
// the period and the print time is shown instead. With `exportEndpoint`, an Excel
// button downloads the server's XLSX file of the report. Also the figure that opens an account statement.
import { type ReactNode, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FilterListIcon from '@mui/icons-material/FilterList';
import PrintIcon from '@mui/icons-material/Print';
import TableViewIcon from '@mui/icons-material/TableView';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Endpoint } from '@ubo/contracts';
import { useSession } from '../app/session.tsx';
import { callEndpoint, type Query, saveBlob } from '../lib/api.ts';
import { type CsvValue, csvText } from '../lib/csv.ts';
import { formatDateTime, isNonZero } from '../lib/format.ts';
import { useLang } from '../lib/messages.ts';
import { useCompanyName } from '../lib/companyName.ts';
import { MoneyText } from './MoneyText.tsx';
import { PageHeader } from './PageHeader.tsx';
import { NO_PRINT, PRINT_ONLY, type PrintRules, PrintStyles } from './PrintStyles.tsx';

/** The account statement's privilege: a Figure links there only for those who may open it. */
const STATEMENT_PRIVILEGE = 'account-transaction';

// On paper: black on white, no shadows, tables not cut inside a row, headers repeated on each page.
const reportPrintRules: PrintRules = {
  'html, body': { background: '#fff !important', color: '#000 !important' },
  '.MuiPaper-root': { boxShadow: 'none !important', background: '#fff !important', color: '#000 !important' },
  '.MuiTableContainer-root': { overflow: 'visible !important' },
  '.MuiTableCell-root': { color: '#000 !important', borderColor: '#bbb !important', padding: '3px 6px !important' },
  'a, .MuiLink-root': { color: 'inherit !important', textDecoration: 'none !important' },
  'tr, .MuiTableRow-root': { breakInside: 'avoid' },
  thead: { display: 'table-header-group' },
};

export interface ReportFrameProps {
  title: string;
  /** The period in words, e.g. "1 Jan 2026 – 31 Dec 2026" or "As at 5 May 2026". */
  period: string;
  /** Opens the period filter; without it there is no Period button (a report filtered by its toolbar only). */
  onPeriod?: () => void;
  /** The rows of the CSV file, header first; null while there is nothing to export. */
  csv: () => CsvValue[][] | null;
  csvName: string;
  isFetching?: boolean;
  /** Controls beside the buttons (an account picker, a switch). */
  toolbar?: ReactNode;
  /**
   * The report's file endpoint of the contracts (`produces`): the Excel button calls it with `exportQuery` and
   * format=xlsx and saves `<csvName>.xlsx`. Without it there is no Excel button.
   */
  exportEndpoint?: Endpoint & { produces: readonly string[] };
  /** The query of `exportEndpoint` (the report's filters, without format). */
  exportQuery?: Query;
  children: ReactNode;
}

export function ReportFrame({ title, period, onPeriod, csv, csvName, isFetching, toolbar, exportEndpoint, exportQuery, children }: ReportFrameProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const company = useCompanyName();
  // The time on paper is the time of printing, not of opening the page.
  const [printedAt, setPrintedAt] = useState(() => new Date());
  useEffect(() => {
    // flushSync: the print layout is taken right after this event, before React would render.
    const stamp = () => flushSync(() => setPrintedAt(new Date()));
    window.addEventListener('beforeprint', stamp);
    return () => window.removeEventListener('beforeprint', stamp);
  }, []);

  const exportCsv = () => {
    const rows = csv();
    if (!rows) return;
    saveBlob(new Blob([`\uFEFF${csvText(rows)}`], { type: 'text/csv;charset=utf-8' }), `${csvName}.csv`);
  };

  const [isDownloading, setDownloading] = useState(false);
  const canExport = Boolean(exportEndpoint);
  const fetchXlsx = (): Promise<Blob> => callEndpoint(exportEndpoint as Endpoint, { query: { ...exportQuery, format: 'xlsx' } } as never) as Promise<Blob>;
  const exportXlsx = async () => {
    if (!canExport) return;
    setDownloading(true);
    try {
      saveBlob(await fetchXlsx(), `${csvName}.xlsx`);
    } catch {
      // The api client has told the user why.
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <PrintStyles page={{ margin: '12mm' }} rules={reportPrintRules} />
      <Box className={PRINT_ONLY} sx={{ mb: 2, pb: 1, borderBottom: '2px solid #000' }}>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
          {company}
        </Typography>
        <Typography variant="h6" component="p">
          {title}
        </Typography>
        <Typography variant="body2" component="p">
          {period}
        </Typography>
        <Typography variant="caption" component="p">
          {t('finance.report.printedAt', { date: formatDateTime(printedAt, lang) })}
        </Typography>
      </Box>
      <Box className={NO_PRINT}>
        <PageHeader
          title={title}
          subtitle={period}
          actions={
            <>
              {onPeriod && (
                <Button variant="outlined" startIcon={<FilterListIcon />} onClick={onPeriod}>
                  {t('finance.report.period')}
                </Button>
              )}
              <Button variant="outlined" startIcon={<FileDownloadIcon />} onClick={exportCsv}>
                {t('finance.report.csv')}
              </Button>
              {canExport && (
                <Button variant="outlined" startIcon={<TableViewIcon />} onClick={exportXlsx} disabled={isDownloading}>
                  {t('financeReports.excel')}
                </Button>
              )}
              <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
                {t('finance.report.print')}
              </Button>
            </>
          }
        />
        {toolbar && (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
            {toolbar}
          </Stack>
        )}
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label={t('table.loading')} />}</Box>
      </Box>
      {children}
    </>
  );
}

/**
 * An amount of a report that opens the account statement for the period (drill-down); zero shows as
 * an empty cell unless `showZero`. Without the statement privilege it is plain text.
 */
export function Figure({
  value,
  to,
  label,
  showZero,
  negativeColor,
}: {
  value: string | null | undefined;
  to?: string | null;
  label?: string;
  showZero?: boolean;
  negativeColor?: boolean;
}) {
  const { can } = useSession();
  if (!showZero && !isNonZero(value)) return null;
  const text = <MoneyText value={value} negativeColor={negativeColor} />;
  if (!to || !can(STATEMENT_PRIVILEGE)) return text;
  return (
    <Link component={RouterLink} to={to} underline="hover" aria-label={label} sx={{ color: 'inherit' }}>
      {text}
    </Link>
  );
}
