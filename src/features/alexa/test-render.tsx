import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { refreshAccessToken } from '../../lib/session.ts';
import { type FakeReply, installFakeApi } from '../../testing/fake-api.ts';
import { type FakeHandlers, installFakeBridge } from '../../testing/fake-bridge.ts';

/** Where a screen navigated to: the path and query the router shows now. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * A signed-in fake app (with the given extra bridge handlers), a fake API answering `/api/voice-links…`, and
 * the screen at `entry` inside a router that shows where it navigates.
 */
export async function renderAlexaScreen(
  screen: ReactNode,
  {
    entry,
    path = entry.split('?')[0]!,
    replies = {},
    bridge = {},
    nativeApp = true,
  }: {
    entry: string;
    path?: string;
    replies?: Record<string, FakeReply[]>;
    bridge?: FakeHandlers;
    nativeApp?: boolean;
  },
) {
  const fakeBridge = nativeApp
    ? installFakeBridge({
        getCommonAppData: () => ({
          code: 0,
          data: { vehicle_sn: '', email: 'demo@navimow.example', client_ver: '3.0.200', access_token: 'token' },
        }),
        closeWebView: () => ({ code: 0 }),
        ...bridge,
      })
    : undefined;
  await refreshAccessToken();
  const api = installFakeApi(replies);
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path={path} element={screen} />
        <Route path="*" element={<p>another page</p>} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
  return { user, api, bridge: fakeBridge, view };
}
