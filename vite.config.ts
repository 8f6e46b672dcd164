import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compress } from './scripts/vite-compress-plugin.ts';
import { locales } from './scripts/vite-locales-plugin.ts';

const serverPort = Number(process.env.PORT ?? 4173);

export default defineConfig({
  plugins: [react(), locales(), compress()],
  build: {
    outDir: 'dist/web',
    target: ['es2022', 'safari16', 'chrome100'],
    manifest: true,
    sourcemap: 'hidden',
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically ships in the entry itself, not in shared chunks of a few
          // kilobytes that each cost a phone one more request before the first screen
          // (docs/decisions/007-bytes-on-the-wire.md). Route chunks and what only they share stay split.
          groups: [{ name: 'first-load', tags: ['$initial'] }],
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
