import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConnectedService } from '../../../../common/voice-links.ts';
import commonDe from '../../../../locales/de/common.json' with { type: 'json' };
import smartHomeDe from '../../../../locales/de/smartHome.json' with { type: 'json' };
import { refreshAccessToken } from '../../../lib/session.ts';
import { apiError, type FakeReply, installFakeApi } from '../../../testing/fake-api.ts';
import { installFakeBridge } from '../../../testing/fake-bridge.ts';
import { initTestI18n } from '../../../testing/test-i18n.ts';
import { SmartHomeScreen } from './smart-home-screen.tsx';

const HOME_ASSISTANT: ConnectedService = {
  id: 'grant-ha-1',
  client_id: 'homeassistant',
  name: 'Home Assistant',
  since: '2026-11-03T10:00:00.000Z',
};
const SECOND_HOME_ASSISTANT: ConnectedService = {
  ...HOME_ASSISTANT,
  id: 'grant-ha-2',
  since: '2026-11-20T09:30:00.000Z',
};
const SCRIPT: ConnectedService = {
  id: 'grant-script',
  client_id: 'demo-client',
  name: 'Navimow demo client',
  since: '2026-10-01T12:00:00.000Z',
};

const services = (...list: ConnectedService[]) => ({ status: 200, body: { services: list } });
const noLinks = { status: 200, body: { links: [] } };

let bridge: ReturnType<typeof installFakeBridge> | undefined;

async function setup(replies: Record<string, FakeReply[]>) {
  bridge = installFakeBridge({
    getCommonAppData: () => ({
      code: 0,
      data: { vehicle_sn: '', email: 'demo@navimow.example', client_ver: '3.0.200', access_token: 'token' },
    }),
  });
  await refreshAccessToken();
  const api = installFakeApi({ '/voice-links': [noLinks, noLinks], ...replies });
  render(
    <MemoryRouter>
      <SmartHomeScreen />
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), api };
}

const section = () => screen.findByRole('region', { name: 'Connected services' });
const rows = async () => within(await section()).getAllByRole('listitem');
const dialog = () => screen.getByRole('dialog', { name: 'Unlink Home Assistant?' });

beforeAll(() => initTestI18n());
afterEach(() => {
  bridge?.uninstall();
  bridge = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Connected services on the smart-home screen', () => {
  it('lists every link with its service and date, each Home Assistant on its own, below the platforms', async () => {
    await setup({ '/voice-links/services': [services(SECOND_HOME_ASSISTANT, HOME_ASSISTANT, SCRIPT)] });
    const list = await rows();
    expect(list.map((row) => row.textContent)).toEqual([
      'Home AssistantLinked on November 20, 2026Unlink',
      'Home AssistantLinked on November 3, 2026Unlink',
      'Navimow demo clientLinked on October 1, 2026Unlink',
    ]);
    // Each Unlink is described by its own row, so that a screen reader tells them apart.
    const unlink = within(list[1]!).getByRole('button', { name: 'Unlink' });
    expect(unlink).toHaveAccessibleDescription('Home Assistant Linked on November 3, 2026');
    expect(screen.getByText(/^Other apps linked to your Navimow account/)).toBeVisible();
    const platforms = screen.getByRole('list', { name: 'Voice assistants and smart-home apps' });
    expect(platforms.compareDocumentPosition(await section()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('adds the time where the same service was linked twice on one day', async () => {
    const morning = { ...HOME_ASSISTANT, since: '2026-11-03T08:05:00.000Z' };
    const noon = { ...HOME_ASSISTANT, id: 'grant-ha-noon', since: '2026-11-03T12:40:00.000Z' };
    await setup({
      '/voice-links/services': [services(noon, morning, { ...SCRIPT, since: '2026-11-03T09:00:00.000Z' })],
    });
    const withTime = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' });
    const list = await rows();
    expect(list[0]).toHaveTextContent(`Linked on ${withTime.format(Date.parse(noon.since))}`);
    expect(list[1]).toHaveTextContent(`Linked on ${withTime.format(Date.parse(morning.since))}`);
    expect(list[2]).toHaveTextContent(/Linked on November 3, 2026Unlink$/);
  });

  it('says that nothing else is linked when there is nothing', async () => {
    await setup({ '/voice-links/services': [services()] });
    expect(await section()).toHaveTextContent(
      'Connected servicesNo other apps or services are linked to your Navimow account.',
    );
    expect(within(await section()).queryByRole('list')).toBeNull();
  });

  it('writes the date in the page’s language', async () => {
    i18next.addResourceBundle('de', 'smartHome', smartHomeDe);
    i18next.addResourceBundle('de', 'common', commonDe);
    await i18next.changeLanguage('de');
    try {
      await setup({ '/voice-links/services': [services(HOME_ASSISTANT)] });
      const region = await screen.findByRole('region', { name: 'Verknüpfte Dienste' });
      expect(within(region).getByRole('listitem')).toHaveTextContent(
        'Home AssistantVerknüpft am 3. November 2026Verknüpfung aufheben',
      );
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('asks first with Cancel focused; cancelling sends nothing', async () => {
    const { user, api } = await setup({ '/voice-links/services': [services(HOME_ASSISTANT)] });
    const unlink = within((await rows())[0]!).getByRole('button', { name: 'Unlink' });
    await user.click(unlink);
    expect(dialog()).toHaveTextContent(
      'Home Assistant, linked on November 3, 2026, will no longer be able to read or control your mowers. You can link it again from Home Assistant at any time.',
    );
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.changes()).toEqual([]);
    expect(await rows()).toHaveLength(1);
  });

  it('unlinks that one link after the confirmation: one request however often it is tapped, then it leaves the list', async () => {
    // The server's answer waits, so that the screen can be seen while the request is on its way.
    let answer!: (reply: { status: number }) => void;
    const pending = new Promise<{ status: number }>((resolve) => (answer = resolve));
    const { user, api } = await setup({
      '/voice-links/services': [services(SECOND_HOME_ASSISTANT, HOME_ASSISTANT)],
      'DELETE /voice-links/services/grant-ha-1': [pending],
    });
    await user.click(within((await rows())[1]!).getByRole('button', { name: 'Unlink' }));
    const confirm = within(dialog()).getByRole('button', { name: 'Unlink' });
    await user.dblClick(confirm);
    expect(screen.queryByRole('dialog')).toBeNull();
    const busy = within((await rows())[1]!).getByRole('button', { name: 'Unlinking…' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(api.changes()).toEqual(['DELETE /voice-links/services/grant-ha-1']);

    answer({ status: 204 });
    await vi.waitFor(async () => expect(await rows()).toHaveLength(1));
    expect((await rows())[0]).toHaveTextContent('Linked on November 20, 2026');
    expect(screen.getByText('Home Assistant is unlinked.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Connected services' })).toHaveFocus();
  });

  it('shows a failed unlink beside its link, with Retry that sends it again without asking twice', async () => {
    const { user, api } = await setup({
      '/voice-links/services': [services(HOME_ASSISTANT)],
      'DELETE /voice-links/services/grant-ha-1': [apiError(503, 'unavailable'), { status: 204 }],
    });
    await user.click(within((await rows())[0]!).getByRole('button', { name: 'Unlink' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Unlink' }));
    const row = (await rows())[0]!;
    expect(await within(row).findByRole('alert')).toHaveTextContent(
      'Home Assistant could not be unlinked. Please try again.',
    );
    const retry = within(row).getByRole('button', { name: 'Retry' });
    expect(retry).toHaveFocus();
    await user.click(retry);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      await within(await section()).findByText('No other apps or services are linked to your Navimow account.'),
    ).toBeVisible();
    expect(api.changes()).toEqual([
      'DELETE /voice-links/services/grant-ha-1',
      'DELETE /voice-links/services/grant-ha-1',
    ]);
  });

  it('says there is no Internet connection when the phone is offline', async () => {
    const { user } = await setup({
      '/voice-links/services': [services(HOME_ASSISTANT)],
      'DELETE /voice-links/services/grant-ha-1': ['network-error'],
    });
    await user.click(within((await rows())[0]!).getByRole('button', { name: 'Unlink' }));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(within(dialog()).getByRole('button', { name: 'Unlink' }));
    expect(await within((await rows())[0]!).findByRole('alert')).toHaveTextContent('No Internet connection');
  });

  it('says once when the links did not load, and Retry loads the platforms and the services again', async () => {
    const { user } = await setup({ '/voice-links/services': [apiError(503, 'unavailable'), services(HOME_ASSISTANT)] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your linked platforms could not be loaded.');
    expect(screen.queryByRole('region', { name: 'Connected services' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await rows()).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
