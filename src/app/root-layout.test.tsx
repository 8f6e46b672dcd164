import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Link } from '../components/link.tsx';
import { initTestI18n } from '../testing/test-i18n.ts';
import { RootLayout } from './root-layout.tsx';
import type { AppRoute } from './routes.ts';

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <button onClick={() => setCount(count + 1)}>count {count}</button>
      <Link to="/other">to other</Link>
    </main>
  );
}

function Other() {
  return (
    <main>
      <p>other page</p>
      <Link to="/kept">back</Link>
    </main>
  );
}

const testRoutes: AppRoute[] = [
  {
    id: 'kept',
    path: '/kept',
    namespaces: ['health'],
    keepAlive: true,
    Screen: lazy(async () => ({ default: Counter })),
  },
  { id: 'other', path: '/other', namespaces: ['health'], Screen: lazy(async () => ({ default: Other })) },
];

beforeAll(async () => {
  await initTestI18n();
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

describe('RootLayout', () => {
  it('keeps a keep-alive route’s state when the user leaves and comes back', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/kept']}>
        <RootLayout routes={testRoutes} />
      </MemoryRouter>,
    );
    await user.click(await screen.findByRole('button', { name: 'count 0' }));
    await user.click(screen.getByRole('button', { name: 'count 1' }));
    await user.click(screen.getByRole('link', { name: 'to other' }));
    expect(await screen.findByText('other page')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'count 2' })).toBeNull();

    await user.click(screen.getByRole('link', { name: 'back' }));
    expect(await screen.findByRole('button', { name: 'count 2' })).toBeVisible();
  });

  it('restores the kept route’s scroll position and starts other routes at the top', async () => {
    const user = userEvent.setup();
    const scrollTo = vi.mocked(window.scrollTo);
    render(
      <MemoryRouter initialEntries={['/kept']}>
        <RootLayout routes={testRoutes} />
      </MemoryRouter>,
    );
    await screen.findByRole('button', { name: 'count 0' });
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    await user.click(screen.getByRole('link', { name: 'to other' }));
    await screen.findByText('other page');
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'instant' });
    await user.click(screen.getByRole('link', { name: 'back' }));
    await screen.findByRole('button', { name: 'count 0' });
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 640, left: 0, behavior: 'instant' });
  });

  it('titles the document with the route title and the product name, and 404s unknown paths', async () => {
    render(
      <MemoryRouter initialEntries={['/nowhere']}>
        <RootLayout routes={testRoutes} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(document.title).toBe('Page not found - Navimow');
  });
});
