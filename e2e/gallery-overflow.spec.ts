import { expect, type Page, test } from '@playwright/test';
import { judgeOverflow, measureScreen } from '../scripts/gallery/detect.ts';
import { localeTexts, waitForApp } from './fixtures.ts';

/**
 * The screen gallery's overflow check (scripts/gallery/detect.ts, docs/gallery.md) on a real screen: the
 * invitation in German finds nothing, and the same screen with a deliberately overlong text in a button and in the
 * title (a word no line can break) is flagged at those places, as a translator's too-long string would be.
 */

const OVERLONG = 'Mähroboterwinterschlafeinladungsannahmebestätigung';

/**
 * Puts the overlong word into an element, and takes away the element's leave to break it (the pages let long
 * words wrap anywhere, so that a translator's too-long word no longer overflows; the check must still catch one
 * that does, as in a box that may not wrap).
 */
function overfill(element: HTMLElement | SVGElement, text: string) {
  element.textContent = text;
  Object.assign(element.style, {
    overflowWrap: 'normal',
    wordBreak: 'normal',
    hyphens: 'manual',
    whiteSpace: 'nowrap',
  });
}

async function openInvitation(page: Page) {
  await page.setViewportSize({ width: 412, height: 915 });
  await page.goto('/shareInvitation?id=demo-pending&lang=de');
  await waitForApp(page);
  const t = await localeTexts('de', 'sharing');
  await expect(page.getByRole('button', { name: t('accept') })).toBeVisible();
  return t;
}

test('the invitation in German has nothing overflowing', async ({ page }) => {
  await openInvitation(page);
  expect(judgeOverflow((await page.evaluate(measureScreen, [])).measures)).toEqual([]);
});

test('an overlong string in a button and in the title is flagged where it is', async ({ page }) => {
  const t = await openInvitation(page);
  await page.getByRole('button', { name: t('accept') }).evaluate(overfill, OVERLONG);
  await page.getByRole('heading', { level: 1 }).evaluate(overfill, OVERLONG);

  const flags = judgeOverflow((await page.evaluate(measureScreen, [])).measures);
  const places = flags.filter((flag) => flag.text === OVERLONG).map((flag) => flag.where.split(/[.[]/)[0]);
  expect(places).toEqual(expect.arrayContaining(['button', 'h1']));
  for (const flag of flags.filter((candidate) => candidate.text === OVERLONG)) {
    expect(['clipped', 'overflows', 'offscreen']).toContain(flag.kind);
    expect(flag.box?.width).toBeGreaterThan(0);
  }
});
