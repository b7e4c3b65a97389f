// The hash routes (spec section 2): '' -> /dashboard; auth/login, auth/change-password, auth/expired;
// error, error/401|403|404|500 and error/* (404); signed-in screens inside the layout, module routes
// lazy and privilege-guarded; any unknown path -> /error.
import { Navigate, Outlet, type RouteObject, ScrollRestoration, createHashRouter } from 'react-router';
import { ActionLoader } from './ActionLoader.tsx';
import { RequireAuth, RequirePrivilege } from './guards.tsx';
import { Layout } from './layout/Layout.tsx';
import { moduleRoutes } from './modules.ts';
import ChangePasswordPage from './pages/ChangePasswordPage.tsx';
import DashboardPage from './pages/DashboardPage.tsx';
import { ErrorPage, RouteErrorPage } from './pages/ErrorPage.tsx';
import ExpiredPage from './pages/ExpiredPage.tsx';
import LoginPage from './pages/LoginPage.tsx';
import { SessionProvider } from './session.tsx';
import type { RouteHandle } from './layout/usePageTitle.ts';

function Root() {
  return (
    <SessionProvider>
      <ScrollRestoration />
      <Outlet />
      <ActionLoader />
    </SessionProvider>
  );
}

const title = (key: string): RouteHandle => ({ title: key });

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: 'auth/login', element: <LoginPage /> },
      { path: 'auth/change-password', element: <ChangePasswordPage /> },
      { path: 'auth/expired', element: <ExpiredPage /> },
      {
        path: 'error',
        children: [
          { index: true, element: <ErrorPage code={404} /> },
          { path: '401', element: <ErrorPage code={401} /> },
          { path: '403', element: <ErrorPage code={403} /> },
          { path: '404', element: <ErrorPage code={404} /> },
          { path: '500', element: <ErrorPage code={500} /> },
          { path: '*', element: <ErrorPage code={404} /> },
        ],
      },
      {
        element: (
          <RequireAuth>
            <Layout />
          </RequireAuth>
        ),
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          { path: 'dashboard', element: <DashboardPage />, handle: title('nav.dashboard') },
          ...moduleRoutes.map(
            (r): RouteObject => ({
              path: r.path,
              element: r.privilege ? <RequirePrivilege privilege={r.privilege}>{r.element}</RequirePrivilege> : r.element,
              handle: r.title ? title(r.title) : undefined,
            }),
          ),
        ],
      },
      { path: '*', element: <Navigate to="/error" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(routes);
}
