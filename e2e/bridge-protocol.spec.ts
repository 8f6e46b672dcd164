import { expect, type Page, test } from '@playwright/test';
import { failure, noAnswer, ok } from '../src/lib/bridge/native-fake.ts';
import { type FakeNativeSetup, installFakeNative, nativeFakeRecord } from './native-fake.ts';

type Mode = 'ok' | 'never' | 'malformed-then-valid' | 'duplicate' | 'late' | 'invalid-result' | 'native-failure';

const VERSION = { versionName: '3.1.0', versionCode: 300100000 };

/** How the fake native app answers getAppVersion in each mode: the deliberately wrong answers are raw replies. */
const VERSION_ANSWERS: Record<Mode, NonNullable<FakeNativeSetup['answers']['getAppVersion']>> = {
  // As a JSON string, as the Android app answers.
  ok: { replies: [{ body: JSON.stringify(ok(VERSION)), afterMs: 10 }] },
  never: noAnswer,
  'malformed-then-valid': {
    replies: [
      { body: 'not json at all', afterMs: 5 },
      { body: { nocode: true }, afterMs: 10 },
      { body: ok(VERSION), afterMs: 20 },
    ],
  },
  duplicate: {
    replies: [
      { body: ok(VERSION), afterMs: 10 },
      { body: ok({ versionName: '9.9.9', versionCode: 999 }), afterMs: 10 },
    ],
  },
  late: { replies: [{ body: ok(VERSION), afterMs: 3_500 }] },
  'invalid-result': { replies: [{ body: { code: 0, data: { versionName: 5 } }, afterMs: 10 }] },
  'native-failure': failure(500, 'boom'),
};

/**
 * The fake native app (e2e/native-fake.ts), installed before any page script runs, on the iOS or the Android
 * transport. It records every request as received, answers getAppVersion according to `mode` and acknowledges
 * the rest.
 */
function installProtocolFake(page: Page, platform: 'ios' | 'android', mode: Mode) {
  return installFakeNative(page, {
    platform,
    answers: { getAppVersion: VERSION_ANSWERS[mode] },
    otherwise: { code: 0 },
    latencyMs: 10,
  });
}

function trackPageErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const bridgeCheck = (page: Page) => page.getByTestId('check-bridge');

for (const platform of ['ios', 'android'] as const) {
  test.describe(`bridge protocol on ${platform}`, () => {
    test('posts one well-formed request per call and removes the callback after its answer', async ({ page }) => {
      await installProtocolFake(page, platform, 'ok');
      const errors = trackPageErrors(page);
      await page.goto('/healthPing?lang=en');
      await expect(bridgeCheck(page)).toHaveAttribute('data-status', 'ok');
      await expect(
        page.getByText(platform === 'ios' ? 'Connected to the iOS app' : 'Connected to the Android app'),
      ).toBeVisible();
      await expect(page.getByText('App version 3.1.0 (build 300100000)')).toBeVisible();
      // A real native app is present, so the simulator stays away.
      await expect(page.locator('#native-simulator')).toHaveCount(0);

      const { requests } = await nativeFakeRecord(page);
      const parsed = requests.map((raw) => {
        expect(typeof raw).toBe(platform === 'ios' ? 'object' : 'string');
        return (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
          method: string;
          callback: string;
          params: unknown;
        };
      });
      for (const request of parsed) {
        expect(Object.keys(request).sort()).toEqual(['callback', 'method', 'params']);
        expect(request.callback).toMatch(/^[A-Za-z_$][A-Za-z0-9_$]*$/);
        expect(typeof request.params).toBe('object');
      }
      expect(new Set(parsed.map((request) => request.callback)).size).toBe(parsed.length);
      expect(parsed.map((request) => request.method)).toEqual(
        expect.arrayContaining(['getAppVersion', 'finishRendering']),
      );

      const versionCallback = parsed.find((request) => request.method === 'getAppVersion')!.callback;
      await expect
        .poll(async () => (await nativeFakeRecord(page)).callbackAfterAnswer[versionCallback])
        .toBe('undefined');
      expect(errors).toEqual([]);
    });
  });
}

test('a call that is never answered times out as a failure and the page goes on', async ({ page }) => {
  await installProtocolFake(page, 'android', 'never');
  const errors = trackPageErrors(page);
  await page.goto('/healthPing?lang=en');
  await expect(page.getByTestId('check-server')).toHaveAttribute('data-status', 'ok');
  await expect(bridgeCheck(page)).toHaveAttribute('data-status', 'failed', { timeout: 10_000 });
  await expect(page.getByText('The app did not answer.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('malformed answers are ignored until a valid one comes', async ({ page }) => {
  await installProtocolFake(page, 'ios', 'malformed-then-valid');
  const errors = trackPageErrors(page);
  await page.goto('/healthPing?lang=en');
  await expect(bridgeCheck(page)).toHaveAttribute('data-status', 'ok');
  expect(errors).toEqual([]);
});

test('a repeated answer is ignored: the first one counts', async ({ page }) => {
  await installProtocolFake(page, 'android', 'duplicate');
  const errors = trackPageErrors(page);
  await page.goto('/healthPing?lang=en');
  await expect(page.getByText('App version 3.1.0 (build 300100000)')).toBeVisible();
  await page.waitForTimeout(200);
  await expect(page.getByText('9.9.9')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a late answer after the timeout is ignored without an error', async ({ page }) => {
  await installProtocolFake(page, 'ios', 'late');
  const errors = trackPageErrors(page);
  await page.goto('/healthPing?lang=en');
  await expect(bridgeCheck(page)).toHaveAttribute('data-status', 'failed', { timeout: 10_000 });
  await page.waitForTimeout(1_000);
  await expect(bridgeCheck(page)).toHaveAttribute('data-status', 'failed');
  expect(errors).toEqual([]);
});

for (const mode of ['invalid-result', 'native-failure'] as const) {
  test(`an answer that is a ${mode} settles the call as a failure`, async ({ page }) => {
    await installProtocolFake(page, 'android', mode);
    const errors = trackPageErrors(page);
    await page.goto('/healthPing?lang=en');
    await expect(bridgeCheck(page)).toHaveAttribute('data-status', 'failed');
    expect(errors).toEqual([]);
  });
}

test('without any native app or simulator the page still works and says so', async ({ page }) => {
  // The server marks pages for the simulator; a page without that mark has no native side at all.
  await page.route('**/healthPing*', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/<meta name="navimow-simulator"[^>]*>/, '');
    await route.fulfill({ response, body: html });
  });
  await page.goto('/healthPing?lang=en');
  await expect(bridgeCheck(page)).toHaveAttribute('data-status', 'failed');
  await expect(page.getByText('This page is not open in the Navimow app.')).toBeVisible();
  await expect(page.getByTestId('check-server')).toHaveAttribute('data-status', 'ok');
});
