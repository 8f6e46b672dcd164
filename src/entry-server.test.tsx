// @vitest-environment node
// No DOM here, as on the server: a screen that reads `window` or `document` while rendering fails this test.
import { beforeAll, describe, expect, it } from 'vitest';
import { pageRoutes } from '../common/page-routes.ts';
import type { PageRenderer } from '../common/page-render.ts';
import { createPageRenderer } from './entry-server.tsx';

const locales = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });
const readLocale = (language: string, namespace: string) => locales[`../locales/${language}/${namespace}.json`]!;

const titleOf = (language: string, namespace: string, key: string): string =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], readLocale(language, namespace)) as string;

const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

let renderer: PageRenderer;
beforeAll(async () => {
  renderer = await createPageRenderer(readLocale);
});

describe('the server-rendered first view', () => {
  // The query a screen needs to show its own title rather than "invalid request".
  const queries: Partial<Record<string, string>> = {
    googleAppBind: '?client_id=google&redirect_uri=https%3A%2F%2Fexample.com',
    shareInvitation: '?id=an-invitation',
    alexaAppBind: '?code=a-code&state=a-state',
  };
  const pages = Object.entries(pageRoutes).map(([id, route]) => ({
    id,
    path: ('path' in route ? route.path : '/no-such-page') + (queries[id] ?? ''),
    namespace: route.namespaces[0],
    titleKey: route.namespaces[0] === 'common' ? 'notFound.title' : ('titleKey' in route && route.titleKey) || 'title',
  }));

  for (const language of ['en', 'de', 'fi']) {
    it.each(pages)(`renders $id in ${language} on the server, with its title`, ({ path, namespace, titleKey }) => {
      const html = renderer.render(path, language);
      // `<!--$!-->` is React's mark for a part that failed on the server and is left to the browser.
      expect(html).not.toContain('<!--$!-->');
      expect(html).toContain(`>${escaped(titleOf(language, namespace, titleKey))}</h1>`);
    });
  }

  it('renders the same markup for the same URL and language, whichever was rendered before', () => {
    const first = renderer.render('/connectSolutions', 'de');
    renderer.render('/connectSolutions', 'fi');
    renderer.render('/winterGuide', 'en');
    expect(renderer.render('/connectSolutions', 'de')).toBe(first);
  });

  it('renders a query the screen reads as text, never as markup', () => {
    const html = renderer.render('/smartHome/login?interaction=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', 'en');
    expect(html).not.toContain('<img src=x');
  });

  it('refuses a language the web view does not have', () => {
    expect(() => renderer.render('/healthPing', 'xx')).toThrow();
  });
});
