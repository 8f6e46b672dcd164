import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';
import type { PageRouteId } from '../common/page-routes.ts';
import { ok } from '../src/lib/bridge/native-fake.ts';
import { type FakeNativeSetup, installFakeNative } from './native-fake.ts';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
let axeSource: Promise<string> | undefined;

/**
 * Runs axe on the page (WCAG 2.1 A and AA) and fails on any violation. axe-core runs in the page itself, as
 * `@axe-core/playwright`'s legacy mode does, without its default second page for the report: that page cost each check
 * a second copy of axe (about a second on CI's two cores, over some 400 checks), for cross-origin frames these pages
 * do not have.
 */
export async function expectAccessible(page: Page, include?: string) {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const source = await axeSource;
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  const violations = await page.evaluate(
    async ([context, tags]) => {
      const { axe } = window as unknown as {
        axe: { run(context: ElementContext, options: RunOptions): Promise<AxeResults> };
      };
      const results = await axe.run(context ?? document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    },
    [include, AXE_TAGS] as const,
  );
  expect(violations).toEqual([]);
}

/** Fails when the page is wider than the screen (a word or a table that does not wrap). */
export async function expectFitsTheScreen(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'wider than the screen').toBeLessThanOrEqual(0);
}

/** A language's texts of one locale namespace, read by key path (`t('markAll.title')`), for tests in any language. */
export async function localeTexts(language: string, namespace: string): Promise<(path: string) => string> {
  const { default: texts } = (await import(`../locales/${language}/${namespace}.json`, { with: { type: 'json' } })) as {
    default: unknown;
  };
  return (path) => {
    const text = path
      .split('.')
      .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], texts);
    if (typeof text !== 'string') throw new Error(`no text ${namespace}:${path} in ${language}`);
    return text;
  };
}

export { SUPPORTED_LANGUAGES as LANGUAGES } from '../common/languages.ts';

/**
 * The tag of a journey that runs outside CI, in `npm run test:e2e:sweep` (docs/testing.md, decision 040): the same
 * check as a CI journey, in more languages or the other colour scheme. CI runs a sample of each matrix.
 */
export const SWEEP_TAG = '@sweep';

/**
 * The languages a per-language journey runs in on CI: English (the source), German and Finnish (the longest words)
 * and Polish (three plural forms). The other eighteen run in the sweep.
 */
export const CI_LANGUAGES: readonly string[] = ['en', 'de', 'fi', 'pl'];

/**
 * The languages a sweep of every page's accessibility and layout runs in on CI: English, and Finnish for the longest
 * words. German runs in the sweep (axe's findings do not change with the language; the layout's do, and Finnish's
 * words are the longer).
 */
export const AXE_LANGUAGES: readonly string[] = ['en', 'fi'];

/** A per-language journey's details: on CI in one of `sample`'s languages, in the sweep in any other. */
export function languageRun(language: string, sample: readonly string[] = CI_LANGUAGES): { tag?: string } {
  return sample.includes(language) ? {} : { tag: SWEEP_TAG };
}

/** What a page needs in its address to show its main state (without it some show their "missing link" state). */
export const MAIN_STATE_QUERY: Partial<Record<PageRouteId, string>> = {
  shareInvitation: 'id=demo-pending',
  // A message the demo has read already: opening it changes nothing the message-centre journeys count.
  messageDetail: 'id=demo-msg-lifted',
  googleAppBind: `client_id=google&scope=${encodeURIComponent('mower:read mower:control')}&redirect_uri=${encodeURIComponent('https://oauth-redirect.googleusercontent.com/r/navimow-demo')}`,
};

/**
 * Waits until the page has taken the server-rendered first view over (docs/decisions/019-…): the title is set by an
 * effect of the app. Before that the view is markup only; a test that acts on it must wait, as a test that cuts the
 * network must (the app's code would never arrive).
 */
export async function waitForApp(page: Page) {
  await expect(page).toHaveTitle(/ - /);
}

/** Holds the requests to `url` back, as a slow connection would, until the returned function is called. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Holds the app's code back until the returned function is called. */
export function holdTheApp(page: Page): Promise<() => void> {
  return holdRequests(page, '**/assets/start-*.js');
}

/** What React reports when the markup it hydrates is not what it renders (production builds give error numbers). */
export function collectHydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  const isHydrationError = (text: string) => /hydrat|react\.dev\/errors\/(418|419|422|423|425)\b/i.test(text);
  page.on('console', (message) => {
    if (message.type() === 'error' && isHydrationError(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (isHydrationError(`${error.message} ${error.stack ?? ''}`)) errors.push(error.message);
  });
  return errors;
}

/** The demo's owner (server/db/seed.ts). */
export const DEMO_OWNER = { email: 'demo@navimow.example', password: 'Navimow-demo-1' };
export const DEMO_FRIEND = { email: 'friend@navimow.example', password: 'Navimow-demo-2' };

/** Signs in as the native app does: a first-party session's bearer token. */
export async function signIn(
  request: APIRequestContext,
  account: { email: string; password: string },
): Promise<string> {
  const response = await request.post('/api/auth/login', {
    data: { account: account.email, password: account.password },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * A native app on the Android transport that gives the page this token (and answers the rest as a phone would);
 * `answers` replace some of its answers (an older app, another current mower, a denied permission).
 */
export function installNativeApp(page: Page, accessToken: string, answers: FakeNativeSetup['answers'] = {}) {
  return installFakeNative(page, {
    platform: 'android',
    answers: {
      getAppVersion: ok({ versionName: '3.2.0', versionCode: 300000200 }),
      getCommonAppData: ok({
        vehicle_sn: 'NVM-DEMO-0001',
        email: 'reader@navimow.example',
        client_ver: '3.2.0',
        access_token: accessToken,
        platform: 'android',
      }),
      getMowerList: ok({
        mowers: [
          {
            vehicle_sn: 'NVM-DEMO-0001',
            name: 'Front lawn',
            model: 'Navimow i105E',
            role: 'owner',
            battery_percent: 92,
          },
          {
            vehicle_sn: 'NVM-DEMO-0002',
            name: 'Back garden',
            model: 'Navimow X330E',
            role: 'shared',
            battery_percent: 40,
          },
        ],
      }),
      ...answers,
    },
    otherwise: { code: 0, data: {} },
  });
}

/**
 * Android's text zoom (Settings, font size) at `percent`: every font size scaled, the layout's pixels not. Chromium
 * in a phone's emulation honours `text-size-adjust`, which scales text the same way; the page's own 100 % is
 * overruled.
 */
export function largeText(page: Page, percent = 200) {
  return page.addInitScript((size) => {
    const style = document.createElement('style');
    style.textContent = `html { -webkit-text-size-adjust: ${size}% !important; text-size-adjust: ${size}% !important; }`;
    document.addEventListener('DOMContentLoaded', () => document.head.append(style));
  }, percent);
}
