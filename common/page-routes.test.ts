import { describe, expect, it } from 'vitest';
import { matchPageRoute, pageRoutes, pathMatches, screenModule } from './page-routes.ts';

describe('matchPageRoute', () => {
  it('finds the page of a path, ignoring case and trailing slashes as the client router does', () => {
    expect(matchPageRoute('/robotWinterMode/guide')).toBe('winterGuide');
    expect(matchPageRoute('/robotwintermode/GUIDE/')).toBe('winterGuide');
    expect(matchPageRoute('/smartHome/login')).toBe('smartHomeLogin');
  });

  it('gives every other path to the not-found page', () => {
    expect(matchPageRoute('/')).toBe('notFound');
    expect(matchPageRoute('/robotWinterMode')).toBe('notFound');
    expect(matchPageRoute('/robotWinterMode/guide/step2')).toBe('notFound');
    expect(matchPageRoute('/healthPingX')).toBe('notFound');
  });

  it('matches whole paths only', () => {
    expect(pathMatches('/healthPing', '/healthPing')).toBe(true);
    expect(pathMatches('/healthPing', '/x/healthPing')).toBe(false);
  });
});

describe('the page table', () => {
  it('gives each page its own path and screen module', () => {
    const routes = Object.values(pageRoutes);
    const paths = routes.flatMap((route) => ('path' in route ? [route.path.toLowerCase()] : []));
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(routes.map((route) => screenModule(route))).size).toBe(routes.length);
    expect(screenModule(pageRoutes.winterGuide)).toBe('src/app/routes/winter-guide.tsx');
  });

  it('marks the web login pages, which open outside the mower app, for a plain browser only', () => {
    const plain = Object.entries(pageRoutes).flatMap(([id, route]) => ('plainBrowser' in route ? [id] : []));
    expect(plain.sort()).toEqual(['alexaExternalInfo', 'alexaInstallNavimow', 'smartHomeLogin']);
  });

  it('keeps only the message centre alive, as the seed caches only that view', () => {
    const kept = Object.entries(pageRoutes).flatMap(([id, route]) => ('keepAlive' in route ? [id] : []));
    expect(kept).toEqual(['messageCenter']);
    expect(matchPageRoute('/message-center')).toBe('messageCenter');
    expect(matchPageRoute('/messageHistory')).toBe('messageHistory');
  });
});
