import { expect, type Page, test } from '@playwright/test';
import commentsEn from '../locales/en/comments.json' with { type: 'json' };
import bayEn from '../locales/en/expansionBay.json' with { type: 'json' };
import { DEMO_OWNER, expectAccessible, languageRun, LANGUAGES, waitForApp } from './fixtures.ts';

const DEMO = DEMO_OWNER;

function trackPageErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const bridgeLog = (page: Page) => page.getByTestId('bridge-log');
const moduleCard = (page: Page, id: string) => page.getByTestId(`module-${id}`);

test.describe('expansion bay', () => {
  test('shows what fits the i105E, with the antenna’s new-map warning', async ({ page }) => {
    const errors = trackPageErrors(page);
    await page.goto('/expansion-bay?lang=en&sim_mower=NVM-DEMO-0001');
    await expect(page.getByRole('heading', { level: 1, name: bayEn.title })).toBeVisible();
    await expect(page).toHaveTitle(`${bayEn.title} - Navimow`);
    await expect(page.getByTestId('current-mower')).toContainText('Front lawn');
    await expect(page.getByTestId('current-mower')).toContainText('Navimow i105E');

    const antenna = moduleCard(page, 'antenna');
    await expect(antenna).toHaveAttribute('data-support', 'optional');
    await expect(antenna.getByRole('note', { name: bayEn.antennaWarning.title })).toContainText(
      bayEn.antennaWarning.text,
    );
    await expect(antenna.getByRole('listitem').last()).toHaveText(bayEn.install.steps.newMap);
    await expect(moduleCard(page, 'vision')).toHaveAttribute('data-support', 'builtIn');
    await expect(moduleCard(page, 'vision')).toContainText(bayEn.status.builtIn);
    await expect(moduleCard(page, 'cellular')).toHaveAttribute('data-support', 'notSupported');
    await expect(moduleCard(page, 'cellular')).toContainText('This module does not fit the Navimow i105E.');

    await expect(bridgeLog(page).locator('li[data-method="getMowerList"][data-code="0"]').first()).toBeAttached();
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  test('shows what fits the shared X330E, with the antenna’s new-map warning', async ({ page }) => {
    await page.goto('/expansion-bay?lang=en&sim_mower=NVM-DEMO-0002');
    await expect(page.getByTestId('current-mower')).toContainText('Back garden');
    await expect(page.getByTestId('current-mower')).toContainText('Navimow X330E');
    await expect(page.getByText(bayEn.fits.replace('{{model}}', 'Navimow X330E'))).toBeVisible();
    const antenna = moduleCard(page, 'antenna');
    await expect(antenna).toHaveAttribute('data-support', 'optional');
    await expect(antenna.getByRole('note', { name: bayEn.antennaWarning.title })).toContainText(
      bayEn.antennaWarning.text,
    );
    await expect(moduleCard(page, 'cellular')).toHaveAttribute('data-support', 'builtIn');
    await expect(moduleCard(page, 'cellular')).toContainText(bayEn.builtInNote);
    await expectAccessible(page);
  });

  test('opens the mower’s settings in the app', async ({ page }) => {
    await page.goto('/expansion-bay?lang=en&sim_mower=NVM-DEMO-0002');
    await page.getByRole('button', { name: bayEn.settings.open }).click();
    await expect(bridgeLog(page).locator('li[data-method="handleH5MowerSet"][data-code="0"]')).toHaveCount(1);
    await expect(page.getByRole('button', { name: bayEn.settings.open })).toBeEnabled();
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  });

  test('gives a model it does not know a generic message', async ({ page }) => {
    // The simulated app reports the mowers the API lists: give the current one a model the catalogue lacks.
    await page.route('**/api/mowers', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { mowers: { model: string }[] };
      await route.fulfill({
        response,
        json: { mowers: body.mowers.map((mower) => ({ ...mower, model: 'Navimow Z900' })) },
      });
    });
    await page.goto('/expansion-bay?lang=en&sim_mower=NVM-DEMO-0001');
    await expect(page.getByRole('heading', { level: 2, name: bayEn.unknownModel.title })).toBeVisible();
    await expect(page.getByText(bayEn.unknownModel.text.replace('{{model}}', 'Navimow Z900'))).toBeVisible();
    await expect(moduleCard(page, 'antenna')).toHaveCount(0);
    await expect(page.getByRole('button', { name: bayEn.settings.open })).toBeVisible();
    await expectAccessible(page);
  });

  test('says when the app cannot tell the mower, and retries', async ({ page }) => {
    // The simulated app cannot sign in, so it answers getCommonAppData with a failure.
    await page.route('**/api/auth/login', (route) => route.abort('connectionrefused'));
    await page.goto('/expansion-bay?lang=en&sim_mower=NVM-DEMO-0001');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(bayEn.loadFailed);
    await expect(bridgeLog(page).locator('li[data-method="getCommonAppData"][data-code="401"]').first()).toBeAttached();
    await expectAccessible(page);

    await page.unroute('**/api/auth/login');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(moduleCard(page, 'antenna')).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  });
});

test.describe('comment tool', () => {
  const longComment = 'x'.repeat(1001);

  test('explains what is missing or too long, and sends nothing', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/comments')) posts.push(request.method());
    });
    await page.goto('/shulex-comment-tool?lang=en');
    await expect(page.getByRole('heading', { level: 1, name: commentsEn.title })).toBeVisible();
    await expect(page).toHaveTitle(`${commentsEn.title} - Navimow`);
    await expectAccessible(page);

    await page.getByRole('button', { name: commentsEn.submit }).click();
    const rating = page.getByRole('radiogroup', { name: commentsEn.rating.label });
    await expect(rating).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Choose a rating from 1 to 5 stars.')).toBeVisible();
    await expect(page.getByRole('radio', { name: '1 star' })).toBeFocused();

    const comment = page.getByRole('textbox', { name: commentsEn.comment.label });
    await comment.fill(longComment);
    await expect(page.getByTestId('comment-counter')).toHaveText('1 character too many');
    await page.getByRole('radio', { name: '4 stars' }).check();
    await expect(rating).not.toHaveAttribute('aria-invalid');
    await page.getByRole('button', { name: commentsEn.submit }).click();
    await expect(page.getByText('Shorten your comment to 1,000 characters or fewer.')).toBeVisible();
    await expect(comment).toBeFocused();
    await expectAccessible(page);

    await comment.fill(longComment.slice(2));
    await expect(page.getByTestId('comment-counter')).toHaveText('1 character left');
    await expect(page.getByText('Shorten your comment to 1,000 characters or fewer.')).toHaveCount(0);
    expect(posts).toEqual([]);
  });

  test('stores a comment once even when its first answer is lost, and thanks the user', async ({ page, request }) => {
    const errors = trackPageErrors(page);
    const answers: { status: number; body: { id: string; created_at: string } }[] = [];
    let sentBody: Record<string, unknown> | undefined;
    // The first submit reaches the server, but its answer never reaches the page (a dropped connection).
    await page.route('**/api/comments', async (route) => {
      sentBody = route.request().postDataJSON() as Record<string, unknown>;
      const response = await route.fetch();
      answers.push({ status: response.status(), body: await response.json() });
      if (answers.length === 1) await route.abort('connectionreset');
      else await route.fulfill({ response });
    });

    await page.goto('/shulex-comment-tool?lang=en&sim_mower=NVM-DEMO-0002');
    await page.getByRole('radio', { name: '5 stars' }).check();
    await expect(page.getByTestId('rating-meaning')).toHaveText(commentsEn.rating.meaning['5']);
    await page
      .getByRole('combobox', { name: commentsEn.topic.label })
      .selectOption({ label: commentsEn.topic.options.mapping });
    await page.getByRole('textbox', { name: commentsEn.comment.label }).fill('  The new map took five minutes.  ');
    await page.getByRole('button', { name: commentsEn.submit }).click();

    await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(commentsEn.failure.failed);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: commentsEn.success.title })).toBeFocused();
    await expectAccessible(page);

    expect(sentBody).toMatchObject({
      rating: 5,
      topic: 'mapping',
      comment: 'The new map took five minutes.',
      vehicle_sn: 'NVM-DEMO-0002',
    });
    expect(answers.map((answer) => answer.status)).toEqual([201, 200]);
    expect(answers[1]!.body).toEqual(answers[0]!.body);

    // Sending the same answer again, as a retry would, still finds that one stored comment.
    const login = await request.post('/api/auth/login', { data: { account: DEMO.email, password: DEMO.password } });
    const { access_token } = (await login.json()) as { access_token: string };
    const repeat = await request.post('/api/comments', {
      data: sentBody,
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(repeat.status()).toBe(200);
    expect(await repeat.json()).toEqual(answers[0]!.body);
    expect(errors).toEqual([]);
  });

  test('keeps a comment written offline and sends it when the connection is back', async ({ page, context }) => {
    await page.goto('/shulex-comment-tool?lang=en');
    await waitForApp(page);
    await page.getByRole('radio', { name: '3 stars' }).check();
    await context.setOffline(true);
    await page.getByRole('button', { name: commentsEn.submit }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(commentsEn.failure.offline);
    await expectAccessible(page, 'main');
    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1, name: commentsEn.success.title })).toBeVisible();
  });
});

test.describe('device pages in every language', () => {
  const rawKeys = /\b(common|expansionBay|comments|simulator):|\b[a-z]+\.[a-z]+[A-Za-z]*\.[a-z]/;

  /** The screen's texts, one per line: an English string may be part of a translation ("Send" in "Senden"). */
  async function screenLines(page: Page) {
    return (await page.locator('main').innerText()).split('\n').map((line) => line.trim());
  }

  async function expectLocalizedTitle(page: Page, language: string, englishTitle: string) {
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const heading = await page.getByRole('heading', { level: 1 }).innerText();
    await expect(page).toHaveTitle(`${heading} - Navimow`);
    if (language !== 'en') expect(heading).not.toBe(englishTitle);
  }

  for (const language of LANGUAGES) {
    test(`expansion bay speaks ${language}`, languageRun(language), async ({ page }) => {
      await page.goto(`/expansion-bay?lang=${language}&sim_mower=NVM-DEMO-0001`);
      // The simulated app signs in first (a deliberately slow password hash): allow for a busy machine.
      await expect(moduleCard(page, 'antenna').getByRole('note')).toBeVisible({ timeout: 15_000 });
      await expectLocalizedTitle(page, language, bayEn.title);
      if (language !== 'en') {
        const lines = await screenLines(page);
        for (const english of [
          bayEn.antennaWarning.text,
          bayEn.status.optional,
          bayEn.install.steps.powerOff,
          bayEn.settings.open,
        ]) {
          expect(lines).not.toContain(english);
        }
      }
      expect(await page.locator('body').innerText()).not.toMatch(rawKeys);
    });

    test(`comment tool speaks ${language}`, languageRun(language), async ({ page }) => {
      await page.goto(`/shulex-comment-tool?lang=${language}`);
      await page.locator('main button[type="submit"]').click({ timeout: 15_000 });
      await expect(page.locator('#rating-error')).toBeVisible();
      await expectLocalizedTitle(page, language, commentsEn.title);
      if (language !== 'en') {
        const lines = await screenLines(page);
        for (const english of [
          commentsEn.submit,
          commentsEn.rating.label,
          commentsEn.comment.label,
          'Choose a rating from 1 to 5 stars.',
        ]) {
          expect(lines).not.toContain(english);
        }
      }
      expect(await page.locator('body').innerText()).not.toMatch(rawKeys);
    });
  }
});
