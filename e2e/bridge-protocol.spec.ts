import { expect, type Page, test } from '@playwright/test';

type Mode = 'ok' | 'never' | 'malformed-then-valid' | 'duplicate' | 'late' | 'invalid-result' | 'native-failure';

/**
 * A fake native app, installed before any page script runs, on the iOS or the Android transport. It records
 * every request as received and answers getAppVersion according to `mode`.
 */
async function installFakeNative(page: Page, platform: 'ios' | 'android', mode: Mode) {
  await page.addInitScript(
    ({ platform, mode }) => {
      const w = window as unknown as Record<string, unknown> & { __requests: unknown[]; __callbacksAfterAnswer: Record<string, string> };
      w.__requests = [];
      w.__callbacksAfterAnswer = {};
      const reply = (callback: string, response: unknown, delay = 10) =>
        setTimeout(() => {
          const fn = w[callback];
          if (typeof fn === 'function') fn(response);
        }, delay);
      const versionOk = { code: 0, data: { versionName: '3.1.0', versionCode: 300100000 } };
      const receive = (raw: unknown) => {
        w.__requests.push(raw);
        const request = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { method: string; callback: string };
        if (request.method !== 'getAppVersion') {
          reply(request.callback, { code: 0 });
          return;
        }
        const cb = request.callback;
        switch (mode) {
          case 'ok':
            reply(cb, JSON.stringify(versionOk));
            setTimeout(() => (w.__callbacksAfterAnswer[cb] = typeof w[cb]), 50);
            break;
          case 'never':
            break;
          case 'malformed-then-valid':
            reply(cb, 'not json at all', 5);
            reply(cb, { nocode: true }, 10);
            reply(cb, versionOk, 20);
            break;
          case 'duplicate': {
            const fn = w[cb] as (response: unknown) => void;
            setTimeout(() => {
              fn(versionOk);
              fn({ code: 0, data: { versionName: '9.9.9', versionCode: 999 } });
            }, 10);
            break;
          }
          case 'late':
            reply(cb, versionOk, 3_500);
            break;
          case 'invalid-result':
            reply(cb, { code: 0, data: { versionName: 5 } });
            break;
          case 'native-failure':
            reply(cb, { code: 500, msg: 'boom' });
            break;
        }
      };
      if (platform === 'ios') {
        (window as unknown as { webkit: unknown }).webkit = { messageHandlers: { NavimowBridge: { postMessage: receive } } };
      } else {
        (window as unknown as { NavimowBridge: unknown }).NavimowBridge = { postMessage: receive };
      }
    },
    { platform, mode },
  );
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
      await installFakeNative(page, platform, 'ok');
      const errors = trackPageErrors(page);
      await page.goto('/healthPing?lang=en');
      await expect(bridgeCheck(page)).toHaveAttribute('data-status', 'ok');
      await expect(page.getByText(platform === 'ios' ? 'Connected to the iOS app' : 'Connected to the Android app')).toBeVisible();
      await expect(page.getByText('App version 3.1.0 (build 300100000)')).toBeVisible();
      // A real native app is present, so the simulator stays away.
      await expect(page.locator('#native-simulator')).toHaveCount(0);

      const requests = await page.evaluate(() => (window as unknown as { __requests: unknown[] }).__requests);
      const parsed = requests.map((raw) => {
        expect(typeof raw).toBe(platform === 'ios' ? 'object' : 'string');
        return (typeof raw === 'string' ? JSON.parse(raw) : raw) as { method: string; callback: string; params: unknown };
      });
      for (const request of parsed) {
        expect(Object.keys(request).sort()).toEqual(['callback', 'method', 'params']);
        expect(request.callback).toMatch(/^[A-Za-z_$][A-Za-z0-9_$]*$/);
        expect(typeof request.params).toBe('object');
      }
      expect(new Set(parsed.map((request) => request.callback)).size).toBe(parsed.length);
      expect(parsed.map((request) => request.method)).toEqual(expect.arrayContaining(['getAppVersion', 'finishRendering']));

      await expect
        .poll(() => page.evaluate(() => Object.values((window as unknown as { __callbacksAfterAnswer: Record<string, string> }).__callbacksAfterAnswer)))
        .toContain('undefined');
      expect(errors).toEqual([]);
    });
  });
}

test('a call that is never answered times out as a failure and the page goes on', async ({ page }) => {
  await installFakeNative(page, 'android', 'never');
  const errors = trackPageErrors(page);
  await page.goto('/healthPing?lang=en');
  await expect(page.getByTestId('check-server')).toHaveAttribute('data-status', 'ok');
  await expect(bridgeCheck(page)).toHaveAttribute('data-status', 'failed', { timeout: 10_000 });
  await expect(page.getByText('The app did not answer.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('malformed answers are ignored until a valid one comes', async ({ page }) => {
  await installFakeNative(page, 'ios', 'malformed-then-valid');
  const errors = trackPageErrors(page);
  await page.goto('/healthPing?lang=en');
  await expect(bridgeCheck(page)).toHaveAttribute('data-status', 'ok');
  expect(errors).toEqual([]);
});

test('a repeated answer is ignored: the first one counts', async ({ page }) => {
  await installFakeNative(page, 'android', 'duplicate');
  const errors = trackPageErrors(page);
  await page.goto('/healthPing?lang=en');
  await expect(page.getByText('App version 3.1.0 (build 300100000)')).toBeVisible();
  await page.waitForTimeout(200);
  await expect(page.getByText('9.9.9')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a late answer after the timeout is ignored without an error', async ({ page }) => {
  await installFakeNative(page, 'ios', 'late');
  const errors = trackPageErrors(page);
  await page.goto('/healthPing?lang=en');
  await expect(bridgeCheck(page)).toHaveAttribute('data-status', 'failed', { timeout: 10_000 });
  await page.waitForTimeout(1_000);
  await expect(bridgeCheck(page)).toHaveAttribute('data-status', 'failed');
  expect(errors).toEqual([]);
});

for (const mode of ['invalid-result', 'native-failure'] as const) {
  test(`an answer that is a ${mode} settles the call as a failure`, async ({ page }) => {
    await installFakeNative(page, 'android', mode);
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
