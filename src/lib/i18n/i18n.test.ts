import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n, LocaleLoadError, loadNamespaces } from './i18n.ts';

/** A server for locale files: each listed file fails as often as said, then answers with one text. */
function serveLocales(failures: Record<string, number>) {
  const fetchMock = vi.fn(async (url: string) => {
    const file = url.split('/').slice(-2).join('/');
    if ((failures[file] ?? 0) > 0) {
      failures[file]! -= 1;
      return new Response('unavailable', { status: 503 });
    }
    return Response.json({ title: `title of ${file}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('locale loading', () => {
  it('asks once more for a file that failed, so that the screen shows its texts and not their keys', async () => {
    serveLocales({ 'de/common.json': 1, 'de/messages.json': 1 });
    await initI18n('de', ['common']);
    expect(i18next.getResource('de', 'common', 'title')).toBe('title of de/common.json');
    await loadNamespaces(['messages']);
    expect(i18next.getResource('de', 'messages', 'title')).toBe('title of de/messages.json');
  });

  it('fails with a LocaleLoadError when a file does not come, instead of showing raw keys', async () => {
    const fetchMock = serveLocales({ 'de/sharing.json': 2 });
    await initI18n('de', ['common']);
    await expect(loadNamespaces(['sharing'])).rejects.toBeInstanceOf(LocaleLoadError);
    // Not remembered as loaded: the next screen that needs it asks again.
    await loadNamespaces(['sharing']);
    expect(i18next.getResource('de', 'sharing', 'title')).toBe('title of de/sharing.json');
    expect(fetchMock.mock.calls.filter(([url]) => url.endsWith('de/sharing.json'))).toHaveLength(3);
  });
});

describe('plural forms', () => {
  it('follow European Portuguese in pt: zero takes the plural (0 minutos), where Brazilian rules would say 0 minuto', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          minutes_one: '{{count}} minuto',
          minutes_many: '{{count}} de minutos',
          minutes_other: '{{count}} minutos',
        }),
      ),
    );
    await initI18n('pt', ['common']);
    // A key of this test's own file, not of the typed locale resources.
    const t = i18next.t.bind(i18next) as unknown as (key: string, options: { count: number }) => string;
    expect([0, 1, 2].map((count) => t('minutes', { count }))).toEqual(['0 minutos', '1 minuto', '2 minutos']);
    // Once more after a second init, which makes a new plural resolver.
    await initI18n('pt', ['common']);
    expect((i18next.t.bind(i18next) as unknown as typeof t)('minutes', { count: 0 })).toBe('0 minutos');
    expect(new Intl.PluralRules('pt').select(0)).toBe('one');
  });
});
