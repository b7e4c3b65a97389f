// Route guards. RequireAuth: no token -> sign-in; while the profile loads a spinner; a forced password
// change -> change-password?action=required; a `route` in the profile -> that screen with
// ?action=must (once per profile load). RequirePrivilege: a missing privilege -> #/error/403.
import { type ReactNode, useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ErrorPage } from './pages/ErrorPage.tsx';
import { type PrivilegeCheck, useSession } from './session.tsx';

export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}
    >
      <CircularProgress />
      <Typography sx={{ color: 'text.secondary' }}>{t('app.loading')}</Typography>
    </Box>
  );
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const { token, user, isError, loadedAt } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const forcedFor = useRef(0);

  useEffect(() => {
    if (!user?.route || user.mustChangePassword || forcedFor.current === loadedAt) return;
    forcedFor.current = loadedAt;
    if (location.pathname.toLowerCase() !== user.route.toLowerCase()) navigate(`${user.route}?action=must`, { replace: true });
  }, [user, loadedAt, location.pathname, navigate]);

  if (!token) return <Navigate to="/auth/login" replace />;
  if (!user) return isError ? <ErrorPage code={500} /> : <FullPageLoader />;
  if (user.mustChangePassword) return <Navigate to="/auth/change-password?action=required" replace />;
  return <>{children}</>;
}

export function RequirePrivilege({ privilege, children }: { privilege: PrivilegeCheck; children: ReactNode }) {
  const { can } = useSession();
  if (!can(privilege)) return <Navigate to="/error/403" replace />;
  return <>{children}</>;
}
