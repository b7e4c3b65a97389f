// /operator and /operator/tickets/:id: the support desk of the installation's operators. Every
// organisation's tickets (waiting for support first), a ticket's conversation and the reply box. Every
// call carries the operator's token only (api option `operator`); without one the page sends them to
// /operator/login. No organisation's user can open these routes' data: the server refuses their tokens.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { operatorEndpoints } from '@ubo/contracts';
import { LanguageSelect } from '../../app/layout/LanguageSelect.tsx';
import { ApiError, api, saveBlob, toast } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { getOperatorToken, setOperatorToken } from '../../lib/storage.ts';
import { TicketStatusChip, TicketThread } from './TicketParts.tsx';

const asOperator = { operator: true } as const;

function TicketPane({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const client = useQueryClient();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ticket = useQuery({
    queryKey: ['operator', 'ticket', id],
    queryFn: ({ signal }) => api.call(operatorEndpoints.ticket, { params: { id } }, { ...asOperator, signal }),
  });
  const send = useMutation({
    mutationFn: () => api.call(operatorEndpoints.reply, { params: { id }, body: { body: reply } }, { ...asOperator, silent: true }),
    onSuccess: async (d) => {
      client.setQueryData(['operator', 'ticket', id], d);
      setReply('');
      setError(null);
      toast(t('helpCenter.operator.replied'), 'success');
      await client.invalidateQueries({ queryKey: ['operator', 'tickets'] });
    },
    onError: (err) => setError(err instanceof ApiError ? (err.details[0]?.message ?? err.message) : t('api.genericError')),
  });
  const d = ticket.data;
  if (!d) return null;
  return (
    <Paper sx={{ p: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          #{d.id} · {d.subject}
        </Typography>
        <TicketStatusChip status={d.status} />
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {d.organisationCode} {d.organisationName} · {t(`helpCenter.category.${d.category}`)} · {t(`helpCenter.priority.${d.priority}`)}
      </Typography>
      <TicketThread description={d.description} author={d.createdBy} createdAt={d.createdAt} thread={d.thread} />
      {d.files.length > 0 && (
        <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap' }}>
          {d.files.map((f) => (
            <Link
              key={f.id}
              component="button"
              onClick={() => api.call(operatorEndpoints.file, { params: { id: f.id } }, asOperator).then((blob) => saveBlob(blob, f.filename))}
            >
              {f.filename} · {formatDateTime(f.createdAt, lang)}
            </Link>
          ))}
        </Stack>
      )}
      {d.status !== 'Closed' && (
        <Stack spacing={1.5} sx={{ mt: 3 }}>
          <TextField
            label={t('helpCenter.page.reply')}
            value={reply}
            onChange={(e) => setReply(e.target.value)}
            multiline
            minRows={3}
            error={error !== null}
            helperText={error ?? t('helpCenter.operator.replyHelp')}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button variant="contained" onClick={() => send.mutate()} disabled={send.isPending}>
              {t('helpCenter.page.send')}
            </Button>
          </Box>
        </Stack>
      )}
    </Paper>
  );
}

export default function OperatorDeskPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { id } = useParams();
  const [tab, setTab] = useState<'open' | 'all'>('open');
  const hasToken = getOperatorToken() !== null;
  const me = useQuery({
    queryKey: ['operator', 'me'],
    queryFn: ({ signal }) => api.call(operatorEndpoints.me, undefined, { ...asOperator, signal }),
    enabled: hasToken,
  });
  const tickets = useQuery({
    queryKey: ['operator', 'tickets', tab],
    queryFn: ({ signal }) => api.call(operatorEndpoints.tickets, { query: tab === 'open' ? { open: '1' } : {} }, { ...asOperator, signal }),
    enabled: hasToken,
  });
  if (!hasToken) return <Navigate to="/operator/login" replace />;
  const signOut = async () => {
    await api.call(operatorEndpoints.logout, undefined, { ...asOperator, silent: true }).catch(() => undefined);
    setOperatorToken(null);
    navigate('/operator/login', { replace: true });
  };
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="static" color="primary" elevation={0}>
        <Toolbar sx={{ gap: 2 }}>
          <SupportAgentIcon />
          <Typography variant="h6" component="h1" sx={{ flex: 1 }}>
            {t('helpCenter.operator.title')}
          </Typography>
          <Box sx={{ bgcolor: 'background.paper', borderRadius: 1 }}>
            <LanguageSelect />
          </Box>
          {me.data && <Typography variant="body2">{me.data.fullname}</Typography>}
          <Button color="inherit" onClick={() => void signOut()}>
            {t('helpCenter.operator.signOut')}
          </Button>
        </Toolbar>
      </AppBar>
      <Container maxWidth="lg" sx={{ py: 3 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('helpCenter.operator.subtitle')}
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
          <Paper sx={{ width: { xs: '100%', md: 380 }, flexShrink: 0 }}>
            <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="fullWidth">
              <Tab value="open" label={t('helpCenter.operator.openOnly')} />
              <Tab value="all" label={t('helpCenter.operator.all')} />
            </Tabs>
            {tickets.data && tickets.data.data.length === 0 && (
              <Alert severity="success" sx={{ m: 2 }}>
                {t(tab === 'open' ? 'helpCenter.operator.noneWaiting' : 'helpCenter.list.empty')}
              </Alert>
            )}
            <List dense data-testid="operator-tickets">
              {tickets.data?.data.map((r) => (
                <ListItemButton key={r.id} selected={String(r.id) === id} onClick={() => navigate(`/operator/tickets/${r.id}`)}>
                  <ListItemText
                    primary={`#${r.id} · ${r.subject}`}
                    secondary={`${r.organisationCode} ${r.organisationName} · ${t(`helpCenter.status.${r.status}`)} · ${formatDateTime(r.updatedAt, lang)}`}
                  />
                </ListItemButton>
              ))}
            </List>
          </Paper>
          <Box sx={{ flex: 1, width: '100%' }}>{id ? <TicketPane key={id} id={Number(id)} /> : null}</Box>
        </Stack>
      </Container>
    </Box>
  );
}
