import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compress } from './scripts/vite-compress-plugin.ts';
import { locales } from './scripts/vite-locales-plugin.ts';
import { sourcemapsOutOfWebRoot } from './scripts/vite-sourcemaps-plugin.ts';

const serverPort = Number(process.env.PORT ?? 4173);

export default defineConfig({
  plugins: [react(), locales(), compress(), sourcemapsOutOfWebRoot()],
  build: {
    outDir: 'dist/web',
    target: ['es2022', 'safari16', 'chrome100'],
    manifest: true,
    sourcemap: 'hidden',
    modulePreload: { polyfill: false },
    // Few requests before the first screen (docs/decisions/007-bytes-on-the-wire.md): a phone on a mobile
    // network pays a round trip for each beyond the browser's six connections. So: one stylesheet for all
    // pages (a few kilobytes), everything the entry imports statically in the entry itself, and what several
    // screens share in one chunk; each screen keeps its own chunk.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'first-load', tags: ['$initial'], priority: 2 },
            // Only the kit and lib: a module shared by the screens of one feature stays with that feature, not in
            // a chunk every page loads.
            { name: 'shared', test: /[\\/]src[\\/](components|lib)[\\/]/, minShareCount: 2, priority: 1 },
          ],
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
