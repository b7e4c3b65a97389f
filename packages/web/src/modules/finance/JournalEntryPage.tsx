// /finance/general-journal/:id: one posted entry (GET /api/finance/transaction/:id): its header, its
// lines with their totals, and the links between an entry and its reversal ('Reversed by' /
// 'Reverses'). Reverse posts the mirror entry after asking for its date and memo; an entry that was
// reversed, or is itself a reversal, cannot be reversed again (the server refuses it as well).
import { type ReactNode, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import UndoIcon from '@mui/icons-material/Undo';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { EntryStateChips, entryState, useSourceLabel } from './EntryParts.tsx';
import { financePrivileges as p } from './finance.access.ts';
import { entryLink, partyText, statementLink } from './finance.logic.ts';
import { isNonZero } from '../../lib/format.ts';
import { useJournalEntry } from './finance.queries.ts';
import { ReverseEntryDialog } from './ReverseEntryDialog.tsx';
import { EntryAttachments } from '../treasury/index.ts';
import { DocumentGate } from '../../components/DocumentGate.tsx';

function LinkedEntry({ id, label }: { id: number; label: string }) {
  const linked = useJournalEntry(id);
  return (
    <Typography variant="body2">
      {label}{' '}
      <Link component={RouterLink} to={entryLink(id)} sx={{ fontWeight: 500 }}>
        {linked.data?.number ?? `#${id}`}
      </Link>
      {linked.data && (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {' '}
          (<DateText value={linked.data.date} />)
        </Box>
      )}
    </Typography>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body1" component="div">
        {children ?? '—'}
      </Typography>
    </Grid>
  );
}

export default function JournalEntryPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const sourceLabel = useSourceLabel();
  const { id: rawId } = useParams();
  const id = rawId && /^[1-9]\d{0,15}$/.test(rawId) ? Number(rawId) : null;
  const entry = useJournalEntry(id);
  const [isReversing, setReversing] = useState(false);
  const mayReadStatement = can(p.statement);

  const back = (
    <Button component={RouterLink} to="/finance/general-journal?tab=list" startIcon={<ArrowBackIcon />}>
      {t('finance.entry.backToJournal')}
    </Button>
  );

  return (
    <DocumentGate
      id={id}
      queries={[entry]}
      data={entry.data}
      title={t('finance.entry.title')}
      back={back}
      notFound={t('finance.entry.notFound')}
      loadFailed={t('finance.entry.loadFailed')}
      height={240}
    >
      {(e) => {
        const isReversible = e.reversedById === null && e.reversesId === null;
        const reverseBlocked = e.reversedById !== null ? t('finance.entry.alreadyReversed') : e.reversesId !== null ? t('finance.entry.isReversal') : '';

        return (
          <>
            <PageHeader
              title={t('finance.entry.titleNumber', { number: e.number })}
              subtitle={<EntryStateChips {...entryState(e)} />}
              actions={
                <>
                  {back}
                  {can(p.journal) && (
                    <Tooltip title={reverseBlocked}>
                      <span>
                        <Button variant="contained" color="warning" startIcon={<UndoIcon />} onClick={() => setReversing(true)} disabled={!isReversible}>
                          {t('finance.entry.reverse')}
                        </Button>
                      </span>
                    </Tooltip>
                  )}
                </>
              }
            />
            <Paper sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
              <Grid container spacing={2}>
                <Field label={t('finance.journal.date')}>
                  <DateText value={e.date} dateStyle="long" />
                </Field>
                <Field label={t('finance.journal.reference')}>{e.reference}</Field>
                <Field label={t('finance.journal.source')}>{sourceLabel(e.sourceType)}</Field>
                <Field label={t('finance.journal.memo')}>{e.memo}</Field>
                <Field label={t('finance.journal.postedBy')}>{e.userName}</Field>
                <Field label={t('finance.entry.postedAt')}>
                  <DateText value={e.createdAt} withTime />
                </Field>
              </Grid>
              {(e.reversedById !== null || e.reversesId !== null) && (
                <Box sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>
                  {e.reversedById !== null && <LinkedEntry id={e.reversedById} label={t('finance.entry.reversedBy')} />}
                  {e.reversesId !== null && <LinkedEntry id={e.reversesId} label={t('finance.entry.reverses')} />}
                </Box>
              )}
            </Paper>
            <Paper>
              <TableContainer>
                <Table size="small" aria-label={t('finance.journal.linesTitle')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('finance.journal.account')}</TableCell>
                      <TableCell>{t('finance.journal.party')}</TableCell>
                      <TableCell>{t('finance.journal.lineMemo')}</TableCell>
                      <TableCell align="right">{t('finance.debit')}</TableCell>
                      <TableCell align="right">{t('finance.credit')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {e.lines.map((l) => (
                      <TableRow key={l.id} hover>
                        <TableCell>
                          {mayReadStatement ? (
                            <Link component={RouterLink} to={statementLink(l.accountId, { startDate: e.date, endDate: e.date })} underline="hover">
                              {l.accountCode} · {l.accountName}
                            </Link>
                          ) : (
                            `${l.accountCode} · ${l.accountName}`
                          )}
                        </TableCell>
                        <TableCell>{partyText(l, t)}</TableCell>
                        <TableCell>{l.memo}</TableCell>
                        <TableCell align="right">{isNonZero(l.debit) && <MoneyText value={l.debit} />}</TableCell>
                        <TableCell align="right">{isNonZero(l.credit) && <MoneyText value={l.credit} />}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                  <TableFooter>
                    <TableRow sx={{ '& td': { fontWeight: 600, color: 'text.primary', fontSize: '0.9rem' } }}>
                      <TableCell colSpan={3} align="right">
                        {t('finance.journal.totals')}
                      </TableCell>
                      <TableCell align="right">
                        <MoneyText value={e.total} />
                      </TableCell>
                      <TableCell align="right">
                        <MoneyText value={e.total} />
                      </TableCell>
                    </TableRow>
                  </TableFooter>
                </Table>
              </TableContainer>
            </Paper>
            <EntryAttachments entryId={e.id} />
            <ReverseEntryDialog entry={e} open={isReversing} onClose={() => setReversing(false)} />
          </>
        );
      }}
    </DocumentGate>
  );
}
