/**
 * `npm run gallery`: every screen in every state (scripts/gallery/catalogue.ts) in every language, at a phone's
 * width, through the fake native app, into PNG files and one static HTML page (docs/gallery.md). Builds the pages
 * when the build is missing or older than the sources, serves them like the journeys' server (its own port, a
 * throwaway database), and flags text that overflows or is clipped and text still in English.
 *
 * `npm run gallery -- --help` lists the options (scripts/gallery/options.ts).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, devices, type Page } from '@playwright/test';
import { SUPPORTED_LANGUAGES } from '../common/languages.ts';
import { type PageRoute, pageRoutes } from '../common/page-routes.ts';
import { ok } from '../src/lib/bridge/native-fake.ts';
import { DEMO_FRIEND, DEMO_OWNER, installNativeApp, largeText, localeTexts } from '../e2e/fixtures.ts';
import { catalogue, type ScreenState, shotName, TRUNCATED_BY_DESIGN, USER_DATA } from './gallery/catalogue.ts';
import { type Flag, judgeOverflow, measureScreen, untranslated } from './gallery/detect.ts';
import { type GalleryResults, renderGallery, type ShotResult } from './gallery/html.ts';
import { galleryOptions, type Look, lookSuffix, textKeys, USAGE } from './gallery/options.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { testServerEnv } from './test-server-env.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const VIEWPORT = { width: 412, height: 915 };

const parsed = galleryOptions(process.argv.slice(2), process.env);
if (parsed === 'help') {
  console.log(USAGE);
  process.exit(0);
}
if (parsed instanceof Error) {
  console.error(parsed.message);
  process.exit(2);
}
const options = parsed;
const out = resolve(ROOT, options.out);
const { port, concurrency, looks } = options;
const origin = `http://127.0.0.1:${port}`;
const wantedLanguages = options.languages;
for (const language of wantedLanguages ?? []) {
  if (!(SUPPORTED_LANGUAGES as readonly string[]).includes(language))
    throw new Error(`--lang ${language}: not one of ${SUPPORTED_LANGUAGES.join(', ')}`);
}
// English is always pictured: the others are compared with it.
const languages: string[] = wantedLanguages
  ? ['en', ...wantedLanguages.filter((language) => language !== 'en')]
  : [...SUPPORTED_LANGUAGES];
const wantedScreens = options.screens;
const states = catalogue().filter(
  (state) =>
    !wantedScreens || wantedScreens.some((wanted) => state.screen === wanted || shotName(state).includes(wanted)),
);
if (states.length === 0)
  throw new Error(
    `--screen ${wantedScreens?.join(',')}: no such screen (${[...new Set(catalogue().map((state) => state.screen))].join(', ')})`,
  );

/** The newest modification time under a path. */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

function buildIfStale() {
  const manifest = join(ROOT, 'dist/web/.vite/manifest.json');
  const sources = ['src', 'locales', 'common', 'index.html', 'vite.config.ts']
    .map((path) => join(ROOT, path))
    .filter(existsSync);
  if (
    existsSync(manifest) &&
    existsSync(join(ROOT, 'dist/ssr')) &&
    statSync(manifest).mtimeMs >= Math.max(...sources.map(newest))
  )
    return;
  console.log('gallery: building the pages (npm run build)');
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('gallery: the build failed');
}

async function startServer(): Promise<ChildProcess> {
  const data = mkdtempSync(join(tmpdir(), 'navimow-gallery-'));
  const server = spawn(process.execPath, ['server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...testServerEnv(port, `file:${join(data, 'gallery.sqlite')}`) },
  });
  server.on('exit', () => rmSync(data, { recursive: true, force: true }));
  for (let tries = 0; tries < 120; tries += 1) {
    if (server.exitCode !== null)
      throw new Error(`gallery: the server on port ${port} stopped (${server.exitCode}); is the port taken?`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error(`gallery: the server on port ${port} did not answer in 60 s`);
}

async function signIn(account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: account.email, password: account.password }),
  });
  if (!response.ok) throw new Error(`gallery: signing in as ${account.email} failed (${response.status})`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The build and the checks as this run has them: read once, so that editing them during a run changes nothing of it. */
let codeHash = '';

/**
 * What a picture depends on: the build, the checks, the state's own recipe (its functions' source, so that changing
 * one state re-pictures that state only) and the screen's texts in its language and English.
 */
function fingerprint(state: ScreenState, language: string, look: Look): string {
  const hash = createHash('sha256');
  hash.update(codeHash);
  const { namespaces }: PageRoute = pageRoutes[state.screen];
  for (const namespace of new Set([...namespaces, 'common', state.namespace ?? namespaces[0]])) {
    for (const lang of new Set(['en', language])) {
      const file = join(ROOT, 'locales', lang, `${namespace}.json`);
      if (existsSync(file)) hash.update(readFileSync(file));
    }
  }
  hash.update(
    JSON.stringify({ ...state, language, look }, (_key, value: unknown) =>
      typeof value === 'function' ? value.toString() : value,
    ),
  );
  return hash.digest('hex').slice(0, 16);
}

/** The locale files a screen reads, in a language, by namespace: where its texts come from. */
async function screenStrings(state: ScreenState, language: string): Promise<Record<string, unknown>> {
  const { namespaces }: PageRoute = pageRoutes[state.screen];
  const strings: Record<string, unknown> = {};
  for (const namespace of new Set([...namespaces, state.namespace ?? namespaces[0]!, 'common'])) {
    const file = join(ROOT, 'locales', language, `${namespace}.json`);
    if (existsSync(file)) strings[namespace] = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  }
  return strings;
}

/**
 * Ready as the journeys wait for it (e2e/fixtures.ts `waitForApp`): the app took the first view over and nothing in
 * the page's content is busy. Not "network idle": the live pages keep a stream open.
 */
async function settle(page: Page, state: ScreenState) {
  await page.waitForFunction(() => document.title.includes(' - '), undefined, { timeout: 20_000 });
  if (!state.loading)
    await page.waitForFunction(() => document.querySelector('#root [aria-busy="true"]') === null, undefined, {
      timeout: 15_000,
    });
}

async function picture(
  browser: Browser,
  state: ScreenState,
  language: string,
  tokens: Record<'owner' | 'friend', string>,
  look: Look,
) {
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    locale: language,
    baseURL: origin,
    colorScheme: look.scheme,
  });
  try {
    const page = await context.newPage();
    if (look.text !== 100) await largeText(page, look.text);
    const account = state.account ?? 'owner';
    if (account !== 'none') {
      const token = tokens[account];
      await installNativeApp(page, token, {
        ...(state.mower && {
          getCommonAppData: ok({
            vehicle_sn: state.mower,
            email: 'reader@navimow.example',
            client_ver: '3.2.0',
            access_token: token,
            platform: 'android' as const,
          }),
        }),
        ...state.answers,
      });
    }
    await state.prepare?.(page);
    const t = await localeTexts(language, state.namespace ?? pageRoutes[state.screen].namespaces[0]);
    if (state.visit) await state.visit(page, language, t);
    else await page.goto(`${state.path}${state.path.includes('?') ? '&' : '?'}lang=${language}`);
    await settle(page, state);
    if (state.act) {
      await state.act(page, t);
      await page.waitForTimeout(200);
      await settle(page, state);
    }
    if (state.visit || /confirmation/.test(state.state))
      await page.getByRole('dialog').first().waitFor({ state: 'visible', timeout: 15_000 });
    if (state.offline) {
      await context.setOffline(true);
      await page
        .getByRole('status')
        .filter({ hasText: (await localeTexts(language, 'common'))('offline.message') })
        .first()
        .waitFor({ timeout: 10_000 });
    }
    // Focus rings and caret blinks aside, the picture is what the user sees once things stopped moving.
    await page.waitForTimeout(150);
    const file = join('shots', language, `${shotName(state)}${lookSuffix(look)}.png`);
    await page.screenshot({ path: join(out, file), fullPage: true, animations: 'disabled', caret: 'hide' });
    const measured = await page.evaluate(measureScreen, TRUNCATED_BY_DESIGN);
    const size = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      height: document.documentElement.scrollHeight,
    }));
    const title = (await page.title()).replace(/ - Navimow$/, '');
    return { file, measured, size, title };
  } finally {
    await context.close();
  }
}

async function main() {
  const started = Date.now();
  buildIfStale();
  codeHash = ['dist/web/.vite/manifest.json', 'scripts/gallery/detect.ts']
    .map((file) => readFileSync(join(ROOT, file), 'utf8'))
    .join('\n');
  mkdirSync(out, { recursive: true });
  const resultsFile = join(out, 'results.json');
  const previous: GalleryResults | undefined = existsSync(resultsFile)
    ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as GalleryResults)
    : undefined;
  const kept = new Map((previous?.shots ?? []).map((shot) => [`${shot.language}/${shot.name}`, shot]));
  for (const language of languages) mkdirSync(join(out, 'shots', language), { recursive: true });

  const server = await startServer();
  const launch = () => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  let browser = await launch();
  /** A browser that went away (on a starved machine Chromium's connection can drop) is started again, once at a time. */
  let relaunching: Promise<Browser> | undefined;
  const liveBrowser = async () => {
    if (browser.isConnected()) return browser;
    relaunching ??= launch().then((started) => {
      browser = started;
      relaunching = undefined;
      return started;
    });
    return relaunching;
  };
  const results = new Map<string, ShotResult>();
  /** Writes the page with what is pictured so far (and, from an earlier run, what is not pictured again). */
  const save = () => {
    const shots = [...results.values()];
    for (const [key, shot] of kept)
      if (!results.has(key) && shot.file && existsSync(join(out, shot.file))) shots.push(shot);
    const gallery: GalleryResults = { generatedAt: new Date().toISOString(), durationMs: Date.now() - started, shots };
    writeFileSync(resultsFile, JSON.stringify(gallery));
    writeFileSync(join(out, 'index.html'), renderGallery(gallery));
    return gallery;
  };
  // Interrupted (Ctrl-C), the gallery keeps what it pictured (`--changed` goes on from there) and takes its server
  // and browser with it.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      save();
      server.kill();
      void browser.close().finally(() => process.exit(130));
    });
  }
  try {
    const tokens = { owner: await signIn(DEMO_OWNER), friend: await signIn(DEMO_FRIEND) };
    // English first: each other language's picture is compared with the English one of the same state.
    const jobs = languages.flatMap((language) =>
      looks.flatMap((look) => states.map((state) => ({ state, language, look }))),
    );
    const englishTexts = new Map<string, { promise: Promise<Set<string>>; resolve: (texts: Set<string>) => void }>();
    for (const state of states) {
      for (const look of looks) {
        let resolve!: (texts: Set<string>) => void;
        const promise = new Promise<Set<string>>((done) => {
          resolve = done;
        });
        englishTexts.set(`${shotName(state)}${lookSuffix(look)}`, { promise, resolve });
      }
    }
    let next = 0;
    let done = 0;
    let skipped = 0;
    const run = async () => {
      while (next < jobs.length) {
        const { state, language, look } = jobs[next++]!;
        const name = `${shotName(state)}${lookSuffix(look)}`;
        const print = fingerprint(state, language, look);
        const before = kept.get(`${language}/${name}`);
        const english = englishTexts.get(name)!;
        if (options.changed && before?.fingerprint === print && !before.error && existsSync(join(out, before.file))) {
          results.set(`${language}/${name}`, before);
          if (language === 'en') english.resolve(new Set(before.texts));
          skipped += 1;
          continue;
        }
        const result: ShotResult = {
          screen: state.screen,
          state: state.state,
          look,
          name,
          path: state.path,
          language,
          file: '',
          fingerprint: print,
          flags: [],
          texts: [],
          width: 0,
          height: 0,
        };
        const began = Date.now();
        try {
          // A picture whose browser went away is taken again, once, in a new one.
          const { file, measured, size, title } = await picture(
            await liveBrowser(),
            state,
            language,
            tokens,
            look,
          ).catch(async (error: unknown) => {
            if (browser.isConnected()) throw error;
            return picture(await liveBrowser(), state, language, tokens, look);
          });
          const flags: Flag[] = judgeOverflow(measured.measures);
          const englishSet = language === 'en' ? new Set<string>() : await english.promise;
          for (const text of untranslated(language, measured.texts, englishSet, USER_DATA)) {
            flags.push({ kind: 'english', text, where: '', detail: 'the same as in English' });
          }
          const keys = textKeys(measured.texts, await screenStrings(state, language));
          Object.assign(result, {
            file,
            flags,
            texts: measured.texts,
            keys,
            title,
            width: size.width,
            height: size.height,
          });
        } catch (error) {
          result.error = (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
        }
        result.ms = Date.now() - began;
        if (language === 'en') english.resolve(new Set(result.texts));
        results.set(`${language}/${name}`, result);
        done += 1;
        if (done % 25 === 0) {
          console.log(`gallery: ${done + skipped}/${jobs.length} pictures`);
          save();
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, run));

    // Pictures of other screens and languages from an earlier run stay in the page.
    const { shots } = save();

    const fresh = shots.filter((shot) =>
      jobs.some(
        ({ state, language, look }) =>
          shot.language === language && shot.name === `${shotName(state)}${lookSuffix(look)}`,
      ),
    );
    const flagged = fresh.filter((shot) => shot.flags.length > 0);
    const failed = fresh.filter((shot) => shot.error);
    const count = (kind: Flag['kind']) =>
      fresh.reduce((sum, shot) => sum + shot.flags.filter((flag) => flag.kind === kind).length, 0);
    console.log(
      `gallery: ${new Set(states.map((state) => state.screen)).size} screens, ${states.length} states, ${languages.length} languages: ` +
        `${fresh.length} pictures (${skipped} unchanged) in ${Math.round((Date.now() - started) / 1000)} s; ` +
        `flags: ${count('clipped')} clipped, ${count('overflows')} overflowing, ${count('offscreen')} off the screen, ` +
        `${count('pageTooWide')} too wide, ${count('english')} English; ${failed.length} failed`,
    );
    for (const shot of flagged)
      for (const flag of shot.flags)
        console.log(`  ${shot.language} ${shot.name}: ${flag.kind} ${flag.where} “${flag.text}” (${flag.detail})`);
    for (const shot of failed) console.log(`  ${shot.language} ${shot.name}: FAILED ${shot.error}`);
    const slowest = fresh
      .filter((shot) => shot.ms !== undefined)
      .sort((a, b) => b.ms! - a.ms!)
      .slice(0, 5);
    console.log(`gallery: slowest ${slowest.map((shot) => `${shot.language}/${shot.name} ${shot.ms} ms`).join(', ')}`);
    console.log(`gallery: open ${join(out, 'index.html')}`);
    process.exitCode = failed.length > 0 ? 1 : 0;
  } finally {
    await browser.close();
    server.kill();
  }
}

await main();
