/**
 * Screenshots of every page of the page table at a phone's viewport, for a design review (issue 27):
 * `node scripts/screenshots.ts <out-dir> [lang] [light|dark]` against a server already running on E2E_PORT
 * (started as playwright.config.ts's webServer starts it). One PNG per route id, the full page.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { type PageRoute, type PageRouteId, pageRoutes } from '../common/page-routes.ts';
import { MAIN_STATE_QUERY } from '../e2e/fixtures.ts';

const [outDir = 'screens', lang = 'en', scheme = 'light', only] = process.argv.slice(2);
const port = Number(process.env.E2E_PORT ?? 4317);

await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const context = await browser.newContext({
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
  colorScheme: scheme === 'dark' ? 'dark' : 'light',
});
for (const id of Object.keys(pageRoutes) as PageRouteId[]) {
  if (only && !only.split(',').includes(id)) continue;
  const { path }: PageRoute = pageRoutes[id];
  const query = MAIN_STATE_QUERY[id];
  const page = await context.newPage();
  try {
    await page.goto(`http://127.0.0.1:${port}${path ?? '/no/such/page'}?${query ? `${query}&` : ''}lang=${lang}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(outDir, `${id}.png`), fullPage: true });
  } catch (error) {
    console.error(id, error instanceof Error ? error.message : error);
  }
  await page.close();
}
await browser.close();
