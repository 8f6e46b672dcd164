import { describe, expect, it } from 'vitest';
import { matchPageRoute, pageRoutes } from '../../common/page-routes.ts';
import { paths } from './paths.ts';
import { appRoutes, matchAppRoute, notFoundRoute } from './routes.ts';

describe('the route table', () => {
  it('has one route per page of the shared page table, with its path, namespaces and flags', () => {
    const table = [...appRoutes, notFoundRoute].map(({ id, path, namespaces, titleKey, keepAlive, plainBrowser }) => ({
      id,
      path,
      namespaces,
      titleKey,
      keepAlive,
      plainBrowser,
    }));
    expect(table).toEqual(
      Object.entries(pageRoutes).map(([id, route]) => ({
        id,
        path: 'path' in route ? route.path : undefined,
        namespaces: route.namespaces,
        titleKey: 'titleKey' in route ? route.titleKey : undefined,
        keepAlive: 'keepAlive' in route ? true : undefined,
        plainBrowser: 'plainBrowser' in route ? true : undefined,
      })),
    );
  });

  it('matches paths as the server does, so the server preloads the screen the client shows', () => {
    for (const pathname of ['/healthPing', '/HEALTHPING/', '/smartHome/alexa/installNavimow', '/nowhere', '/']) {
      expect(matchAppRoute(pathname).id, pathname).toBe(matchPageRoute(pathname));
    }
  });

  it('links to every page by its path', () => {
    expect(paths.winterGuide.getHref()).toBe('/robotWinterMode/guide');
    expect(paths.smartHomeLogin.path).toBe('/smartHome/login');
    expect(Object.keys(paths)).not.toContain('notFound');
  });
});
