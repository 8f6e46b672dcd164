import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts';
import { testServerEnv } from './scripts/test-server-env.ts';

const port = Number(process.env.E2E_PORT ?? 4317);

/**
 * Browser journeys against the real server (`npm start`'s code on its own port and a throwaway database),
 * in Debian's Chromium: no browser download is possible here (see README, Requirements).
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // The language and colour-scheme matrices beyond CI's sample run in `npm run test:e2e:sweep` (decision 040).
  grepInvert: process.env.E2E_SWEEP ? undefined : /@sweep/,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  // CI runs a failed journey once more; the list reporter names those that then pass as flaky (decision 022).
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : [['list']],
  timeout: 30_000,
  // Two workers, two browsers and the server share CI's two cores: an answer that takes a moment here is not a
  // failure of the page.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...devices['Pixel 7'],
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    trace: 'on-first-retry',
  },
  webServer: {
    command: `rm -f .e2e-data/e2e.sqlite* && node server/main.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: testServerEnv(port, 'file:.e2e-data/e2e.sqlite'),
  },
});
