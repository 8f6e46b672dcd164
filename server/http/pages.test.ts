import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageRoutes, screenModule } from '../../common/page-routes.ts';
import { compressFile } from '../../scripts/vite-compress-plugin.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKinds } from '../testing/test-database.ts';
import type { BuildManifest } from './page-head.ts';

const LOCALES = 'assets/locales-0123456789ab';

/** What the build writes for a screen that imports nothing: its chunk, named as Vite names it. */
const chunkOf = (screen: string) => `assets/${screen}-Sc${screen.length.toString().padStart(6, '0')}.js`;

/**
 * A stand-in for `dist/web`, written the way the build writes it: the HTML with the entry's tags, a manifest
 * with the entry, the app it starts after the first paint (with an import of its own), every page's screen (the
 * winter guide with a shared chunk and CSS), the simulator, locale files, and a Brotli and a gzip copy beside each
 * asset (scripts/vite-compress-plugin.ts). With `serverEntry`, a server entry beside it (`dist/ssr`) that renders
 * the given markup.
 */
async function fakeBuild({ serverEntry }: { serverEntry?: string } = {}) {
  const build = mkdtempSync(join(tmpdir(), 'navimow-dist-'));
  const root = join(build, 'web');
  if (serverEntry) {
    mkdirSync(join(build, 'ssr'));
    writeFileSync(join(build, 'ssr/entry-server.js'), serverEntry);
  }
  const manifest: Record<string, BuildManifest[string]> = {
    'index.html': {
      file: 'assets/index-AbCdEf12.js',
      isEntry: true,
      dynamicImports: ['src/lib/error-reporting/sentry.ts', '_start-StArT123.js'],
      css: ['assets/index-InDeX123.css'],
    },
    '_start-StArT123.js': {
      file: 'assets/start-StArT123.js',
      name: 'start',
      imports: ['index.html', '_react-ReAcT123.js'],
    },
    'src/lib/error-reporting/sentry.ts': { file: 'assets/sentry-SeNtRy12.js', name: 'sentry', imports: ['index.html'] },
    '_react-ReAcT123.js': { file: 'assets/react-ReAcT123.js' },
    '_guide-step-GuIdE123.js': {
      file: 'assets/guide-step-GuIdE123.js',
      imports: ['_react-ReAcT123.js'],
      css: ['assets/guide-step-GuIdE123.css'],
    },
    'src/simulator/install.tsx': {
      file: 'assets/install-SiMuLaT1.js',
      imports: ['index.html', '_react-ReAcT123.js'],
      css: ['assets/install-SiMuLaT1.css'],
    },
  };
  for (const route of Object.values(pageRoutes)) {
    manifest[screenModule(route)] = {
      file: chunkOf(route.screen),
      imports: ['_start-StArT123.js', '_react-ReAcT123.js'],
    };
  }
  manifest[screenModule(pageRoutes.winterGuide)] = {
    file: chunkOf('winter-guide'),
    imports: ['_start-StArT123.js', '_guide-step-GuIdE123.js', '_react-ReAcT123.js'],
    css: ['assets/winter-guide-WiNtEr12.css'],
  };

  const files: Record<string, string> = {
    'index.html': [
      '<!doctype html>',
      '<html lang="en">',
      '  <head>',
      '    <title>Navimow</title>',
      '    <script type="module" crossorigin src="/assets/index-AbCdEf12.js"></script>',
      '    <link rel="stylesheet" crossorigin href="/assets/index-InDeX123.css">',
      '  </head>',
      '  <body><div id="root"></div></body>',
      '</html>',
    ].join('\n'),
    '.vite/manifest.json': JSON.stringify(manifest),
    'robots.txt': 'User-agent: *',
    [`${LOCALES}/de/common.json`]: JSON.stringify({
      productName: 'Navimow',
      offline: { message: 'Keine Internetverbindung' },
    }),
    [`${LOCALES}/de/winterGuide.json`]: JSON.stringify({ title: 'Überwinterung' }),
    [`${LOCALES}/fr/common.json`]: JSON.stringify({ productName: 'Navimow' }),
    'assets/index-InDeX123.css': 'body{margin:0}',
    'assets/guide-step-GuIdE123.css': '.step{display:grid}',
    'assets/winter-guide-WiNtEr12.css': '.guide{padding:1rem}',
    'assets/install-SiMuLaT1.css': '.simulator{display:flex}',
  };
  for (const chunk of Object.values(manifest)) {
    files[chunk.file] ??= `export const chunk = ${JSON.stringify(chunk.file)};\n`.repeat(40);
  }
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), content);
  }
  const assets = Object.keys(files).filter((file) => file.startsWith('assets/'));
  await Promise.all(assets.map((file) => compressFile(join(root, file))));
  return { root, assets };
}

const decoded = (response: LightMyRequestResponse): Buffer => {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  return response.rawPayload;
};

/** The preload and stylesheet links the server added to a page's HTML, as `rel href` lines. */
function announced(html: string): string[] {
  return [
    ...html.matchAll(/<link rel="(modulepreload|stylesheet|preload)"( as="fetch")? crossorigin href="([^"]+)">/g),
  ].map((match) => `${match[1]}${match[2] ? ' fetch' : ''} ${match[3]}`);
}

/** The app the entry starts after the first paint, which every page announces first. */
const START = ['modulepreload /assets/react-ReAcT123.js', 'modulepreload /assets/start-StArT123.js'];

describe('serving the pages', () => {
  let build: Awaited<ReturnType<typeof fakeBuild>>;
  let withSimulator: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    build = await fakeBuild();
    withSimulator = await createTestApp('sqlite', { webRoot: build.root, simulator: true });
    production = await createTestApp('sqlite', { webRoot: build.root, simulator: false });
  });
  afterAll(async () => {
    await withSimulator.close();
    await production.close();
  });

  const page = (url: string, headers: Record<string, string> = {}, app = production) =>
    app.app.inject({ method: 'GET', url, headers });

  it('answers every page path with the app’s HTML, uncached, with 200 (history routing)', async () => {
    for (const url of ['/', '/healthPing', '/robotWinterMode/guide?lang=de', '/no/such/page']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed chunks and versioned locale files for a year, other files not', async () => {
    for (const url of ['/assets/index-AbCdEf12.js', `/${LOCALES}/de/common.json`]) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const response = await page(url, { 'accept-encoding': encoding });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['cache-control'], `${url} ${encoding}`).toBe('public, max-age=31536000, immutable');
      }
    }
    const robots = await page('/robots.txt');
    expect(robots.headers['cache-control']).toBe('no-cache');
  });

  it('writes the entry’s stylesheet into every page instead of linking it (one round trip less before the first paint)', async () => {
    for (const url of ['/healthPing', '/robotWinterMode/guide?lang=de', '/no/such/page']) {
      const { body } = await page(url);
      expect(body, url).toContain('<style>body{margin:0}</style>');
      expect(body, url).not.toContain('href="/assets/index-InDeX123.css"');
    }
  });

  it('marks pages for the simulated app only when the server is told to', async () => {
    const simulated = await page('/healthPing', {}, withSimulator);
    expect(simulated.body).toContain('<meta name="navimow-simulator" content="on" />');
    const real = await page('/healthPing');
    expect(real.body).not.toContain('navimow-simulator');
  });

  it('never puts the pages meant for a plain browser inside the simulated app', async () => {
    for (const url of ['/smartHome/login', '/smartHome/alexa/installNavimow?lang=de', '/SMARTHOME/LOGIN/']) {
      const response = await page(url, {}, withSimulator);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('navimow-simulator');
      expect(announced(response.body).join('\n'), url).not.toContain('install-SiMuLaT1');
    }
  });

  it('sends security headers: no framing, no sniffing, a strict script policy', async () => {
    const response = await page('/smartHome/login');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('keeps unknown API paths and non-GET requests as JSON 404s', async () => {
    const api = await page('/api/nope');
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
    const post = await production.app.inject({ method: 'POST', url: '/healthPing' });
    expect(post.statusCode).toBe(404);
  });
});

describe('bytes on the wire', () => {
  let build: Awaited<ReturnType<typeof fakeBuild>>;
  let server: TestApp;
  beforeAll(async () => {
    build = await fakeBuild();
    // With the simulator on, its files are served too: every asset of the build is checked (production-mode.test.ts covers the rest).
    server = await createTestApp('sqlite', { webRoot: build.root, simulator: true });
  });
  afterAll(() => server.close());

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    server.app.inject({ method, url, headers });

  it('sends every hashed asset and locale file as Brotli to a client that accepts it, byte-identical once decoded', async () => {
    expect(build.assets.length).toBeGreaterThan(10);
    for (const file of build.assets) {
      const response = await get(`/${file}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(response.statusCode, file).toBe(200);
      expect(response.headers['content-encoding'], file).toBe('br');
      expect(response.headers.vary, file).toMatch(/accept-encoding/i);
      expect(response.headers['content-type'], file).toMatch(
        file.endsWith('.js')
          ? /^(application|text)\/javascript/
          : file.endsWith('.css')
            ? /^text\/css/
            : /^application\/json/,
      );
      expect(decoded(response).equals(readFileSync(join(build.root, file))), file).toBe(true);
    }
  });

  it('sends gzip to a client that accepts only gzip (or refuses Brotli), and the file itself to one that accepts neither', async () => {
    const file = `${LOCALES}/de/common.json`;
    const original = readFileSync(join(build.root, file));
    for (const header of ['gzip', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const response = await get(`/${file}`, { 'accept-encoding': header });
      expect(response.headers['content-encoding'], header).toBe('gzip');
      expect(decoded(response).equals(original), header).toBe(true);
    }
    const refusing: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of refusing) {
      const response = await get(`/${file}`, headers);
      expect(response.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(response.headers.vary, JSON.stringify(headers)).toMatch(/accept-encoding/i);
      expect(response.rawPayload.equals(original), JSON.stringify(headers)).toBe(true);
    }
  });

  it('answers HEAD with the headers of GET, and revalidates with ETags per encoding', async () => {
    const url = '/assets/index-AbCdEf12.js';
    const brotli = await get(url, { 'accept-encoding': 'br' });
    const head = await get(url, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(brotli.headers['content-length']);

    const plain = await get(url);
    expect(brotli.headers.etag).toBeTruthy();
    expect(plain.headers.etag).not.toBe(brotli.headers.etag);
    const revalidated = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(brotli.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('compresses the HTML, varies it on encoding and language, and revalidates it', async () => {
    const url = '/robotWinterMode/guide';
    const brotli = await get(url, { 'accept-encoding': 'br', 'accept-language': 'de' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers.vary).toMatch(/accept-language/i);
    const html = decoded(brotli).toString();
    expect(html).toContain('<div id="root">');
    const plain = await get(url, { 'accept-language': 'de' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);

    const revalidated = await get(url, {
      'accept-encoding': 'br',
      'accept-language': 'de',
      'if-none-match': String(brotli.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['cache-control']).toBe('no-cache');
    const otherLanguage = await get(url, {
      'accept-encoding': 'br',
      'accept-language': 'fr',
      'if-none-match': String(brotli.headers.etag),
    });
    expect(otherLanguage.statusCode).toBe(200);

    const head = await get(url, { 'accept-encoding': 'br', 'accept-language': 'de' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body).toBe('');
  });
});

describe('preloading a page’s first screen', () => {
  let server: TestApp;
  beforeAll(async () => {
    const build = await fakeBuild();
    server = await createTestApp('sqlite', { webRoot: build.root, simulator: true });
  });
  afterAll(() => server.close());

  const html = async (url: string, headers: Record<string, string> = {}) =>
    (await server.app.inject({ method: 'GET', url, headers })).body;

  it('announces the route’s chunk, its imports, its CSS and its strings in the page’s language', async () => {
    const body = await html('/robotWinterMode/guide', { 'accept-language': 'en;q=0.3, de-DE;q=0.9, fr;q=0.5' });
    expect(body).toContain('<html lang="de"');
    expect(announced(body)).toEqual([
      'stylesheet /assets/install-SiMuLaT1.css',
      'stylesheet /assets/guide-step-GuIdE123.css',
      'stylesheet /assets/winter-guide-WiNtEr12.css',
      ...START,
      'modulepreload /assets/install-SiMuLaT1.js',
      'modulepreload /assets/guide-step-GuIdE123.js',
      `modulepreload /${chunkOf('winter-guide')}`,
      `preload fetch /${LOCALES}/de/common.json`,
      `preload fetch /${LOCALES}/de/winterGuide.json`,
    ]);
    // The code and the strings wait, inert, for the entry to fetch them once the first view is painted.
    const [, waiting] = /<template id="first-screen-files">(.*?)<\/template>/.exec(body) ?? [];
    expect(announced(waiting ?? '')).toEqual(announced(body).filter((link) => !link.startsWith('stylesheet')));
    // What the app loads, announced once for it; the entry is the page's own script.
    expect(body.match(/react-ReAcT123\.js/g)).toHaveLength(1);
    expect(body.match(/index-AbCdEf12\.js/g)).toHaveLength(1);
    expect(body.match(/body\{margin:0\}/g)).toHaveLength(1);
    // The error reporter, which the entry loads only when a report is to be sent, is not announced.
    expect(body).not.toContain('sentry-SeNtRy12');
  });

  it('marks the pages that have a personal first view, and only those', async () => {
    const marked = (body: string) => body.includes('<meta name="navimow-personal-view" content="on" />');
    expect(marked(await html('/message-center'))).toBe(true);
    expect(marked(await html('/messageHistory?category=device'))).toBe(true);
    for (const path of [
      '/message-detail?id=m1',
      '/shareInvitation?id=i1',
      '/smartHome/alexa/info',
      '/smartHome/googleHome/bindDetail',
      '/apiPolicy',
      '/robotWinterMode/guide',
    ]) {
      expect(marked(await html(path)), path).toBe(true);
    }
    expect(marked(await html('/robotWinterMode/overDischargeNotice'))).toBe(false);
    expect(marked(await html('/smartHome/alexa/voiceInfo'))).toBe(false);
  });

  it('takes the lang parameter before the browser’s languages', async () => {
    const body = await html('/robotWinterMode/guide?lang=FR-ca', { 'accept-language': 'de' });
    expect(body).toContain('<html lang="fr"');
    expect(announced(body)).toContain(`preload fetch /${LOCALES}/fr/winterGuide.json`);
    expect(body).not.toContain('/de/');
  });

  it('preloads nothing of another route', async () => {
    const body = await html('/robotWinterMode/guide?lang=de');
    for (const route of Object.values(pageRoutes)) {
      if (route.screen === 'winter-guide') continue;
      expect(body, route.screen).not.toContain(chunkOf(route.screen));
    }
    expect(body).not.toMatch(/\/de\/(?!common|winterGuide)\w+\.json/);
  });

  it('answers a target that `new URL` reads as another host, or cannot read, with the not-found page (issue 34, item 1)', async () => {
    for (const url of ['//x:99999/', '//[', '//a@b:0/robotWinterMode/guide']) {
      const body = await html(url);
      expect(announced(body), url).toContain(`modulepreload /${chunkOf('not-found')}`);
    }
  });

  it('gives an unknown path the not-found page’s chunk and only the common strings', async () => {
    const body = await html('/no/such/page', { 'accept-language': 'ja, sv;q=0.8' });
    expect(body).toContain('<html lang="sv"');
    expect(announced(body).filter((link) => !link.includes('install-'))).toEqual([
      ...START,
      `modulepreload /${chunkOf('not-found')}`,
      `preload fetch /${LOCALES}/sv/common.json`,
    ]);
  });
});

describe('the server-rendered first view', () => {
  // A server entry as the build writes it (src/entry-server.tsx): renders the URL and language it is given, counting
  // its renders; one path fails, as a screen that throws on the server would.
  const serverEntry = `
    export const renders = [];
    export async function createPageRenderer(readNamespace) {
      const { productName } = readNamespace('de', 'common');
      return {
        render(url, language) {
          globalThis.__renders = (globalThis.__renders ?? 0) + 1;
          if (url.startsWith('/apiPolicy')) throw new Error('window is not defined');
          return '<main><h1>' + productName + ' ' + language + ' ' + url.replaceAll('<', '&lt;').replaceAll('&', '&amp;') + '</h1></main>';
        },
      };
    }`;
  let server: TestApp;
  beforeAll(async () => {
    const build = await fakeBuild({ serverEntry });
    server = await createTestApp('sqlite', { webRoot: build.root, simulator: false });
  });
  afterAll(() => server.close());

  const rootOf = async (url: string, headers: Record<string, string> = {}) => {
    const response = await server.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, url).toBe(200);
    return /<div id="root">(.*?)<\/div><\/body>/s.exec(response.body)?.[1];
  };
  const renders = () => (globalThis as { __renders?: number }).__renders ?? 0;

  it('sends each page with its first view rendered into the root, in the page’s language, with the build’s strings', async () => {
    expect(await rootOf('/robotWinterMode/guide', { 'accept-language': 'de' })).toBe(
      '<main><h1>Navimow de /robotWinterMode/guide</h1></main>',
    );
    // A page asked for in a language renders with it in its address: its links keep it (src/lib/page-language.ts).
    expect(await rootOf('/robotWinterMode/guide?lang=FR-ca')).toBe(
      '<main><h1>Navimow fr /robotWinterMode/guide?lang=fr</h1></main>',
    );
  });

  it('renders a page without screen parameters once per language and encoding, and a page with them for each request', async () => {
    await rootOf('/healthPing?lang=de');
    await rootOf('/healthPing', { 'accept-language': 'de' });
    const before = renders();
    await rootOf('/healthPing?lang=de');
    await rootOf('/healthPing?lang=DE-at');
    await rootOf('/healthPing', { 'accept-language': 'de' });
    expect(renders()).toBe(before);

    const first = await rootOf('/smartHome/login?interaction=one&lang=de');
    const second = await rootOf('/smartHome/login?interaction=two&lang=de');
    expect(renders()).toBe(before + 2);
    expect(first).toContain('interaction=one');
    expect(second).toContain('interaction=two');
  });

  it('renders an item’s page once for every id it may name: a flood of ids makes no render each', async () => {
    await rootOf('/message-detail?id=first&lang=de');
    const before = renders();
    for (let i = 0; i < 50; i += 1) {
      // Only the id's presence is rendered, with a stand-in: the first view shows no item before its answer.
      expect(await rootOf(`/message-detail?id=${crypto.randomUUID()}&lang=de`)).toBe(
        '<main><h1>Navimow de /message-detail?id=item&amp;lang=de</h1></main>',
      );
      expect(await rootOf(`/shareInvitation?lang=de&id=${i}&id=again`)).toBe(
        '<main><h1>Navimow de /shareInvitation?id=item&amp;lang=de</h1></main>',
      );
    }
    expect(renders()).toBe(before + 1);
    // A blank id is what the screen takes for none: its own document ("no such message").
    expect(await rootOf('/message-detail?id=%20%20&lang=de')).toBe(
      '<main><h1>Navimow de /message-detail?id=&amp;lang=de</h1></main>',
    );
    expect(renders()).toBe(before + 2);
  });

  it('renders only the parameters a screen reads: any others make no render and no kept document of their own', async () => {
    await rootOf('/robotWinterMode/guide?lang=de');
    const before = renders();
    for (let i = 0; i < 50; i += 1) {
      expect(await rootOf(`/robotWinterMode/guide?lang=de&utm_source=${i}&x${i}=${i}`)).toBe(
        '<main><h1>Navimow de /robotWinterMode/guide?lang=de</h1></main>',
      );
      // A page whose screen reads a parameter, without it.
      expect(await rootOf(`/shareInvitation?lang=de&other=${i}`)).toBe(
        '<main><h1>Navimow de /shareInvitation?lang=de</h1></main>',
      );
    }
    expect(renders()).toBe(before + 1);
    // What the screen reads is rendered, in its order and with its repeats; nothing else.
    expect(
      await rootOf('/smartHome/googleHome/appBind?x=1&client_id=google&scope=a&lang=de&state=s&client_id=again'),
    ).toBe(
      '<main><h1>Navimow de /smartHome/googleHome/appBind?client_id=google&amp;scope=a&amp;state=s&amp;client_id=again&amp;lang=de</h1></main>',
    );
  });

  it('sends the page with an empty root, for the browser to render, when rendering fails', async () => {
    expect(await rootOf('/apiPolicy?lang=de')).toBe('');
  });
});

describe.each(testDatabaseKinds)('the flood limit on pages on %s', (kind) => {
  let build: Awaited<ReturnType<typeof fakeBuild>>;
  let server: TestApp;
  beforeAll(async () => {
    build = await fakeBuild();
    server = await createTestApp(kind, { webRoot: build.root, simulator: true, pageRequestsPerMinute: 6 });
  });
  afterAll(() => server.close());

  const get = (url: string, remoteAddress: string) => server.app.inject({ method: 'GET', url, remoteAddress });

  it('serves one address its limit of page documents, sent at once, and refuses the rest until the minute is over', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        get(i % 2 ? `/message-detail?id=${crypto.randomUUID()}` : '/robotWinterMode/guide', '192.0.2.50'),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      ...Array<number>(6).fill(200),
      ...Array<number>(4).fill(429),
    ]);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['cache-control']).toBe('no-store');
    // The page's scripts, styles and strings are not counted; another address is not held up.
    for (const asset of build.assets) expect((await get(`/${asset}`, '192.0.2.50')).statusCode, asset).toBe(200);
    expect((await get('/robotWinterMode/guide', '192.0.2.51')).statusCode).toBe(200);
  });
});
