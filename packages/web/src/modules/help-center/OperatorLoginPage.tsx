// /operator/login: the installation operators' own sign-in (user name and password, no organisation code).
// Their token is kept apart from any staff token (lib/storage.ts) and opens only the operator screen.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { operatorEndpoints } from '@ubo/contracts';
import { ApiError, api } from '../../lib/api.ts';
import { setOperatorToken } from '../../lib/storage.ts';

export default function OperatorLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const session = await api.call(operatorEndpoints.login, { body: { username, password } }, { signIn: true, silent: true, operator: true });
      setOperatorToken(session.token);
      navigate('/operator', { replace: true });
    } catch (err) {
      setError(err instanceof ApiError ? (err.details[0]?.message ?? err.message) : t('api.genericError'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Container maxWidth="xs" sx={{ py: 8 }}>
      <Paper sx={{ p: 4 }}>
        <Stack
          spacing={2.5}
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <SupportAgentIcon color="primary" />
            <Typography variant="h5" component="h1">
              {t('helpCenter.operator.signInTitle')}
            </Typography>
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('helpCenter.operator.signInSubtitle')}
          </Typography>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <TextField
            label={t('helpCenter.operator.username')}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoComplete="username"
            required
          />
          <TextField
            label={t('helpCenter.operator.password')}
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            required
          />
          <Button type="submit" variant="contained" disabled={busy}>
            {t('helpCenter.operator.signIn')}
          </Button>
          <Link component={RouterLink} to="/auth/login" variant="body2">
            {t('helpCenter.operator.staffLogin')}
          </Link>
        </Stack>
      </Paper>
    </Container>
  );
}
