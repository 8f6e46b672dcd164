import { expect, type Page, test } from '@playwright/test';
import { ok } from '../src/lib/bridge/native-fake.ts';
import { ROUND_TRIP_TEXT } from '../src/features/bridge-check/check-plan.ts';
import { expectAccessible, expectFitsTheScreen } from './fixtures.ts';
import { installFakeNative } from './native-fake.ts';

/** The bridge check (`/bridgeCheck`): the native team's conformance page, English only (decision 031). */

const method = (page: Page, name: string) => page.getByTestId(`method-${name}`);
const summary = (page: Page) => page.getByTestId('check-summary').getByRole('status');

const TAPPED = [
  'closeWebView',
  'openExternalURI',
  'openScheme',
  'openSystemPermissionPage',
  'setAppFlipResult',
  'openGoogleHomeURI',
  'handleH5MowerSet',
  'setWinterStorageMode',
] as const;

test('the simulated app passes it completely, a restart of the app included', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/bridgeCheck?lang=de');
  await expect(page).toHaveTitle('Bridge check - Navimow');
  await expect(page.getByRole('main')).toHaveAttribute('lang', 'en');
  await expect(summary(page)).toHaveText('10 pass, 0 fail, 0 no answer in time, 0 refused, 9 not run (of 19 methods).');
  await expect(page.getByTestId('check-transport')).toContainText(
    'The simulated app, on the Android transport: window.NavimowBridge.postMessage',
  );
  await expect(page.getByTestId('check-app-version')).toContainText('3.0.200 (build 300000200)');
  await expect(page.getByTestId('enhanced-gate')).toHaveText(
    'Passes the enhanced-behaviour gate (build 300000153 or later).',
  );
  await expect(page.getByTestId('check-encryption')).toHaveAttribute('data-verdict', 'pass');
  await expect(page.getByTestId('version-suffix')).toHaveText('The ciphertext carries the version suffix #NB2.');
  // Nothing with a visible effect ran by itself: the simulator's log has none of them.
  const log = page.getByTestId('bridge-log');
  for (const name of [...TAPPED, 'changeMowerOpenScheme'])
    await expect(log.locator(`li[data-method="${name}"]`)).toHaveCount(0);

  for (const name of TAPPED) {
    await expect(method(page, name)).toContainText('Not run: tap to run it.');
    await method(page, name)
      .getByRole('button', { name: `Run ${name}` })
      .click();
    await expect(method(page, name)).toHaveAttribute('data-verdict', 'pass');
  }
  // The raw exchange, as posted and as answered (the simulator answers JSON text, as the Android app does).
  await method(page, 'openScheme').getByText('Request and answers').click();
  await expect(method(page, 'openScheme').locator('pre').first()).toContainText('navimow://bridgeCheck');
  await expect(method(page, 'openScheme').locator('pre').nth(1)).toContainText('opened');
  await expectAccessible(page, '#root');
  await expectFitsTheScreen(page);

  // The app restarts with the mower (the page loads again): the tapped results are kept, the rest run again.
  await method(page, 'changeMowerOpenScheme').getByRole('button', { name: 'Run changeMowerOpenScheme' }).click();
  await expect(page).toHaveURL(/sim_mower=/);
  await expect(summary(page)).toHaveText('19 pass, 0 fail, 0 no answer in time, 0 refused, 0 not run (of 19 methods).');
  expect(errors).toEqual([]);
});

test('a wrong native app: each defect is named, and the result copies as JSON', async ({ page }) => {
  const VERSION = { versionName: '3.0.153', versionCode: 300000153 };
  await installFakeNative(page, {
    platform: 'ios',
    answers: {
      // getMowerList is missing: the fake answers 404, as the apps do for a method they do not know.
      finishRendering: ok(),
      getCommonAppData: ok({
        vehicle_sn: 'NVM-1',
        email: 'owner@example.com',
        client_ver: '3.0.153',
        access_token: 'secret-token-123',
      }),
      ipSearch: { replies: [{ body: { code: 0, data: { country: 'DE' } }, afterMs: 10 }] },
      handleEncipherment: ok('Y2lwaGVy#NB2'),
      handleDecrypt: ok(Buffer.from(ROUND_TRIP_TEXT).toString('base64')),
      showAppNavigationBar: ok(),
      getDevicePermissions: ok({ bluetooth: 'granted', location: 'denied', notification: 'unsupported' }),
      getAppVersion: { replies: [{ body: ok(VERSION), afterMs: 3_500 }] },
      appIsInstall: ok({ installed: true }),
    },
    latencyMs: 10,
  });
  await page.goto('/bridgeCheck');
  await expect(page.getByTestId('check-transport')).toContainText('iOS: window.webkit.messageHandlers.NavimowBridge');
  await expect(summary(page)).toHaveText('7 pass, 2 fail, 1 no answer in time, 0 refused, 9 not run (of 19 methods).', {
    timeout: 10_000,
  });

  await expect(method(page, 'getMowerList')).toHaveAttribute('data-verdict', 'fail');
  await expect(method(page, 'getMowerList')).toContainText('Missing method: the app answered 404 (unknown method).');
  await expect(method(page, 'ipSearch')).toHaveAttribute('data-verdict', 'fail');
  await expect(method(page, 'ipSearch')).toContainText("Wrong shape: the answer's data does not fit the method.");
  await expect(method(page, 'ipSearch')).toContainText('country_code');
  await expect(method(page, 'getAppVersion')).toHaveAttribute('data-verdict', 'no-answer');
  await expect(method(page, 'getAppVersion')).toContainText('No answer within 3 s.');
  await expect(method(page, 'getAppVersion')).toContainText(
    /An answer came after 3\d{3} ms, when the page had given up at 3000 ms\./,
  );
  await expect(page.getByTestId('check-app-version')).toContainText('getAppVersion did not pass');
  await expect(page.getByTestId('check-encryption')).toHaveAttribute('data-verdict', 'pass');

  // The raw answer is shown without the user's token.
  await method(page, 'getCommonAppData').getByText('Request and answers').click();
  await expect(method(page, 'getCommonAppData')).toContainText('<redacted: 16 characters>');
  await expect(page.locator('#root')).not.toContainText('secret-token-123');
  await expectAccessible(page, '#root');
  await expectFitsTheScreen(page);

  await page.getByRole('button', { name: 'Copy the result as JSON' }).click();
  const json = await page.getByRole('textbox', { name: 'Result as JSON', includeHidden: true }).inputValue();
  const report = JSON.parse(json) as {
    transport: { kind: string };
    methods: { method: string; verdict: string; summary: string }[];
  };
  expect(report.transport.kind).toBe('ios');
  expect(Object.fromEntries(report.methods.map((entry) => [entry.method, entry.verdict]))).toMatchObject({
    getMowerList: 'fail',
    ipSearch: 'fail',
    getAppVersion: 'no-answer',
    getCommonAppData: 'pass',
    closeWebView: 'not-run',
  });
  expect(json).not.toContain('secret-token-123');
  expect(json).not.toContain('owner@example.com');
});

test('outside the app it says there is no transport and sends nothing', async ({ page }) => {
  await page.route('**/bridgeCheck*', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/<meta name="navimow-simulator"[^>]*>/, '');
    await route.fulfill({ response, body: html });
  });
  await page.goto('/bridgeCheck?lang=en');
  await expect(page.getByTestId('check-transport')).toHaveAttribute('data-verdict', 'fail');
  await expect(page.getByTestId('check-transport')).toContainText("Open this page in the app's web view.");
  await expect(method(page, 'getAppVersion')).toContainText('Not sent: no native transport on this page.');
  await expect(method(page, 'closeWebView').getByRole('button', { name: 'Run closeWebView' })).toBeDisabled();
});
