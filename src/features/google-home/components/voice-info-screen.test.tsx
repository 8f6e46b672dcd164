import { fireEvent, render, screen, within } from '@testing-library/react';
import finnish from '../../../../locales/fi/googleHome.json';
import german from '../../../../locales/de/googleHome.json';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Mower } from '../../../lib/bridge/methods.ts';
import { refreshAccessToken } from '../../../lib/session.ts';
import { apiError, type FakeReply, installFakeApi } from '../../../testing/fake-api.ts';
import { type FakeAnswer, installFakeBridge } from '../../../testing/fake-bridge.ts';
import { i18next } from '../../../lib/i18n/i18n.ts';
import { initTestI18n } from '../../../testing/test-i18n.ts';
import { VoiceInfoScreen } from './voice-info-screen.tsx';

const mower = (vehicle_sn: string, name: string): Mower => ({
  vehicle_sn,
  name,
  model: 'Navimow i105E',
  role: 'owner',
});
let bridge: ReturnType<typeof installFakeBridge> | undefined;

async function setup(mowerList: FakeAnswer<'getMowerList'>, replies: Record<string, FakeReply[]> = {}) {
  bridge = installFakeBridge({
    getCommonAppData: () => ({
      code: 0,
      data: { vehicle_sn: '', email: 'demo@navimow.example', client_ver: '3.0.200', access_token: 'token' },
    }),
    getMowerList: () => mowerList,
  });
  await refreshAccessToken();
  installFakeApi(replies);
  render(<VoiceInfoScreen />);
}

const examples = () =>
  within(screen.getByTestId('google-voice-examples'))
    .getAllByRole('definition')
    .map((item) => item.textContent);

beforeAll(() => initTestI18n());
afterEach(async () => {
  await i18next.changeLanguage('en');
  bridge?.uninstall();
  bridge = undefined;
  vi.unstubAllGlobals();
});

describe('VoiceInfoScreen', () => {
  it('with several mowers, says each command with the user’s own mower name and lists the names', async () => {
    await setup({ code: 0, data: { mowers: [mower('NVM-1', 'Front lawn'), mower('NVM-2', '<b>Back garden</b>')] } });
    expect(await screen.findByRole('region', { name: 'Examples for Front lawn' })).toBeVisible();
    expect(examples()).toEqual([
      'Hey Google, start Front lawn.',
      'Hey Google, resume Front lawn.',
      'Hey Google, dock Front lawn.',
      'Hey Google, pause Front lawn.',
      'Hey Google, is Front lawn running?',
    ]);
    expect(within(screen.getByRole('region', { name: 'Your mowers' })).getByText('<b>Back garden</b>')).toBeVisible();
    expect(screen.getByText(/Settings > Device information > Rename/)).toBeVisible();
    expect(screen.getByText(/more than 30 languages/)).toBeVisible();
  });

  it('with only one mower, uses the word for mower and says the name works too', async () => {
    await setup({ code: 0, data: { mowers: [mower('NVM-1', 'Front lawn')] } });
    expect(
      await screen.findByText('You have one mower, Front lawn: you can say its name or “the mower”.'),
    ).toBeVisible();
    expect(examples()[0]).toBe('Hey Google, start the mower.');
    expect(screen.queryByRole('region', { name: 'Your mowers' })).toBeNull();
  });

  it('reads the mowers from the API when the app cannot list them', async () => {
    await setup(
      { code: 500, msg: 'x' },
      {
        '/mowers': [
          {
            status: 200,
            body: {
              mowers: [
                { serial_number: 'NVM-1', name: 'Orchard', model: 'm', role: 'owner', battery_percent: 1 },
                { serial_number: 'NVM-2', name: 'Yard', model: 'm', role: 'shared', battery_percent: 1 },
              ],
            },
          },
        ],
      },
    );
    expect(await screen.findByRole('region', { name: 'Examples for Orchard' })).toBeVisible();
  });

  it('says so when the mower names cannot be loaded, and shows the examples with the word for mower', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await setup({ code: 500, msg: 'x' }, { '/mowers': [apiError(503, 'unavailable')] });
    expect(await screen.findByText(/Your mower names could not be loaded/)).toHaveAttribute('role', 'status');
    expect(examples()[0]).toBe('Hey Google, start the mower.');
  });

  it('shows the commands in the page’s language when Google Assistant speaks it, with the word Google knows for the mower', async () => {
    i18next.addResourceBundle('de', 'googleHome', german);
    await i18next.changeLanguage('de');
    await setup({ code: 0, data: { mowers: [mower('NVM-1', 'Vorgarten')] } });
    expect(
      await screen.findByText(
        'Sie haben einen Mähroboter, Vorgarten: Sie können seinen Namen oder „den Rasenmäher“ sagen.',
      ),
    ).toBeVisible();
    expect(examples()).toEqual([
      'Hey Google, starte den Rasenmäher.',
      'Hey Google, setze den Rasenmäher fort.',
      'Hey Google, schick den Rasenmäher zur Ladestation.',
      'Hey Google, pausiere den Rasenmäher.',
      'Hey Google, läuft der Rasenmäher?',
    ]);
    expect(screen.queryByTestId('google-voice-not-spoken')).toBeNull();
  });

  it('in a language Google Assistant does not speak (Finnish), says so and shows the commands in English, or in the language picked', async () => {
    i18next.addResourceBundle('fi', 'googleHome', finnish);
    await i18next.changeLanguage('fi');
    await setup({ code: 0, data: { mowers: [mower('NVM-1', 'Etupiha'), mower('NVM-2', 'Takapiha')] } });
    expect(await screen.findByRole('region', { name: 'Esimerkkejä: Etupiha' })).toBeVisible();
    expect(screen.getByTestId('google-voice-not-spoken')).toHaveTextContent('(suomi)');
    expect(examples()[0]).toBe('Hey Google, start Etupiha.');
    expect(within(screen.getByTestId('google-voice-examples')).getAllByRole('definition')[0]).toHaveAttribute(
      'lang',
      'en',
    );
    const picker = screen.getByRole('combobox', { name: 'Google Assistantin kieli' });
    expect(picker).toHaveValue('en');
    expect(within(picker).queryByRole('option', { name: 'suomi' })).toBeNull();
    fireEvent.change(picker, { target: { value: 'sv' } });
    expect(examples()).toEqual([
      'Hey Google, starta Etupiha.',
      'Hey Google, återuppta Etupiha.',
      'Hey Google, skicka Etupiha till laddstationen.',
      'Hey Google, pausa Etupiha.',
      'Hey Google, är Etupiha igång?',
    ]);
  });
});
