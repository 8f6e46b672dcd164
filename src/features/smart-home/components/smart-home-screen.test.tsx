import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VoiceLink } from '../../../../common/voice-links.ts';
import { refreshAccessToken } from '../../../lib/session.ts';
import { type FakeReply, installFakeApi } from '../../../testing/fake-api.ts';
import { installFakeBridge } from '../../../testing/fake-bridge.ts';
import { initTestI18n } from '../../../testing/test-i18n.ts';
import { HornbachIntroScreen } from './hornbach-intro-screen.tsx';
import { SmartHomeScreen } from './smart-home-screen.tsx';

const link = (platform: VoiceLink['platform'], linked: boolean): VoiceLink => ({
  platform,
  linked,
  linked_since: linked ? '2026-05-01T10:00:00.000Z' : null,
  client_id: linked ? platform : null,
});

let bridge: ReturnType<typeof installFakeBridge> | undefined;

/** The platforms' replies; the connected services (none here: connected-services.test.tsx) load beside them. */
async function setup(replies: FakeReply[]) {
  bridge = installFakeBridge({
    getCommonAppData: () => ({
      code: 0,
      data: { vehicle_sn: '', email: 'demo@navimow.example', client_ver: '3.0.200', access_token: 'token' },
    }),
  });
  await refreshAccessToken();
  installFakeApi({
    '/voice-links': replies,
    '/voice-links/services': replies.map(() => ({ status: 200, body: { services: [] } })),
  });
  render(
    <MemoryRouter>
      <SmartHomeScreen />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const ok = (...links: VoiceLink[]) => ({ status: 200, body: { links } });

beforeAll(() => initTestI18n());
afterEach(() => {
  bridge?.uninstall();
  bridge = undefined;
  vi.unstubAllGlobals();
});

describe('SmartHomeScreen', () => {
  it('lists the three platforms, each opening its pages, and marks active only what the server says is linked', async () => {
    await setup([ok(link('alexa', false), link('google', true), link('hornbach', true))]);
    const list = screen.getByRole('list', { name: 'Voice assistants and smart-home apps' });
    expect(await within(list).findAllByText('Active')).toHaveLength(2);
    const links = within(list).getAllByRole('link');
    expect(links.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Amazon AlexaVoice control with Alexa', '/smartHome/alexa/info'],
      ['Google AssistantActiveVoice control with Google and the Google Home app', '/smartHome/googleHome/bindDetail'],
      ["HornbachActiveYour mower in Hornbach's smart-home app", '/smartHome/hornbach/intro'],
    ]);
  });

  it('says it is loading, then shows no label while nothing is linked', async () => {
    await setup([ok(link('alexa', false), link('google', false), link('hornbach', false))]);
    const main = screen.getByRole('main');
    expect(within(main).getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('link', { name: /Google Assistant/ })).toBeVisible();
    await vi.waitFor(() => expect(within(main).queryByRole('status')).toBeNull());
    expect(screen.queryByText('Active')).toBeNull();
  });

  it('shows a failure with Retry, and the labels after a successful retry', async () => {
    const user = await setup([
      { status: 503, body: { error: { code: 'unavailable', message: 'x' } } },
      ok(link('google', true)),
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your linked platforms could not be loaded.');
    expect(screen.getAllByRole('link')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Active')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says there is no Internet connection when the phone is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await setup(['network-error']);
    expect(await screen.findByRole('alert')).toHaveTextContent('No Internet connection');
    vi.restoreAllMocks();
  });
});

describe('Hornbach pages', () => {
  it('explain what the link allows and lead to the steps', () => {
    render(
      <MemoryRouter>
        <HornbachIntroScreen />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Hornbach smart home' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'What the link allows' })).toHaveTextContent(
      'control your mowers on your behalf',
    );
    expect(screen.getByRole('link', { name: 'How to connect' })).toHaveAttribute(
      'href',
      '/smartHome/hornbach/howToConnect',
    );
  });
});
