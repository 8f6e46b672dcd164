import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const serverPort = Number(process.env.PORT ?? 4173);

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/web',
    target: ['es2022', 'safari16', 'chrome100'],
    manifest: true,
    sourcemap: 'hidden',
    // Locale chunks are tiny JSON modules; keep them out of the modulepreload list of the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // One chunk per language and namespace, named so that budgets and tests can tell them apart.
        chunkFileNames: (chunk) => {
          const locale = /\/locales\/(\w+)\/(\w+)\.json$/.exec(chunk.facadeModuleId ?? '');
          return locale ? `assets/locales/${locale[1]}/${locale[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: {
    // `npm run dev`: the Vite dev server in front of a running backend (`npm run dev:server`).
    proxy: {
      '/api': `http://127.0.0.1:${serverPort}`,
      '/oauth': `http://127.0.0.1:${serverPort}`,
      '/.well-known': `http://127.0.0.1:${serverPort}`,
    },
  },
});
