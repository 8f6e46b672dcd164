import { expect, type Page, test } from '@playwright/test';
import type { VoiceLinksResponse } from '../common/voice-links.ts';
import { expectFitsTheScreen, largeText, localeTexts, waitForApp } from './fixtures.ts';

/**
 * Android's text zoom at 200 % (every font size doubled, the layout's pixels not) on a 390 × 844 phone, in the
 * languages with the longest words: no page scrolls sideways, the smart-home overview's "Active" pill leaves the
 * services' names readable, and the message centre's unread number stays inside its badge (issue 37, item 1).
 */

const PHONE = { width: 390, height: 844 };
const LONG_LANGUAGES = ['fi', 'de', 'hu'] as const;

const PAGES = [
  '/robotWinterMode/guide',
  '/robotWinterMode/overDischargeNotice',
  '/shareInvitation?id=demo-pending',
  '/smartHome',
  '/message-center',
  '/edmPopup',
] as const;

const everyPlatformLinked: VoiceLinksResponse = {
  links: (['alexa', 'google', 'hornbach'] as const).map((platform) => ({
    platform,
    linked: true,
    linked_since: '2026-11-01T08:00:00.000Z',
    client_id: platform,
  })),
};

async function open(page: Page, path: string, language: string) {
  await page.setViewportSize(PHONE);
  await largeText(page);
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${language}`);
  await waitForApp(page);
  await expect(page.locator('#root [aria-busy="true"]')).toHaveCount(0);
}

for (const language of LONG_LANGUAGES) {
  test.describe(`${language} at 200 % text`, () => {
    for (const path of PAGES) {
      test(`${path} does not scroll sideways`, async ({ page }) => {
        await open(page, path, language);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectFitsTheScreen(page);
      });
    }

    test('the Active pill on /smartHome covers no service name', async ({ page }) => {
      await page.route('**/api/voice-links', (route) =>
        route.request().method() === 'GET' ? route.fulfill({ json: everyPlatformLinked }) : route.fallback(),
      );
      await open(page, '/smartHome', language);
      const active = (await localeTexts(language, 'smartHome'))('active');
      await expect(page.getByText(active, { exact: true })).toHaveCount(3);
      const overlaps = await page.evaluate((activeText) => {
        const found: string[] = [];
        for (const link of document.querySelectorAll('main a')) {
          const texts = [...link.querySelectorAll('span')].filter((span) => span.children.length === 0);
          const pill = texts.find((span) => span.textContent === activeText);
          if (!pill) continue;
          const box = pill.getBoundingClientRect();
          for (const text of texts.filter((span) => span !== pill)) {
            const range = document.createRange();
            range.selectNodeContents(text);
            for (const line of range.getClientRects()) {
              const apart =
                line.right <= box.left || line.left >= box.right || line.bottom <= box.top || line.top >= box.bottom;
              if (!apart) found.push(text.textContent ?? '');
            }
          }
        }
        return found;
      }, active);
      expect(overlaps).toEqual([]);
    });

    test('the unread numbers stay inside their badges', async ({ page }) => {
      await open(page, '/message-center', language);
      const badges = page.getByRole('tab').locator('span').filter({ hasText: /^\d+$/ });
      await expect(badges.first()).toBeVisible();
      const outside = await badges.evaluateAll((elements) =>
        elements.flatMap((badge) => {
          const box = badge.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(badge);
          const text = range.getBoundingClientRect();
          // A pill on its side, as at 100 %: not a tall lozenge around a number that outgrew it.
          const inside =
            box.height <= box.width + 0.5 &&
            text.left >= box.left - 0.5 &&
            text.right <= box.right + 0.5 &&
            text.top >= box.top - 0.5 &&
            text.bottom <= box.bottom + 0.5;
          return inside ? [] : [`${badge.textContent} ${JSON.stringify(text)} in ${JSON.stringify(box)}`];
        }),
      );
      expect(outside).toEqual([]);
    });
  });
}
