import { render, screen } from '@testing-library/react';
import { createElement, Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../testing/test-i18n.ts';
import { matchPageRoute, pageRoutes } from '../../common/page-routes.ts';
import { appRoutes, matchAppRoute, notFoundRoute, preloadScreen } from './routes.ts';

beforeAll(async () => {
  await initTestI18n();
});

describe('the route table', () => {
  it('has one route per page of the shared page table, with its path, namespaces and flags', () => {
    const table = [...appRoutes, notFoundRoute].map(
      ({ id, path, namespaces, titleKey, keepAlive, plainBrowser, untranslatedTitle }) => ({
        id,
        path,
        namespaces,
        titleKey,
        keepAlive,
        plainBrowser,
        untranslatedTitle,
      }),
    );
    expect(table).toEqual(
      Object.entries(pageRoutes).map(([id, route]) => ({
        id,
        path: 'path' in route ? route.path : undefined,
        namespaces: route.namespaces,
        titleKey: 'titleKey' in route ? route.titleKey : undefined,
        keepAlive: 'keepAlive' in route ? true : undefined,
        plainBrowser: 'plainBrowser' in route ? true : undefined,
        untranslatedTitle: 'untranslatedTitle' in route ? route.untranslatedTitle : undefined,
      })),
    );
  });

  it('keeps untranslated pages to developer tools that need no strings of their own', () => {
    const untranslated = appRoutes.filter((route) => route.untranslatedTitle !== undefined);
    expect(untranslated.map((route) => route.id)).toEqual(['bridgeCheck']);
    for (const route of untranslated) expect(route.namespaces).toEqual(['common']);
  });

  it('matches paths as the server does, so the server preloads the screen the client shows', () => {
    for (const pathname of ['/healthPing', '/HEALTHPING/', '/smartHome/alexa/installNavimow', '/nowhere', '/']) {
      expect(matchAppRoute(pathname).id, pathname).toBe(matchPageRoute(pathname));
    }
  });
});

describe('a route’s screen', () => {
  const renderScreen = (Screen: typeof notFoundRoute.Screen) =>
    render(createElement(MemoryRouter, null, createElement(Suspense, { fallback: 'loading' }, createElement(Screen))));

  it('waits for its chunk on first visit', async () => {
    const healthPing = matchAppRoute('/healthPing');
    renderScreen(healthPing.Screen);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Health check' })).toBeVisible();
  });

  it('renders at once, without a fallback, once preloaded (the first screen at start-up)', async () => {
    await preloadScreen(notFoundRoute);
    renderScreen(notFoundRoute.Screen);
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
  });
});
