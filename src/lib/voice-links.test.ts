import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VOICE_LINKS_PATH } from '../../common/personal-view.ts';
import type { VoiceLink } from '../../common/voice-links.ts';
import { installFakeApi } from '../testing/fake-api.ts';
import { installFakeBridge } from '../testing/fake-bridge.ts';
import { withPersonalView } from './personal-view-data.ts';
import { refreshAccessToken } from './session.ts';
import { getVoiceLink, personalVoiceLink } from './voice-links.ts';

const google: VoiceLink = {
  platform: 'google',
  linked: true,
  linked_since: '2026-05-01T10:00:00.000Z',
  client_id: 'google',
};
const alexa: VoiceLink = { platform: 'alexa', linked: false, linked_since: null, client_id: null };

let uninstall: (() => void) | undefined;

beforeEach(async () => {
  uninstall = installFakeBridge({
    getCommonAppData: () => ({
      code: 0,
      data: { vehicle_sn: '', email: 'demo@navimow.example', client_ver: '3.0.200', access_token: 'token' },
    }),
  }).uninstall;
  await refreshAccessToken();
});

afterEach(() => {
  uninstall?.();
  vi.unstubAllGlobals();
});

describe('getVoiceLink', () => {
  it('reads the one platform asked for from the answer that holds them all, with the session', async () => {
    const api = installFakeApi({ [`GET ${VOICE_LINKS_PATH}`]: [{ status: 200, body: { links: [alexa, google] } }] });
    expect(await getVoiceLink('google')).toEqual(google);
    expect(api.requests[0]!.headers).toMatchObject({ Authorization: 'Bearer token' });
  });

  it('takes a platform the answer leaves out for one the account is not linked with', async () => {
    installFakeApi({ [`GET ${VOICE_LINKS_PATH}`]: [{ status: 200, body: { links: [google] } }] });
    expect(await getVoiceLink('alexa')).toEqual(alexa);
  });
});

describe('personalVoiceLink', () => {
  it('is the link the personal first view was rendered with, and nothing outside that render', () => {
    const view = { now: Date.now(), timeZone: 'UTC', appVersionCode: null, responses: {} };
    const rendered = withPersonalView({ ...view, responses: { [VOICE_LINKS_PATH]: { links: [google] } } }, () => [
      personalVoiceLink('google'),
      personalVoiceLink('hornbach'),
    ]);
    expect(rendered).toEqual([google, { platform: 'hornbach', linked: false, linked_since: null, client_id: null }]);
    expect(personalVoiceLink('google')).toBeUndefined();
  });
});
