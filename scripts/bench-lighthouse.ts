/**
 * `npm run bench:lighthouse` (slow, not part of npm test): every page of the route table beside a bare React page,
 * measured with Lighthouse's mobile preset (simulated slow 4G and a mid-range phone's CPU) in Debian's Chromium,
 * median of 3 runs each. Both builds come from this run and are served by the same static server code with the
 * same compression (server/http/pages.ts); our pages by the whole production server, with a fake native app
 * answering the bridge as the phone would. Each run of one of our pages follows a run of the bare page; a page's
 * ratio is the median of its runs over those. Fails when a page is over the budget of bench/budgets.json (score, LCP
 * over the bare page's).
 *
 *   npm run bench:lighthouse                       every page, 3 runs each
 *   npm run bench:lighthouse -- /healthPing        some pages only (a content state by its address:
 *                                                  /shareInvitation?id=demo-pending)
 *   BENCH_RUNS=5 npm run bench:lighthouse          more runs
 *   BENCH_REPORTS=dist/lighthouse npm run bench:lighthouse   also keeps every run's Lighthouse report and trace
 *                                                  (JSON; a page's `-bare` files are the bare run before it)
 *
 * docs/decisions/007-bytes-on-the-wire.md records the method and the last results.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import * as chromeLauncher from 'chrome-launcher';
import Fastify, { type FastifyInstance } from 'fastify';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { build } from 'vite';
import { type PageRoute, type PageRouteId, pageRoutes } from '../common/page-routes.ts';
import { type PersonalViewRequests, personalViewRequests } from '../common/personal-view.ts';
import { registerPages } from '../server/http/pages.ts';
import { WEB_TARGET } from '../vite.config.ts';
import { repositoryRoot, startBenchServer } from './bench-server.ts';
import { compress } from './vite-compress-plugin.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const REPORTS = process.env.BENCH_REPORTS;
/** The budget (bench/budgets.json): a page's median score and its LCP over the bare page's. */
const { minScore: MIN_SCORE, maxLcpRatio: MAX_LCP_RATIO } = (
  JSON.parse(readFileSync(join(repositoryRoot, 'bench/budgets.json'), 'utf8')) as {
    lighthouse: { minScore: number; maxLcpRatio: number };
  }
).lighthouse;

/** The bare page: what Vite's React template renders, built with this repository's React, Vite and build target. */
async function buildBarePage(): Promise<string> {
  const folder = join(repositoryRoot, 'dist/bench');
  const source = join(folder, 'bare-src');
  const out = join(folder, 'bare-web');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(source, { recursive: true });
  writeFileSync(
    join(source, 'index.html'),
    [
      '<!doctype html>',
      '<html lang="en">',
      '  <head>',
      '    <meta charset="UTF-8" />',
      '    <meta name="viewport" content="width=device-width, initial-scale=1" />',
      '    <title>Hello</title>',
      '  </head>',
      '  <body>',
      '    <div id="root"></div>',
      '    <script type="module" src="/main.jsx"></script>',
      '  </body>',
      '</html>',
    ].join('\n'),
  );
  writeFileSync(
    join(source, 'main.jsx'),
    [
      "import { StrictMode } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      '',
      'function App() {',
      '  return (',
      '    <main>',
      '      <h1>Hello</h1>',
      '      <p>A bare React page, built with Vite, to measure against.</p>',
      '    </main>',
      '  );',
      '}',
      '',
      "createRoot(document.getElementById('root')).render(<StrictMode><App /></StrictMode>);",
    ].join('\n'),
  );
  await build({
    configFile: false,
    root: source,
    logLevel: 'warn',
    plugins: [react(), compress()],
    build: { outDir: out, emptyOutDir: true, target: WEB_TARGET, modulePreload: { polyfill: false } },
  });
  return out;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/**
 * The native app, as far as a first screen asks it: installed before any page script runs, answering on the
 * Android transport like the phone would, with the demo owner's token.
 */
function installFakeNativeApp({ accessToken, currentMower }: { accessToken: string; currentMower: string }) {
  const answers: Record<string, unknown> = {
    getAppVersion: { versionName: '3.2.0', versionCode: 300000200 },
    getCommonAppData: {
      vehicle_sn: currentMower,
      email: 'demo@navimow.example',
      client_ver: '3.2.0',
      access_token: accessToken,
      platform: 'android',
    },
    getMowerList: {
      mowers: [
        { vehicle_sn: 'NVM-DEMO-0001', name: 'Front lawn', model: 'Navimow i105E', role: 'owner', battery_percent: 92 },
        {
          vehicle_sn: 'NVM-DEMO-0002',
          name: 'Back garden',
          model: 'Navimow X330E',
          role: 'shared',
          battery_percent: 40,
        },
      ],
    },
    getDevicePermissions: { bluetooth: 'granted', location: 'granted', notification: 'granted' },
    ipSearch: { country_code: 'DE' },
    appIsInstall: { installed: true },
    // The phone opens the Alexa app (and the other apps a page may hand the user to).
    openScheme: { opened: true },
  };
  const page = window as unknown as Record<string, unknown> & { __nativeCalls: string[] };
  page.__nativeCalls = [];
  page.NavimowBridge = {
    postMessage(raw: string) {
      const { method, callback } = JSON.parse(raw) as { method: string; callback: string };
      page.__nativeCalls.push(method);
      setTimeout(
        () => (page[callback] as ((answer: unknown) => void) | undefined)?.({ code: 0, data: answers[method] ?? {} }),
        0,
      );
    },
  };
}

let lighthouseVersion = '';

interface Measurement {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  transferredKb: number;
  scriptKb: number;
}

async function measure(
  browser: Browser,
  url: string,
  accessToken: string,
  expectNativeApp: boolean,
  run: number,
  reportName: string,
): Promise<Measurement> {
  const page = await browser.newPage();
  try {
    await page.evaluateOnNewDocument(installFakeNativeApp, { accessToken, currentMower: CURRENT_MOWER });
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      undefined,
      page,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    lighthouseVersion = lhr.lighthouseVersion;
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true });
      writeFileSync(join(REPORTS, `${reportName}-${run + 1}.json`), JSON.stringify(lhr, null, 1));
      // The trace the simulated LCP was computed from: which tasks and requests lie on the way to it.
      writeFileSync(join(REPORTS, `${reportName}-${run + 1}.trace.json`), JSON.stringify(result.artifacts.Trace));
    }
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (expectNativeApp) {
      // The page told the native side its first screen was there: the fake app was in place and answered.
      const calls = await page.evaluate(() => (window as unknown as { __nativeCalls?: string[] }).__nativeCalls ?? []);
      if (!calls.includes('finishRendering'))
        throw new Error(`${url}: the first screen never reported itself (${calls.join(', ')})`);
    }
    const requests =
      (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] })
        ?.items ?? [];
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: numeric('first-contentful-paint'),
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      transferredKb: numeric('total-byte-weight') / 1024,
      scriptKb:
        requests
          .filter((item) => item.resourceType === 'Script')
          .reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
    };
  } finally {
    await page.close();
  }
}

/** Lighthouse now and then loses a trace on a busy machine (NO_NAVSTART): such a run is repeated, twice at most. */
async function measureWithRetry(...args: Parameters<typeof measure>): Promise<Measurement> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(...args);
    } catch (error) {
      if (attempt === 3 || !/NO_NAVSTART|NO_FCP|NO_LCP|PROTOCOL_TIMEOUT/.test(String(error))) throw error;
      console.error(`retrying: ${(error as Error).message}`);
    }
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function medians(runs: Measurement[]): Measurement {
  const of = (key: keyof Measurement) => median(runs.map((run) => run[key]));
  return {
    score: of('score'),
    fcp: of('fcp'),
    lcp: of('lcp'),
    tbt: of('tbt'),
    transferredKb: of('transferredKb'),
    scriptKb: of('scriptKb'),
  };
}

/**
 * Pages whose first view shows one item of the reader's (common/personal-view.ts): measured in that content state too,
 * with the demo account's data, beside the address without the item (the empty state every other page is in).
 */
const CONTENT_STATES: Partial<Record<PageRouteId, string>> = {
  shareInvitation: '/shareInvitation?id=demo-pending',
  messageDetail: '/message-detail?id=demo-msg-stuck',
};

/** The app's current mower in the fake native app (installFakeNativeApp): the demo owner's. */
const CURRENT_MOWER = 'NVM-DEMO-0001';

// Every page with a personal first view is measured with the demo account's data in it: at its own address (the
// message centre, a link state, the winter guide with the current mower) or at its content state's above.
for (const [id, requests] of Object.entries(personalViewRequests) as [PageRouteId, PersonalViewRequests][]) {
  const address = new URL(CONTENT_STATES[id] ?? (pageRoutes[id] as PageRoute).path ?? '/', 'http://page.invalid');
  if (!requests(address.searchParams, { currentMower: CURRENT_MOWER }).length)
    throw new Error(`${id} would be measured without the reader's data: give it a content state in CONTENT_STATES.`);
}

const wanted = process.argv.slice(2);
const pages = (Object.entries(pageRoutes) as [PageRouteId, PageRoute][])
  .flatMap(([id, route]) => [route.path ?? '/no-such-page', ...(CONTENT_STATES[id] ? [CONTENT_STATES[id]] : [])])
  .filter((path) => !wanted.length || wanted.includes(path));

const bareRoot = await buildBarePage();
const bare = Fastify();
await registerPages(bare, { webRoot: bareRoot, simulator: false });
const ours = await startBenchServer({ seed: true });
const [bareUrl, ourUrl] = await Promise.all([listen(bare), listen(ours)]);
const login = await ours.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { account: 'demo@navimow.example', password: 'Navimow-demo-1' },
});
const accessToken = login.json<{ access_token: string }>().access_token;

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROMIUM_ARGS,
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
const browserVersion = browser.version();

/** A page's address as a file name: `/shareInvitation?id=demo-pending`, `shareInvitation-id-demo-pending`. */
const reportName = (path: string) => path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root';

const barePage = { name: 'bare React page', url: `${bareUrl}/`, native: false };
const targets = pages.map((path) => ({ name: path, url: `${ourUrl}${path}`, native: true }));
const bareRuns: Measurement[] = [];
const runs = targets.map((): Measurement[] => []);
/** Each run of a page over the run of the bare page just before it. */
const ratios = targets.map((): number[] => []);
try {
  // Every run of one of our pages follows a run of the bare page, and rounds go over all pages, so that the load
  // of a shared machine weighs on both sides of each ratio alike.
  for (let run = 0; run < RUNS; run += 1) {
    for (const [index, target] of targets.entries()) {
      const name = reportName(target.name);
      const bareRun = await measureWithRetry(browser, barePage.url, accessToken, barePage.native, run, `${name}-bare`);
      const ourRun = await measureWithRetry(browser, target.url, accessToken, target.native, run, name);
      bareRuns.push(bareRun);
      runs[index]!.push(ourRun);
      ratios[index]!.push(ourRun.lcp / bareRun.lcp);
    }
    console.error(`round ${run + 1} of ${RUNS} done`);
  }
} finally {
  await browser.disconnect();
  chrome.kill();
  await Promise.all([bare.close(), ours.close()]);
}

const row = (name: string, result: Measurement, ratio: number) => ({
  page: name,
  score: result.score,
  'FCP ms': Math.round(result.fcp),
  'LCP ms': Math.round(result.lcp),
  'TBT ms': Math.round(result.tbt),
  'transferred kB': result.transferredKb.toFixed(1),
  'JS kB': result.scriptKb.toFixed(1),
  'LCP / bare': ratio.toFixed(2),
});
const lcpRatios = ratios.map(median);
console.log(
  `Lighthouse ${lighthouseVersion} mobile preset, Chromium ${await browserVersion}, median of ${RUNS} runs ` +
    '(LCP / bare: median of each run over the run of the bare page just before it)',
);
console.table([
  row(barePage.name, medians(bareRuns), 1),
  ...targets.map((target, index) => row(target.name, medians(runs[index]!), lcpRatios[index]!)),
]);
const slow = targets.filter((_target, index) => lcpRatios[index]! > MAX_LCP_RATIO);
if (slow.length) {
  console.error(`LCP above ${MAX_LCP_RATIO}x the bare page: ${slow.map(({ name }) => name).join(', ')}`);
  process.exitCode = 1;
}
const lowScore = targets.filter((_target, index) => medians(runs[index]!).score < MIN_SCORE);
if (lowScore.length) {
  console.error(`score below ${MIN_SCORE}: ${lowScore.map(({ name }) => name).join(', ')}`);
  process.exitCode = 1;
}
