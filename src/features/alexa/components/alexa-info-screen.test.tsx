import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VoiceLink } from '../../../../common/voice-links.ts';
import { apiError } from '../../../testing/fake-api.ts';
import { initTestI18n } from '../../../testing/test-i18n.ts';
import { renderAlexaScreen } from '../test-render.tsx';
import { AlexaExternalInfoScreen } from './alexa-external-info-screen.tsx';
import { AlexaInfoScreen } from './alexa-info-screen.tsx';

const links = (alexa: Partial<VoiceLink>) => ({
  status: 200,
  body: {
    links: [
      { platform: 'google', linked: true, linked_since: '2026-01-02T10:00:00.000Z', client_id: 'google' },
      { platform: 'alexa', linked: false, linked_since: null, client_id: null, ...alexa },
      { platform: 'hornbach', linked: false, linked_since: null, client_id: null },
    ],
  },
});

const INFO = '/smartHome/alexa/info';
let uninstall: (() => void) | undefined;

beforeAll(() => initTestI18n());
afterEach(() => {
  uninstall?.();
  uninstall = undefined;
  vi.unstubAllGlobals();
});

describe('AlexaInfoScreen', () => {
  it('explains the skill and what linking grants, and offers to link an account that is not linked', async () => {
    const { api, bridge } = await renderAlexaScreen(<AlexaInfoScreen />, {
      entry: INFO,
      replies: { 'GET /voice-links': [links({})] },
    });
    uninstall = bridge?.uninstall;
    expect(screen.getByRole('heading', { level: 1, name: 'Voice control with Alexa' })).toBeVisible();
    expect(await screen.findByText('Not linked with Alexa')).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'What linking allows' })).getByRole('listitem')).toHaveTextContent(
      'Control your devices',
    );
    expect(screen.getByRole('region', { name: 'How to link' })).toHaveTextContent('Tap Bind.');
    expect(screen.getByRole('region', { name: 'How to unlink' })).toHaveTextContent('Tap Unbind, then confirm.');
    expect(screen.getByRole('link', { name: 'Bind' })).toHaveAttribute('href', '/smartHome/alexa/startBindLink');
    expect(screen.queryByRole('link', { name: 'Unbind' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Voice commands' })).toHaveAttribute('href', '/smartHome/alexa/voiceInfo');
    expect(screen.getByRole('link', { name: 'Troubleshooting' })).toHaveAttribute(
      'href',
      '/smartHome/alexa/troubleshooting',
    );
    expect(api.requests[0]!.headers.Authorization).toBe('Bearer token');
  });

  it('shows since when a linked account is linked, and the way to unlink', async () => {
    const { bridge } = await renderAlexaScreen(<AlexaInfoScreen />, {
      entry: INFO,
      replies: {
        'GET /voice-links': [links({ linked: true, linked_since: '2026-03-14T09:30:00.000Z', client_id: 'alexa' })],
      },
    });
    uninstall = bridge?.uninstall;
    expect(await screen.findByText('Linked with Alexa since March 14, 2026')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Unbind' })).toHaveAttribute('href', '/smartHome/alexa/unbindAlexa');
    expect(screen.queryByRole('link', { name: 'Bind' })).toBeNull();
  });

  it('says when the state cannot be read, and reads it again on Retry', async () => {
    const { user, bridge } = await renderAlexaScreen(<AlexaInfoScreen />, {
      entry: INFO,
      replies: { 'GET /voice-links': [apiError(503, 'unavailable'), links({})] },
    });
    uninstall = bridge?.uninstall;
    expect(await screen.findByText('Could not check whether Alexa is linked.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Bind' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Not linked with Alexa')).toBeVisible();
  });
});

describe('AlexaExternalInfoScreen', () => {
  it('explains linking in the Alexa app and the voice commands without asking a server or a native app anything', async () => {
    const { api, bridge } = await renderAlexaScreen(<AlexaExternalInfoScreen />, {
      entry: '/smartHome/alexa/externalInfo',
    });
    uninstall = bridge?.uninstall;
    expect(screen.getByRole('heading', { level: 1, name: 'Voice control with Alexa' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'What linking allows' })).toHaveTextContent('Control your devices');
    expect(screen.getByRole('region', { name: 'How to link' })).toHaveTextContent(
      'In the Alexa app, open More > Skills & Games',
    );
    expect(screen.getByRole('region', { name: 'How to unlink' })).toHaveTextContent('Disable skill');
    expect(screen.getByRole('region', { name: 'Alexa voice commands' })).toHaveTextContent(
      'Alexa, ask Segway robot to start mowing.',
    );
    expect(screen.queryByRole('link', { name: 'Bind' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.requests).toEqual([]);
    // The one getCommonAppData is the test's own sign-in before the screen rendered.
    expect(bridge!.requests.map((request) => request.method)).toEqual(['getCommonAppData']);
  });
});
