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
    // Libraries in their own chunks: they change less often than the app, so browsers keep them cached.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/ },
            { name: 'mui', test: /node_modules[\\/](@mui(?![\\/]x-)|@emotion|@popperjs|react-transition-group|stylis|clsx|notistack|goober)[\\/]/ },
            // Not the chart library (@mui/x-*, d3 and what only they use): it stays in the lazily loaded
            // chunks of the pages that draw charts, out of the first load.
            { name: 'vendor', test: /node_modules[\\/](?!@mui[\\/]x-|d3-|internmap|flatqueue|bezier-easing|reselect|@base-ui|@floating-ui)/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: true } },
  },
});
