// Entry point: i18n first (synchronous, language from localStorage), then the router and the api
// client's hooks (router navigation, cache clearing on 401), then render.
import './app/i18n/index.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createAppRouter } from './app/router.tsx';
import { configureApi } from './lib/api.ts';
import { queryClient } from './lib/queryClient.ts';

const router = createAppRouter();

configureApi({
  navigate: (to) => {
    void router.navigate(to);
  },
  onUnauthorized: () => queryClient.clear(),
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
