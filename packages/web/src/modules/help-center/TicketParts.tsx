// Pieces the staff's and the operators' ticket pages share: the status chip and the conversation.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import PersonIcon from '@mui/icons-material/Person';
import { useTranslation } from 'react-i18next';
import type { TicketMessage, TicketStatus } from '@ubo/contracts';
import { formatDateTime } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';

const colours: Record<TicketStatus, 'warning' | 'success' | 'default'> = { Open: 'warning', Answered: 'success', Closed: 'default' };

export function TicketStatusChip({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={colours[status]} variant={status === 'Closed' ? 'outlined' : 'filled'} label={t(`helpCenter.status.${status}`)} />;
}

export function TicketThread({ description, author, createdAt, thread }: { description: string; author: string; createdAt: string; thread: TicketMessage[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const bubble = (key: string | number, who: string, isSupport: boolean, at: string, body: string) => (
    <Box
      key={key}
      sx={{ display: 'flex', justifyContent: isSupport ? 'flex-start' : 'flex-end' }}
      data-testid={isSupport ? 'support-message' : 'staff-message'}
    >
      <Paper variant="outlined" sx={{ p: 1.5, maxWidth: '85%', bgcolor: isSupport ? 'action.hover' : 'background.paper' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
          {isSupport ? <SupportAgentIcon fontSize="small" color="primary" /> : <PersonIcon fontSize="small" />}
          <Typography variant="subtitle2">{isSupport ? `${who} · ${t('helpCenter.page.support')}` : who}</Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {formatDateTime(at, lang)}
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {body}
        </Typography>
      </Paper>
    </Box>
  );
  return (
    <Stack spacing={1.5}>
      {bubble('d', author, false, createdAt, description)}
      {thread.map((m) => bubble(m.id, m.authorName, m.authorKind === 'operator', m.createdAt, m.body))}
      {!thread.some((m) => m.authorKind === 'operator') && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('helpCenter.page.noMessages')}
        </Typography>
      )}
    </Stack>
  );
}
