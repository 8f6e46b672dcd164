import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { apiEndpoints } from './scripts/vite-api-endpoints-plugin.ts';
import { compress } from './scripts/vite-compress-plugin.ts';
import { locales } from './scripts/vite-locales-plugin.ts';
import { pureAnnotations } from './scripts/vite-pure-annotations-plugin.ts';
import { sourcemapsOutOfWebRoot } from './scripts/vite-sourcemaps-plugin.ts';

const serverPort = Number(process.env.PORT ?? 4173);

/**
 * Kit and lib modules that only some screens use, left out of the `shared` chunk every page loads
 * (docs/decisions/003-first-load-budget.md, update of 2026-11-27).
 */
const FEW_SCREENS = [
  // The sign-in form and the pictures.
  'sign-in-fields',
  'wordmark',
  'illustration',
  // The form fields: the sign-in, App Flip, the newsletter, the comment tool, a voice assistant's language.
  'field',
  'text-field',
  'select-field',
  // The message lists.
  'infinite-list',
  'use-paged-list',
  // A confirmation opens on a tap; the message centre fetches it after its first view.
  'confirm-dialog',
  // A mower's live status: the health check and the winter guide.
  'use-live-mower-status',
  // The voice assistants' link state, and an answer that may be confirmed first: the Alexa, Google and smart-home
  // pages and the invitation.
  'voice-links',
  'use-confirmed-action',
  // Steps of a guide, a link's state, and the icons of the expansion bay and the newsletter.
  'step-list',
  'status-pill',
  'line-icon',
];

/** The browsers the pages are built for (also the bare page of `npm run bench:lighthouse`). */
export const WEB_TARGET = ['es2022', 'safari16', 'chrome100'];

export default defineConfig(({ isSsrBuild }) => ({
  // The server's entry (`vite build --ssr`, docs/decisions/019-server-rendered-first-view.md) is a module for Node in
  // dist/ssr: no locale files, compressed copies or source maps of its own (the server reads the web build's locales).
  plugins: isSsrBuild
    ? [react(), locales({ emit: false }), apiEndpoints()]
    : [pureAnnotations(['react-router']), react(), locales(), apiEndpoints(), compress(), sourcemapsOutOfWebRoot()],
  build: isSsrBuild
    ? { outDir: 'dist/ssr', target: 'node24', copyPublicDir: false }
    : {
        outDir: 'dist/web',
        target: WEB_TARGET,
        manifest: true,
        sourcemap: 'hidden',
        modulePreload: false,
        // Few requests before the first screen (docs/decisions/007-bytes-on-the-wire.md): a phone on a mobile
        // network pays a round trip for each beyond the browser's six connections. So: one stylesheet for all
        // pages (a few kilobytes), everything the entry imports statically in the entry itself, and what several
        // screens share in one chunk; each screen keeps its own chunk.
        cssCodeSplit: false,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // The entry is only what runs before the first paint (src/main.tsx); the app it then starts is one
                // chunk with everything that start needs (react, the router, i18n, the bridge: a group takes a module's
                // dependencies with it).
                { name: 'first-load', tags: ['$initial'], priority: 3 },
                { name: 'start', test: /[\\/]src[\\/]start\.tsx$/, priority: 2 },
                // Only the kit and lib: a module shared by the screens of one feature stays with that feature, not in
                // a chunk every page loads. Nor the parts only some screens use: those are chunked with the screens
                // that use them, so that the other pages' first load does not carry them.
                {
                  name: 'shared',
                  test: new RegExp(String.raw`[\\/]src[\\/](components|lib)[\\/](?!(${FEW_SCREENS.join('|')})\b)`),
                  minShareCount: 2,
                  priority: 1,
                },
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
}));
