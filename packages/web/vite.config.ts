// Vite build of the web app. @ubo/contracts is a workspace package whose exports point at its
// TypeScript source (node_modules/@ubo/contracts is a symlink), so Vite compiles it with the app.
// In development (`npm run dev` at the root) the API runs on PORT (default 3000) and /api is proxied to it.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Contracts modules only define schemas, types and texts: one whose exports the app does not use is
      // left out (the sign-in page needs the auth schema, not every module's). common/validation.ts
      // installs zod's message mapping when imported, so it always stays.
      treeshake: {
        moduleSideEffects: [
          { test: /packages[\\/]contracts[\\/]src[\\/]common[\\/]validation\.ts$/, sideEffects: true },
          { test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
          // The same for the web's modules: what a module's index.ts exports for other modules is left out
          // of the first load (app/modules.ts only needs each module's routes and dashboard panels).
          { test: /packages[\\/]web[\\/]src[\\/]modules[\\/]/, sideEffects: false },
          // decimal.js (no sideEffects field of its own) and lib/money.ts, which format.ts re-exports: without
          // these two lines, format.ts (in the first load for dates and numbers) drags decimal.js into it.
          { test: /packages[\\/]web[\\/]src[\\/]lib[\\/]money\.ts$/, sideEffects: false },
          { test: /node_modules[\\/]decimal\.js[\\/]/, sideEffects: false },
        ],
      },
      output: {
        // React, ReactDOM and the router in one chunk: every screen needs them and they change less often
        // than the app, so browsers keep them cached. Everything else (MUI included) is split by where it
        // is used, so a page's components load with the page (issue 13: the first load was 413 kB
        // gzipped when all of MUI and every library sat in chunks index.html preloaded).
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: true } },
  },
});
