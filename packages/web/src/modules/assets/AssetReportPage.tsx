// /assets/report: the register as at a date (each asset's cost, accumulated depreciation and net book
// value; totals by category and by branch) and the additions and disposals of a period, each with its CSV,
// Excel and PDF file from the server.
import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { assetsEndpoints } from '@ubo/contracts';
import { DateField } from '../../components/DateField.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { callEndpoint, downloadEndpoint } from '../../lib/api.ts';
import { useAssetsQuery } from './assets.queries.ts';

const today = () => new Date().toISOString().slice(0, 10);
const yearStart = () => `${new Date().getUTCFullYear()}-01-01`;

function Figures(props: {
  rows: Array<{ name: string; assets?: number; cost: string; accumulated: string; netBookValue: string }>;
  first: string;
  bold?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{props.first}</TableCell>
          <TableCell align="right">{t('assets.field.cost')}</TableCell>
          <TableCell align="right">{t('assets.field.accumulated')}</TableCell>
          <TableCell align="right">{t('assets.field.netBookValue')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {props.rows.map((r, i) => (
          <TableRow key={i} sx={r.name === t('assets.report.total') ? { '& td': { fontWeight: 700 } } : undefined}>
            <TableCell>{r.assets === undefined ? r.name : `${r.name} (${r.assets})`}</TableCell>
            <TableCell align="right">
              <MoneyText value={r.cost} />
            </TableCell>
            <TableCell align="right">
              <MoneyText value={r.accumulated} />
            </TableCell>
            <TableCell align="right">
              <MoneyText value={r.netBookValue} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export default function AssetReportPage() {
  const { t } = useTranslation();
  const [date, setDate] = useState(today());
  const [start, setStart] = useState(yearStart());
  const [end, setEnd] = useState(today());
  const validDate = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d);
  const register = useAssetsQuery(['register', date], () => callEndpoint(assetsEndpoints.registerReport, { query: { date } }), validDate(date));
  const moves = useAssetsQuery(
    ['movements', start, end],
    () => callEndpoint(assetsEndpoints.movements, { query: { startDate: start, endDate: end } }),
    validDate(start) && validDate(end) && start <= end,
  );
  const r = register.data;
  const m = moves.data;
  return (
    <>
      <PageHeader title={t('assets.report.title')} subtitle={t('assets.report.subtitle')} />
      <Paper sx={{ p: 2.5 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Typography variant="h6" sx={{ flex: 1 }}>
            {t('assets.report.register')}
          </Typography>
          <DateField size="small" name="date" label={t('assets.report.asAt')} value={date} onChange={setDate} />
          <Button onClick={() => downloadEndpoint(assetsEndpoints.registerExport, { query: { date, format: 'csv' } }, `asset-register-${date}.csv`)}>
            {t('assets.report.csv')}
          </Button>
          <Button onClick={() => downloadEndpoint(assetsEndpoints.registerExport, { query: { date, format: 'xlsx' } }, `asset-register-${date}.xlsx`)}>
            {t('assets.report.xlsx')}
          </Button>
          <Button onClick={() => downloadEndpoint(assetsEndpoints.registerPdf, { query: { date } }, `asset-register-${date}.pdf`)}>
            {t('assets.report.pdf')}
          </Button>
        </Stack>
        {r && (
          <>
            <Table size="small" sx={{ mt: 1 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('assets.field.tag')}</TableCell>
                  <TableCell>{t('assets.field.name')}</TableCell>
                  <TableCell>{t('assets.field.category')}</TableCell>
                  <TableCell>{t('assets.field.branch')}</TableCell>
                  <TableCell align="right">{t('assets.field.cost')}</TableCell>
                  <TableCell align="right">{t('assets.field.accumulated')}</TableCell>
                  <TableCell align="right">{t('assets.field.netBookValue')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {r.rows.map((x) => (
                  <TableRow key={x.assetId}>
                    <TableCell>{x.tag}</TableCell>
                    <TableCell>{x.name}</TableCell>
                    <TableCell>{x.category}</TableCell>
                    <TableCell>{x.branch}</TableCell>
                    <TableCell align="right">
                      <MoneyText value={x.cost} />
                    </TableCell>
                    <TableCell align="right">
                      <MoneyText value={x.accumulated} />
                    </TableCell>
                    <TableCell align="right">
                      <MoneyText value={x.netBookValue} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 2 }}>
              <Figures first={t('assets.report.byCategory')} rows={[...r.byCategory, { name: t('assets.report.total'), ...r.totals }]} />
              <Figures first={t('assets.report.byBranch')} rows={[...r.byBranch, { name: t('assets.report.total'), ...r.totals }]} />
            </Stack>
          </>
        )}
      </Paper>
      <Paper sx={{ p: 2.5, mt: 2 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Typography variant="h6" sx={{ flex: 1 }}>
            {t('assets.report.movements')}
          </Typography>
          <DateField size="small" name="startDate" label={t('assets.report.from')} value={start} onChange={setStart} />
          <DateField size="small" name="endDate" label={t('assets.report.to')} value={end} onChange={setEnd} />
          {(['csv', 'xlsx'] as const).map((format) => (
            <Button
              key={format}
              onClick={() =>
                downloadEndpoint(
                  assetsEndpoints.movementsExport,
                  { query: { startDate: start, endDate: end, format } },
                  `asset-movements-${start}-${end}.${format}`,
                )
              }
            >
              {t(`assets.report.${format}`)}
            </Button>
          ))}
          <Button
            onClick={() => downloadEndpoint(assetsEndpoints.movementsPdf, { query: { startDate: start, endDate: end } }, `asset-movements-${start}-${end}.pdf`)}
          >
            {t('assets.report.pdf')}
          </Button>
        </Stack>
        {m && (
          <Table size="small" sx={{ mt: 1 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('assets.field.date')}</TableCell>
                <TableCell>{t('assets.field.tag')}</TableCell>
                <TableCell>{t('assets.field.name')}</TableCell>
                <TableCell>{t('assets.field.category')}</TableCell>
                <TableCell align="right">{t('assets.field.cost')}</TableCell>
                <TableCell align="right">{t('assets.field.proceeds')}</TableCell>
                <TableCell align="right">{t('assets.report.gainLoss')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              <TableRow>
                <TableCell colSpan={7} sx={{ fontWeight: 700 }}>
                  {t('assets.report.additions')}
                </TableCell>
              </TableRow>
              {m.additions.map((a) => (
                <TableRow key={`a${a.assetId}`}>
                  <TableCell>{a.date}</TableCell>
                  <TableCell>{a.tag}</TableCell>
                  <TableCell>{a.name}</TableCell>
                  <TableCell>{a.category}</TableCell>
                  <TableCell align="right">
                    <MoneyText value={a.cost} />
                  </TableCell>
                  <TableCell colSpan={2}>{t(`assets.report.source.${a.source}`)}</TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell colSpan={7} sx={{ fontWeight: 700 }}>
                  {t('assets.report.disposals')}
                </TableCell>
              </TableRow>
              {m.disposals.map((d) => (
                <TableRow key={`d${d.assetId}`}>
                  <TableCell>{d.date}</TableCell>
                  <TableCell>{d.tag}</TableCell>
                  <TableCell>{d.name}</TableCell>
                  <TableCell>{d.category}</TableCell>
                  <TableCell align="right">
                    <MoneyText value={d.cost} />
                  </TableCell>
                  <TableCell align="right">
                    <MoneyText value={d.proceeds} />
                  </TableCell>
                  <TableCell align="right">
                    <MoneyText value={d.gainLoss} negativeColor />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Paper>
    </>
  );
}
