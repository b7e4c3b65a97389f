// /customers/houses/:id: one house with its customer, zone, class, tariff in force today, connection
// status and installed meter; the meter history (every meter it had, with installation and final
// readings) and the connection history (who connected or disconnected it, when and why). Edit,
// disconnect or reconnect and replace the meter from here.
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { HouseDetail } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DateText } from '../../components/DateText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useDetailQuery } from '../../lib/queries.ts';
import { billingPrivileges as p } from './billing.access.ts';
import { HOUSES_PATH } from './billing.queries.ts';
import { classText, LastReadingText, MeterNumber, TariffText } from './HouseParts.tsx';
import { houseLabel } from './house.logic.ts';
import { useHouseActions } from './useHouseActions.tsx';
import { HouseHistory } from './HouseHistory.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body1" component="div">
        {children}
      </Typography>
    </Grid>
  );
}

export default function HousePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const { id } = useParams();
  const house = useDetailQuery<HouseDetail>(HOUSES_PATH, id);
  const { dialogs, canEdit, openEdit, openStatus, openReplace } = useHouseActions();
  const h = house.data;

  if (house.isError) {
    return (
      <Alert severity="error" action={<Button onClick={() => navigate('/customers/houses')}>{t('billing.houses.backToList')}</Button>}>
        {t('billing.houses.notFound')}
      </Alert>
    );
  }
  if (!h) return <Skeleton variant="rounded" height={420} />;

  const customerName = `${h.customerNo} · ${h.customerName}`;
  return (
    <>
      <PageHeader
        title={t('billing.houses.pageTitle', { house: houseLabel(h), meter: h.meterNumber })}
        subtitle={t('billing.houses.pageSubtitle', { customer: customerName, zone: h.zoneName })}
        actions={
          <>
            <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('/customers/houses')}>
              {t('billing.houses.backToList')}
            </Button>
            {canEdit && (
              <>
                <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => openEdit(h)}>
                  {t('common.edit')}
                </Button>
                <Button variant="outlined" startIcon={<SwapHorizIcon />} onClick={() => openReplace(h)}>
                  {t('billing.houses.replace')}
                </Button>
                {h.status === 'Connected' ? (
                  <Button variant="outlined" color="error" startIcon={<LinkOffIcon />} onClick={() => openStatus(h)}>
                    {t('billing.houses.disconnect')}
                  </Button>
                ) : (
                  <Button variant="contained" color="success" startIcon={<LinkIcon />} onClick={() => openStatus(h)}>
                    {t('billing.houses.reconnect')}
                  </Button>
                )}
              </>
            )}
          </>
        }
      />
      <Paper component="section" aria-label={t('billing.houses.details')} sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        <Grid container spacing={2.5}>
          <Fact label={t('billing.houses.customer')}>
            {can(p.customers) ? (
              <Link component={RouterLink} to={`/customers/${h.customerId}`}>
                {customerName}
              </Link>
            ) : (
              customerName
            )}
          </Fact>
          <Fact label={t('billing.status')}>
            <StatusChip status={h.status} />
          </Fact>
          <Fact label={t('billing.zone')}>{h.zoneName}</Fact>
          <Fact label={t('billing.houses.houseNo')}>{h.houseNo ?? '—'}</Fact>
          <Fact label={t('billing.houses.address')}>{h.address ?? '—'}</Fact>
          <Fact label={t('billing.class.label')}>{classText(t, h)}</Fact>
          <Fact label={t('billing.houses.tariff')}>
            <TariffText house={h} />
          </Fact>
          <Fact label={t('billing.houses.meterNumber')}>
            <MeterNumber value={h.meterNumber} />{' '}
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
              {t('billing.houses.digitsN', { n: h.meterDigits })}
            </Typography>
          </Fact>
          <Fact label={t('billing.houses.lastReading')}>
            <LastReadingText house={h} />
          </Fact>
        </Grid>
      </Paper>
      <Grid container spacing={3}>
        <Grid size={12}>
          <Paper component="section" aria-labelledby="meter-history" sx={{ p: { xs: 2, md: 3 } }}>
            <Typography id="meter-history" variant="h6" component="h3" sx={{ mb: 1 }}>
              {t('billing.houses.meterHistory')}
            </Typography>
            <Table size="small" aria-labelledby="meter-history">
              <TableHead>
                <TableRow>
                  <TableCell>{t('billing.houses.meterNumber')}</TableCell>
                  <TableCell align="right">{t('billing.houses.digits')}</TableCell>
                  <TableCell>{t('billing.houses.installedOn')}</TableCell>
                  <TableCell align="right">{t('billing.houses.initialReading')}</TableCell>
                  <TableCell>{t('billing.houses.removedOn')}</TableCell>
                  <TableCell align="right">{t('billing.houses.finalReading')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {[...h.meters].reverse().map((m) => (
                  <TableRow key={m.id}>
                    <TableCell>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <MeterNumber value={m.meterNumber} />
                        {m.removedOn === null && <Chip size="small" color="success" label={t('billing.houses.current')} />}
                      </Stack>
                    </TableCell>
                    <TableCell align="right">{m.digits}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <DateText value={m.installedOn} />
                    </TableCell>
                    <TableCell align="right">{m.initialReading}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{m.removedOn ? <DateText value={m.removedOn} /> : '—'}</TableCell>
                    <TableCell align="right">{m.finalReading ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        </Grid>
        <Grid size={12}>
          <Paper component="section" aria-labelledby="status-history" sx={{ p: { xs: 2, md: 3 } }}>
            <Typography id="status-history" variant="h6" component="h3" sx={{ mb: 1 }}>
              {t('billing.houses.statusHistory')}
            </Typography>
            {h.statusHistory.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('billing.houses.noStatusChanges')}
              </Typography>
            ) : (
              <Table size="small" aria-labelledby="status-history">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('billing.houses.when')}</TableCell>
                    <TableCell>{t('billing.status')}</TableCell>
                    <TableCell>{t('billing.houses.reason')}</TableCell>
                    <TableCell>{t('billing.houses.by')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {h.statusHistory.map((s, i) => (
                    <TableRow key={`${i}-${s.at}`}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <DateText value={s.at} withTime />
                      </TableCell>
                      <TableCell>
                        <StatusChip status={s.status} />
                      </TableCell>
                      <TableCell>{s.reason ?? '—'}</TableCell>
                      <TableCell>{s.username ?? ''}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Paper>
        </Grid>
        <Grid size={12}>
          <HouseHistory houseId={h.id} />
        </Grid>
      </Grid>
      <Box>{dialogs}</Box>
    </>
  );
}
