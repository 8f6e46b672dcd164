import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../db/seed.ts';
import { CookieJar, startAuthorization } from '../../testing/oauth-test-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';
import { DEMO_CLIENTS } from './clients.ts';
import { redirectStanding } from './redirect-uris.ts';

const HOME_ASSISTANT = DEMO_CLIENTS.find((client) => client.client_id === 'homeassistant')!;
const DEMO_CLIENT = DEMO_CLIENTS.find((client) => client.client_id === 'demo-client')!;
const STRANGER = 'https://collector.example/cb';

describe('redirect URIs against a registration', () => {
  it('matches a loopback redirect listed without a port on any port, same host and path; others exactly', () => {
    const standing = (uri: string) => redirectStanding(HOME_ASSISTANT, uri);
    expect(standing('https://my.home-assistant.io/redirect/oauth')).toBe('registered');
    expect(standing('http://localhost:1/callback')).toBe('registered');
    expect(standing('http://127.0.0.1:47129/callback')).toBe('registered');
    expect(standing('http://127.0.0.1/callback')).toBe('registered');
    // Another path, another loopback name or scheme: a host to confirm like any other.
    for (const uri of [
      'http://127.0.0.1:47129/callback/',
      'http://127.0.0.1:47129/other',
      'http://[::1]:47129/callback',
      'https://127.0.0.1:47129/callback',
      'http://localhost.collector.example:1/callback',
    ]) {
      expect(standing(uri), uri).toBe('after_consent');
    }
    for (const uri of [
      'javascript:alert(1)//',
      'navimow://callback',
      'ftp://collector.example/cb',
      'https://user:pw@collector.example/cb',
      'https://collector.example/cb#x',
      'not a uri',
    ]) {
      expect(standing(uri), uri).toBe('refused');
    }
  });

  it('keeps exact matching for a client registered without other redirects, its loopback port included', () => {
    expect(redirectStanding(DEMO_CLIENT, 'http://127.0.0.1:8765/callback')).toBe('registered');
    expect(redirectStanding(DEMO_CLIENT, 'http://127.0.0.1:8766/callback')).toBe('refused');
    expect(redirectStanding(DEMO_CLIENT, STRANGER)).toBe('refused');
  });
});

describe.each(testDatabaseKinds)('redirects only confirmed on the consent screen, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const post = (jar: CookieJar, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: jar.header() }, ...(payload && { payload }) });
  const get = async (jar: CookieJar, url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie: jar.header() } });
    jar.store(response);
    return response;
  };

  /** Home Assistant's client asked to send its code to `redirectUri`; the interaction's uid. */
  async function authorize(jar: CookieJar, redirectUri: string, extra: Record<string, string> = {}) {
    const response = await startAuthorization(t.app, jar, {
      clientId: 'homeassistant',
      redirectUri,
      challenge: null,
      scope: null,
      state: 'crafted',
      extra,
    });
    return response;
  }
  const uidOf = (location: string) => location.split('/').at(-1)!;
  const signIn = async (jar: CookieJar, uid: string) => {
    const login = await post(jar, `/oauth/interaction/${uid}/login`, {
      account: DEMO.owner.email,
      password: DEMO.owner.password,
    });
    jar.store(login);
    return login;
  };

  /** No redirect, our own page: what a browser shows for a request that cannot be answered to the client. */
  function expectErrorPage(response: { statusCode: number; headers: Record<string, unknown>; body: string }) {
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['content-type']).toMatch(/html/);
    expect(response.body).not.toContain('collector.example');
  }

  it('signs in without granting, names the host, and sends the code there only after "Continue"', async () => {
    const jar = new CookieJar();
    const uid = uidOf((await authorize(jar, STRANGER)).headers.location!);
    const login = await signIn(jar, uid);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ confirm_host: 'collector.example' });

    // The resume without the confirmation: the provider asks again, no code anywhere.
    const early = await get(jar, `/oauth/authorize/${uid}`);
    expect(early.headers.location).toMatch(/^\/oauth\/interaction\//);

    const next = uidOf(early.headers.location!);
    await signIn(jar, next);
    const confirm = await post(jar, `/oauth/interaction/${next}/confirm`);
    expect(confirm.statusCode).toBe(200);
    const resume = await get(jar, confirm.json<{ redirect_to: string }>().redirect_to);
    const callback = new URL(resume.headers.location!);
    expect(`${callback.origin}${callback.pathname}`).toBe(STRANGER);
    expect(callback.searchParams.get('code')).toEqual(expect.any(String));
    expect(callback.searchParams.get('state')).toBe('crafted');
  });

  it('confirms nothing for a browser that has not signed in in this interaction', async () => {
    const jar = new CookieJar();
    const uid = uidOf((await authorize(jar, STRANGER)).headers.location!);
    const confirm = await post(jar, `/oauth/interaction/${uid}/confirm`);
    expect(confirm.statusCode).toBe(409);
    // Another browser (no interaction cookie) that knows the uid.
    await signIn(jar, uid);
    expect((await post(new CookieJar(), `/oauth/interaction/${uid}/confirm`)).statusCode).toBe(400);
  });

  it('never sends an error before consent to an unconfirmed host: our own page instead (RFC 6749 4.1.2.1)', async () => {
    // The same faults with the registered redirect go back to the client, so each one is a redirect withheld.
    const faults: Record<string, string>[] = [
      { prompt: 'none' },
      { code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' },
    ];
    for (const extra of faults) {
      const registered = await authorize(new CookieJar(), HOME_ASSISTANT.redirect_uris[0]!, extra);
      expect(registered.headers.location, JSON.stringify(extra)).toMatch(/^https:\/\/my\.home-assistant\.io\/.*error=/);
      expectErrorPage(await authorize(new CookieJar(), STRANGER, extra));
    }
    // A code or an error in a page that posts itself, or in a fragment, is not what the consent screen vouches for.
    for (const mode of ['form_post', 'fragment']) {
      expectErrorPage(await authorize(new CookieJar(), STRANGER, { response_mode: mode }));
      expectErrorPage(await authorize(new CookieJar(), STRANGER, { response_mode: mode, prompt: 'none' }));
    }

    // "Cancel", before the sign-in and on the consent screen.
    for (const signedIn of [false, true]) {
      const jar = new CookieJar();
      const uid = uidOf((await authorize(jar, STRANGER)).headers.location!);
      if (signedIn) await signIn(jar, uid);
      const abort = await post(jar, `/oauth/interaction/${uid}/abort`);
      expectErrorPage(await get(jar, abort.json<{ redirect_to: string }>().redirect_to));
    }
  });

  it('refuses a redirect it could never send a code to without any redirect, even for this client', async () => {
    for (const uri of ['navimow://callback', 'https://user:pw@collector.example/cb']) {
      const response = await authorize(new CookieJar(), uri);
      expect(response.statusCode, uri).toBe(400);
      expect(response.headers.location, uri).toBeUndefined();
    }
  });

  it('starts LoxBerry’s channel-only link as the homeassistant client’s code request, and leaves plain visits alone', async () => {
    const link = await t.app.inject({
      method: 'GET',
      url: `/smartHome/login?channel=homeassistant&redirect_uri=${encodeURIComponent(STRANGER)}`,
    });
    expect(link.statusCode).toBe(303);
    expect(link.headers.location).toBe(
      `/oauth/authorize?response_type=code&client_id=homeassistant&channel=homeassistant&redirect_uri=${encodeURIComponent(STRANGER)}`,
    );
    for (const url of ['/smartHome/login?channel=homeassistant', '/smartHome/login?channel=other&redirect_uri=x']) {
      expect((await t.app.inject({ method: 'GET', url })).headers.location, url).toBeUndefined();
    }
  });
});
