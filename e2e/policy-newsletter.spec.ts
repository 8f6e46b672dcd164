import { expect, type Page, test } from '@playwright/test';
import { API_POLICY_VERSION } from '../common/api-policy.ts';
import policyEn from '../locales/en/apiPolicy.json' with { type: 'json' };
import newsletterEn from '../locales/en/newsletter.json' with { type: 'json' };
import { DEMO_OWNER, expectAccessible, expectFitsTheScreen, languageRun, LANGUAGES, localeTexts } from './fixtures.ts';

const FRIEND = 'friend@navimow.example';
const bridgeLog = (page: Page) => page.getByTestId('bridge-log');
const closes = (page: Page) => bridgeLog(page).locator('li[data-method="closeWebView"][data-code="0"]');

/**
 * Consent is stored per account, and the e2e database is shared by every test: a test that needs the account
 * in a given state answers its first status request itself, then lets the real server take over.
 */
async function consentOnce(
  page: Page,
  body: { agreed_at: string | null; agreed_version: string | null; current_version?: string },
) {
  let answered = false;
  await page.route('**/api/policy/consent', async (route) => {
    if (answered || route.request().method() !== 'GET') return route.fallback();
    answered = true;
    await route.fulfill({ json: { current_version: API_POLICY_VERSION, ...body } });
  });
}

test.describe('API access policy', () => {
  test('shows the policy, records the agreement and shows its date from then on', async ({ page }) => {
    await consentOnce(page, { agreed_at: null, agreed_version: null });
    await page.goto('/apiPolicy?lang=en');
    await expect(page).toHaveTitle(`${policyEn.title} - Navimow`);
    for (const section of Object.values(policyEn.sections)) {
      await expect(page.getByRole('region', { name: section.title })).toContainText(section.text);
    }
    await expectAccessible(page);

    const agreed = page.waitForResponse(
      (response) => response.url().endsWith('/api/policy/consent') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: policyEn.agree }).click();
    expect((await agreed).status()).toBe(200);
    expect((await agreed).request().postDataJSON()).toEqual({ version: API_POLICY_VERSION });
    const status = page.getByTestId('consent-status');
    await expect(status).toHaveAttribute('data-status', 'agreed');
    await expect(status).toContainText(/You agreed to this policy on \w+ \d{1,2}, \d{4}\./);
    await expect(page.getByRole('button', { name: policyEn.agree })).toHaveCount(0);
    await expectAccessible(page);

    // The server remembers it: a new visit shows the date, in the reader's language.
    await page.unrouteAll();
    await page.goto('/apiPolicy?lang=de');
    await expect(page.getByTestId('consent-status')).toHaveAttribute('data-status', 'agreed');
    await expect(page.getByTestId('consent-status')).toContainText(/\d{1,2}\. \p{L}+ \d{4}/u);
  });

  test('asks again when the account agreed to an older version', async ({ page }) => {
    await consentOnce(page, { agreed_at: null, agreed_version: '2025-01-15' });
    await page.goto('/apiPolicy?lang=en');
    const status = page.getByTestId('consent-status');
    await expect(status).toHaveAttribute('data-status', 'changed');
    await expect(status).toContainText(policyEn.status.changed);
    await expectAccessible(page);
    await page.getByRole('button', { name: policyEn.agree }).click();
    await expect(status).toHaveAttribute('data-status', 'agreed');
  });

  test('reloads the policy status when a newer version replaced it while the page was open', async ({ page }) => {
    await consentOnce(page, { agreed_at: null, agreed_version: null });
    await page.goto(`/apiPolicy?lang=en&sim_account=${FRIEND}`);
    await expect(page.getByRole('button', { name: policyEn.agree })).toBeEnabled();
    // The server moves on to a newer policy than the page's text.
    await page.route('**/api/policy/consent', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 409, json: { error: { code: 'policy_version_outdated', message: 'newer policy' } } })
        : route.fulfill({
            json: { current_version: '2099-01-01', agreed_at: null, agreed_version: API_POLICY_VERSION },
          }),
    );
    await page.getByRole('button', { name: policyEn.agree }).click();
    const status = page.getByTestId('consent-status');
    await expect(status).toHaveAttribute('data-status', 'outdatedPage');
    await expect(status).toContainText(policyEn.outdatedPage.text);
    await expect(page.getByRole('button', { name: policyEn.agree })).toHaveCount(0);
    await expect(page.getByRole('button', { name: policyEn.outdatedPage.reload, exact: true })).toBeEnabled();
  });

  for (const language of LANGUAGES) {
    test(`speaks ${language}`, languageRun(language), async ({ page }) => {
      await page.goto(`/apiPolicy?lang=${language}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const heading = await page.getByRole('heading', { level: 1 }).innerText();
      await expect(page).toHaveTitle(`${heading} - Navimow`);
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(
        Object.keys(policyEn.sections).length,
      );
      const text = await page.getByRole('main').innerText();
      if (language !== 'en') {
        expect(heading).not.toBe(policyEn.title);
        expect(text).not.toContain(policyEn.intro);
      }
      expect(text).not.toMatch(/\b(apiPolicy|common):|\b(sections|status|failure)\.\w+/);
    });
  }
});

/** The popup shows itself only to accounts that have not answered it; the tests answer that question themselves. */
async function promptShown(page: Page) {
  await page.route('**/api/newsletter/prompt', (route) => route.fulfill({ json: { show: true } }));
}

const uniqueAddress = (label: string) =>
  `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;

async function subscribeAs(page: Page, email: string) {
  const field = page.getByRole('textbox', { name: newsletterEn.email });
  await field.fill(email);
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/newsletter/subscriptions'));
  await page.getByRole('button', { name: newsletterEn.subscribe }).click();
  const response = await answer;
  // Read before the page moves on: the body of a response navigated away from is gone.
  return {
    status: response.status(),
    body: (await response.json()) as unknown,
    sent: response.request().postDataJSON() as unknown,
  };
}

test.describe('newsletter popup', () => {
  test('subscribes the prefilled address, thanks the user and closes the web view', async ({ page }) => {
    await promptShown(page);
    await page.goto('/edmPopup?lang=en');
    await expect(page).toHaveTitle(`${newsletterEn.title} - Navimow`);
    const field = page.getByRole('textbox', { name: newsletterEn.email });
    await expect(field).toHaveValue('demo@navimow.example');
    const benefits = page.getByRole('main').getByRole('listitem');
    await expect(benefits).toHaveText(
      Object.values(newsletterEn.benefits).map((benefit) => `${benefit.title}${benefit.text}`),
    );
    await expect(page.getByText(newsletterEn.unsubscribe)).toBeVisible();
    await expectAccessible(page);

    const address = uniqueAddress('valid');
    const answer = await subscribeAs(page, address);
    expect(answer.status).toBe(202);
    expect(answer.sent).toEqual({ email: address, language: 'en' });
    await expect(page.getByRole('heading', { level: 1, name: newsletterEn.subscribed.title })).toBeFocused();
    await expect(page.getByText(`The newsletter will be sent to ${address}.`)).toBeVisible();
    await expectAccessible(page);
    await expect(closes(page)).toHaveCount(1, { timeout: 10_000 });
  });

  test('refuses an invalid address on the page, and the server refuses it alike', async ({ page, request }) => {
    await promptShown(page);
    const sent: string[] = [];
    page.on('request', (outgoing) => {
      if (outgoing.url().endsWith('/api/newsletter/subscriptions')) sent.push(outgoing.url());
    });
    await page.goto('/edmPopup?lang=en');
    const field = page.getByRole('textbox', { name: newsletterEn.email });
    await field.fill('gardener@example');
    await page.getByRole('button', { name: newsletterEn.subscribe }).click();
    await expect(page.getByText('Incorrect email address. Please try again.')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
    await expectAccessible(page);
    expect(sent).toEqual([]);
    await expect(closes(page)).toHaveCount(0);

    const login = await request.post('/api/auth/login', {
      data: { account: DEMO_OWNER.email, password: DEMO_OWNER.password },
    });
    const refused = await request.post('/api/newsletter/subscriptions', {
      headers: { Authorization: `Bearer ${(await login.json()).access_token}` },
      data: { email: 'gardener@example', language: 'en' },
    });
    expect(refused.status()).toBe(400);
  });

  test('subscribing twice is harmless and answers alike', async ({ page }) => {
    await promptShown(page);
    const address = uniqueAddress('twice');
    await page.goto('/edmPopup?lang=en');
    const first = await subscribeAs(page, address);
    await expect(page.getByRole('heading', { level: 1, name: newsletterEn.subscribed.title })).toBeVisible();
    await page.goto('/edmPopup?lang=en');
    const second = await subscribeAs(page, address);
    await expect(page.getByRole('heading', { level: 1, name: newsletterEn.subscribed.title })).toBeVisible();
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(second.body).toEqual(first.body);
  });

  test('Not now closes the web view and remembers nothing', async ({ page }) => {
    await promptShown(page);
    const changes: string[] = [];
    page.on('request', (outgoing) => {
      if (outgoing.method() !== 'GET' && outgoing.url().includes('/api/newsletter/')) changes.push(outgoing.url());
    });
    await page.goto('/edmPopup?lang=en');
    await page.getByRole('button', { name: newsletterEn.notNow }).click();
    await expect(closes(page)).toHaveCount(1);
    expect(changes).toEqual([]);
  });

  for (const language of ['en', 'de', 'fi']) {
    test(`every way out is on the first screen of a 390 × 844 phone (${language}), and Close at the top`, async ({
      page,
    }) => {
      await promptShown(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/edmPopup?lang=${language}`);
      const [t, common] = await Promise.all([localeTexts(language, 'newsletter'), localeTexts(language, 'common')]);
      const close = page.getByRole('button', { name: common('actions.close'), exact: true });
      for (const name of [t('subscribe'), t('notNow'), t('dontShowAgain'), common('actions.close')]) {
        await expect(page.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
      }
      const title = await page.getByRole('heading', { level: 1 }).boundingBox();
      expect((await close.boundingBox())!.y).toBeLessThan(title!.y);
      await close.click();
      await expect(closes(page)).toHaveCount(1);
    });
  }

  test('Don’t show this again is remembered for the account: the popup then closes itself at once', async ({
    page,
  }) => {
    await promptShown(page);
    await page.goto(`/edmPopup?lang=en&sim_account=${FRIEND}`);
    const dismissed = page.waitForResponse((response) => response.url().endsWith('/api/newsletter/prompt/dismissal'));
    await page.getByRole('button', { name: newsletterEn.dontShowAgain }).click();
    expect((await dismissed).status()).toBe(204);
    await expect(closes(page)).toHaveCount(1);

    await page.unrouteAll();
    const asked = page.waitForResponse((response) => response.url().endsWith('/api/newsletter/prompt'));
    await page.goto(`/edmPopup?lang=en&sim_account=${FRIEND}`);
    expect(await (await asked).json()).toEqual({ show: false });
    await expect(closes(page)).toHaveCount(1);
    await expect(page.getByRole('textbox', { name: newsletterEn.email })).toHaveCount(0);
    await expectAccessible(page);
  });

  for (const language of LANGUAGES) {
    test(`speaks ${language}`, languageRun(language), async ({ page }) => {
      await promptShown(page);
      await page.goto(`/edmPopup?lang=${language}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('textbox')).toBeVisible();
      const heading = await page.getByRole('heading', { level: 1 }).innerText();
      await expect(page).toHaveTitle(`${heading} - Navimow`);
      const text = await page.getByRole('main').innerText();
      if (language !== 'en') {
        expect(text).not.toContain(newsletterEn.lede);
        expect(text).not.toContain(newsletterEn.benefits.updates.text);
        expect(text).not.toContain(newsletterEn.dontShowAgain);
      }
      expect(text).not.toMatch(/\b(newsletter|common):|\b(subscribed|failure|benefits)\.\w+/);
      await expectFitsTheScreen(page);
    });
  }
});
