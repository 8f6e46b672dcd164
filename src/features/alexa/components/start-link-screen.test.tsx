import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AlexaStart } from '../../../../common/voice-links.ts';
import { apiError, type FakeReply } from '../../../testing/fake-api.ts';
import type { FakeHandlers } from '../../../testing/fake-bridge.ts';
import { initTestI18n } from '../../../testing/test-i18n.ts';
import { renderAlexaScreen } from '../test-render.tsx';
import { StartLinkScreen } from './start-link-screen.tsx';

const START: AlexaStart = {
  alexa_app_url:
    'https://alexa.amazon.com/spa/skill-account-linking-consent?fragment=skill-account-linking-consent&client_id=c&state=s1',
  lwa_fallback_url: 'https://www.amazon.com/ap/oa?client_id=c&response_type=code&state=s1',
  expires_at: '2026-05-01T10:10:00.000Z',
};
const started = (start: AlexaStart = START) => ({ status: 200, body: start });

let uninstall: (() => void) | undefined;

async function setup({
  entry = '/smartHome/alexa/startBindLink',
  replies = [started()],
  installed = true,
  bridge = {},
  nativeApp = true,
}: {
  entry?: string;
  replies?: FakeReply[];
  installed?: boolean;
  bridge?: FakeHandlers;
  nativeApp?: boolean;
} = {}) {
  const rendered = await renderAlexaScreen(<StartLinkScreen />, {
    entry,
    nativeApp,
    replies: { 'POST /voice-links/alexa/start': replies },
    bridge: {
      appIsInstall: () => ({ code: 0, data: { installed } }),
      openScheme: () => ({ code: 0, data: { opened: true } }),
      openExternalURI: () => ({ code: 0 }),
      ...bridge,
    },
  });
  uninstall = rendered.bridge?.uninstall;
  const opened = () =>
    (rendered.bridge?.requests ?? [])
      .filter((request) => request.method !== 'getCommonAppData')
      .map((request) => `${request.method} ${JSON.stringify(request.params)}`);
  return { ...rendered, opened };
}

beforeAll(() => initTestI18n());
afterEach(() => {
  uninstall?.();
  uninstall = undefined;
  vi.unstubAllGlobals();
});

describe('StartLinkScreen', () => {
  it('starts on the server, then opens the Alexa app’s consent when the Alexa app is installed', async () => {
    const { api, opened } = await setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Link with Alexa' })).toBeVisible();
    expect(screen.getByText('Preparing the link…')).toBeVisible();
    // What the skill does is said from the first view, above the attempt.
    const intro = screen.getByText(/^With the Navimow skill for Alexa, you control your mower by voice/);
    expect(await screen.findByText(/^Continue in the Alexa app/)).toBeVisible();
    expect(
      intro.compareDocumentPosition(screen.getByTestId('alexa-start')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(api.changes()).toEqual(['POST /voice-links/alexa/start']);
    expect(opened()).toEqual([
      'appIsInstall {"app":"amazon_alexa"}',
      `openScheme ${JSON.stringify({ uri: START.alexa_app_url })}`,
    ]);
    expect(screen.getByRole('button', { name: 'Link in the browser instead' })).toBeVisible();
  });

  it('opens Login with Amazon in the browser when the Alexa app is not installed', async () => {
    const { opened } = await setup({ installed: false });
    expect(await screen.findByText(/^Continue on Amazon's sign-in page/)).toBeVisible();
    expect(opened()).toEqual([
      'appIsInstall {"app":"amazon_alexa"}',
      `openExternalURI ${JSON.stringify({ uri: START.lwa_fallback_url })}`,
    ]);
  });

  it('falls back to the browser when no app takes the Alexa link, or the app cannot say what is installed', async () => {
    const { opened, view } = await setup({ bridge: { openScheme: () => ({ code: 0, data: { opened: false } }) } });
    expect(await screen.findByText(/^Continue on Amazon's sign-in page/)).toBeVisible();
    expect(opened().map((call) => call.split(' ')[0])).toEqual(['appIsInstall', 'openScheme', 'openExternalURI']);
    view.unmount();
    uninstall?.();
    vi.unstubAllGlobals();

    const old = await setup({ bridge: { appIsInstall: () => ({ code: 404, msg: 'unknown method' }) } });
    expect(await screen.findByText(/^Continue on Amazon's sign-in page/)).toBeVisible();
    expect(old.opened().map((call) => call.split(' ')[0])).toEqual(['appIsInstall', 'openExternalURI']);
  });

  it('goes straight to the browser from the troubleshooting guide’s link, or when asked', async () => {
    const { opened, view } = await setup({ entry: '/smartHome/alexa/startBindLink?via=browser', replies: [started()] });
    expect(await screen.findByText(/^Continue on Amazon's sign-in page/)).toBeVisible();
    expect(opened().map((call) => call.split(' ')[0])).toEqual(['openExternalURI']);
    expect(screen.queryByRole('button', { name: 'Link in the browser instead' })).toBeNull();
    view.unmount();
    uninstall?.();
    vi.unstubAllGlobals();

    const again = await setup({ replies: [started(), started()] });
    await again.user.click(await screen.findByRole('button', { name: 'Link in the browser instead' }));
    expect(await screen.findByText(/^Continue on Amazon's sign-in page/)).toBeVisible();
    expect(again.opened().map((call) => call.split(' ')[0])).toEqual(['appIsInstall', 'openScheme', 'openExternalURI']);
    expect(again.api.changes()).toEqual(['POST /voice-links/alexa/start', 'POST /voice-links/alexa/start']);
  });

  it('shows a failure of the server with Retry, and opens nothing until it works', async () => {
    const { user, opened } = await setup({ replies: [apiError(503, 'unavailable'), started()] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Linking could not be started. Please try again.');
    expect(opened()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/^Continue in the Alexa app/)).toBeVisible();
    expect(opened()).toHaveLength(2);
  });

  it('never posts a URL the app may not open, whatever the server sends', async () => {
    const { opened } = await setup({
      installed: false,
      replies: [started({ ...START, lwa_fallback_url: 'javascript:alert(1)' })],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Linking could not be started. Please try again.');
    expect(opened()).toEqual(['appIsInstall {"app":"amazon_alexa"}']);
  });

  it('says where linking works in a plain browser, without Retry', async () => {
    const { opened } = await setup({ nativeApp: false, replies: [apiError(401, 'unauthorized')] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Alexa can only be linked from the Navimow app.');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(opened()).toEqual([]);
  });

  it('waits visibly while the Alexa app is asked', async () => {
    let answer!: () => void;
    await setup({
      bridge: {
        appIsInstall: () => new Promise((resolve) => (answer = () => resolve({ code: 0, data: { installed: true } }))),
      },
    });
    await vi.waitFor(() => expect(answer).toBeDefined());
    expect(screen.getByTestId('alexa-start')).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('alexa-start')).toHaveTextContent('Preparing the link…');
    await act(async () => answer());
    expect(await screen.findByText(/^Continue in the Alexa app/)).toBeVisible();
  });
});
