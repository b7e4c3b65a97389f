// The hash routes (spec section 2): '' -> /dashboard; auth/login, auth/change-password, auth/expired;
// error, error/401|403|404|500 and error/* (404); signed-in screens inside the layout, module routes
// lazy and privilege-guarded; any unknown path -> /error.
// Every screen is its own chunk (issue 13, first load): index.html loads the providers and this table;
// the sign-in page, the signed-in frame (Layout) and the dashboard load when first shown, so the sign-in
// page never downloads the sidebar, and neither downloads a module's pages.
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject, ScrollRestoration, createHashRouter } from 'react-router';
import { ActionLoader } from './ActionLoader.tsx';
import { ModuleTexts } from './i18n/ModuleTexts.tsx';
import { FullPageLoader, RequireAuth, RequirePrivilege } from './guards.tsx';
import { moduleRoutes, publicModuleRoutes } from './modules.ts';
import { ErrorPage, RouteErrorPage } from './pages/ErrorPage.tsx';
import { SessionProvider } from './session.tsx';

const LoginPage = lazy(() => import('./pages/LoginPage.tsx'));
const ChangePasswordPage = lazy(() => import('./pages/ChangePasswordPage.tsx'));
const ExpiredPage = lazy(() => import('./pages/ExpiredPage.tsx'));
const Layout = lazy(() => import('./layout/Layout.tsx'));
const DashboardPage = lazy(() => import('./pages/DashboardPage.tsx'));
import type { RouteHandle } from './layout/usePageTitle.ts';

function Root() {
  return (
    <SessionProvider>
      <ScrollRestoration />
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
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
      ...publicModuleRoutes.map((r): RouteObject => ({ path: r.path, element: <ModuleTexts>{r.element}</ModuleTexts> })),
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
              element: <ModuleTexts>{r.privilege ? <RequirePrivilege privilege={r.privilege}>{r.element}</RequirePrivilege> : r.element}</ModuleTexts>,
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
