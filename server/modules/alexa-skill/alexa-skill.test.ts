import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../db/seed.ts';
import { spendMowerBudget } from '../../testing/command-budget.ts';
import { linkedToken, TEST_CLIENTS, type TestClient } from '../../testing/oauth-test-client.ts';
import { createTestApp, type TestApp, testConfig } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';
import { CHAIN_URL, cert, type Envelope, envelope, SKILL_ID, sign, testTrust } from '../../testing/alexa-requests.ts';
import { type AlexaTrust, amazonTrust, CHAIN_FAILURE_TTL_MS, createAlexaVerifier } from './request-verifier.ts';

const { alexa: ALEXA, google: GOOGLE } = TEST_CLIENTS;
const OWNED = DEMO.mowers.owned.serial;

describe.each(testDatabaseKinds)('the Alexa skill endpoint on %s', (kind) => {
  let t: TestApp;
  let ownerToken: string;

  const link = (client: TestClient, account: string = DEMO.owner.email, password: string = DEMO.owner.password) =>
    linkedToken(t.app, client, { account, password });

  beforeAll(async () => {
    t = await createTestApp(kind, {
      alexaSkill: { ...testConfig().alexaSkill, skillId: SKILL_ID, trust: testTrust, timeoutMs: 1000 },
    });
    await t.app.ready();
    ownerToken = await link(ALEXA);
  });
  afterAll(() => t.close());

  const post = (body: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/alexa/skill',
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
      payload: body,
    });
  /** Sends a request signed as Amazon signs it; answers the status, the spoken text and the response. */
  async function say(request: Envelope, { chainUrl = CHAIN_URL, key }: { chainUrl?: string; key?: string } = {}) {
    const body = JSON.stringify(request);
    const response = await post(body, { signaturecertchainurl: chainUrl, 'signature-256': sign(body, key) });
    const json = response.statusCode === 200 ? response.json() : undefined;
    const ssml: string = json?.response?.outputSpeech?.ssml ?? '';
    return { status: response.statusCode, speech: ssml.replace(/^<speak>|<\/speak>$/g, ''), json };
  }
  const state = async (serial: string = OWNED) => (await t.fleet.view(serial))!.record.state;

  it('refuses requests that are unsigned, wrongly signed, stale, for another skill, or signed by anyone but "Amazon"', async () => {
    const request = envelope({ token: ownerToken, intent: 'StatusIntent' });
    const body = JSON.stringify(request);
    expect((await post(body, {})).statusCode).toBe(400);
    expect((await post(body, { signaturecertchainurl: CHAIN_URL })).statusCode).toBe(400);
    // The signature of another body.
    expect((await post(body, { signaturecertchainurl: CHAIN_URL, 'signature-256': sign(`${body} `) })).statusCode).toBe(
      400,
    );
    // Signed with a key that is not the certificate's.
    expect((await say(request, { key: cert('other.key') })).status).toBe(400);
    // A chain that does not lead to the trusted root, or whose certificate does not name echo-api.amazon.com.
    expect(
      (await say(request, { chainUrl: 'https://s3.amazonaws.com/echo.api/stranger.pem', key: cert('stranger.key') }))
        .status,
    ).toBe(400);
    expect(
      (await say(request, { chainUrl: 'https://s3.amazonaws.com/echo.api/wrong-name.pem', key: cert('other.key') }))
        .status,
    ).toBe(400);
    // Certificate URLs Amazon never uses, even if they would serve the right chain.
    for (const url of [
      'http://s3.amazonaws.com/echo.api/navimow-test.pem',
      'https://s3.amazonaws.com:8443/echo.api/navimow-test.pem',
      'https://evil.example/echo.api/navimow-test.pem',
      'https://s3.amazonaws.com/EcHo.aPi/navimow-test.pem',
      'https://s3.amazonaws.com/echo.api/../navimow-test.pem',
    ]) {
      expect((await say(request, { chainUrl: url })).status, url).toBe(400);
    }
    // Stale: more than 150 seconds old.
    expect(
      (await say(envelope({ token: ownerToken, intent: 'StatusIntent', timestamp: new Date(Date.now() - 200_000) })))
        .status,
    ).toBe(400);
    expect(
      (await say(envelope({ token: ownerToken, intent: 'StatusIntent', skillId: 'amzn1.ask.skill.someone-else' })))
        .status,
    ).toBe(400);
    // And the real one passes; nothing above changed the mower.
    expect((await say(request)).status).toBe(200);
    expect(await state()).toBe('docked');
  });

  it("production rules trust no local root: the same chain is refused by Amazon's trust", async () => {
    const verify = createAlexaVerifier({ ...amazonTrust(1000), fetchChain: testTrust.fetchChain });
    const body = JSON.stringify(envelope({ intent: 'StatusIntent' }));
    await expect(verify(body, { signaturecertchainurl: CHAIN_URL, 'signature-256': sign(body) })).rejects.toThrow(
      /trusted root/,
    );
    await expect(
      createAlexaVerifier(testTrust)(body, { signaturecertchainurl: CHAIN_URL, 'signature-256': sign(body) }),
    ).resolves.toBeUndefined();
  });

  it('limits requests per client address (ALEXA_SKILL_REQUESTS_PER_MINUTE)', async () => {
    const limited = await createTestApp(kind, {
      alexaSkill: {
        ...testConfig().alexaSkill,
        skillId: SKILL_ID,
        trust: testTrust,
        timeoutMs: 1000,
        requestsPerMinute: 3,
      },
    });
    try {
      const body = JSON.stringify(envelope({ token: ownerToken, intent: 'StatusIntent' }));
      const from = (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/alexa/skill',
          remoteAddress,
          headers: {
            'content-type': 'application/json',
            signaturecertchainurl: CHAIN_URL,
            'signature-256': sign(body),
          },
          payload: body,
        });
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await from('192.0.2.10')).statusCode);
      // The token is the other app's: the skill asks to link, with a 200.
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect((await from('192.0.2.11')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('English: "which mower?" by name, then the chosen one is remembered', async () => {
    const asked = await say(envelope({ token: ownerToken, intent: 'StartMowingIntent' }));
    expect(asked.speech).toBe('Which mower: Front lawn or Back garden?');
    expect(asked.json.response.shouldEndSession).toBe(false);
    expect(await state()).toBe('docked');

    const started = await say(
      envelope({
        token: ownerToken,
        intent: 'SelectMowerIntent',
        mower: 'front lawn',
        attributes: asked.json.sessionAttributes,
      }),
    );
    expect(started.speech).toBe('Front lawn starts mowing.');
    expect(await state()).toBe('mowing');

    // No name now: the remembered mower.
    expect((await say(envelope({ token: ownerToken, intent: 'BatteryIntent' }))).speech).toBe(
      'The battery of Front lawn is at 92 percent.',
    );
    expect((await say(envelope({ token: ownerToken, intent: 'StartMowingIntent' }))).speech).toBe(
      'Front lawn is already mowing.',
    );
    // Someone else's mower is no name the skill knows.
    const unknown = await say(
      envelope({ token: ownerToken, intent: 'StatusIntent', mower: DEMO.mowers.notShared.name }),
    );
    expect(unknown.speech).toBe(
      `I don't know a mower called ${DEMO.mowers.notShared.name}. Which mower: Front lawn or Back garden?`,
    );
    expect(await state(DEMO.mowers.notShared.serial)).toBe('docked');
  });

  it("German and French: stop, back to the station, status and battery, said in the user's language", async () => {
    // Its own start, whatever ran before: Front lawn mowing, and chosen by name (the skill then remembers it).
    await say(envelope({ token: ownerToken, locale: 'de-DE', intent: 'StartMowingIntent', mower: 'Front lawn' }));
    expect(await state()).toBe('mowing');
    expect(
      (await say(envelope({ token: ownerToken, locale: 'de-DE', intent: 'StopMowingIntent', mower: 'Front lawn' })))
        .speech,
    ).toBe('Front lawn pausiert. Sagen Sie starten, um fortzufahren.');
    expect(await state()).toBe('paused');
    expect(
      (await say(envelope({ token: ownerToken, locale: 'de-DE', intent: 'StartMowingIntent', mower: 'Front Lawn' })))
        .speech,
    ).toBe('Front lawn mäht weiter.');
    expect(await state()).toBe('mowing');
    expect((await say(envelope({ token: ownerToken, locale: 'fr-FR', intent: 'DockIntent' }))).speech).toBe(
      'Front lawn retourne à la station de charge.',
    );
    expect(await state()).toBe('returning');
    expect((await say(envelope({ token: ownerToken, locale: 'fr-CA', intent: 'StatusIntent' }))).speech).toBe(
      'Front lawn retourne à la station de charge. La batterie de Front lawn est à 92 pour cent.',
    );
    expect(
      (await say(envelope({ token: ownerToken, locale: 'de-DE', intent: 'BatteryIntent', mower: 'Back garden' })))
        .speech,
    ).toBe('Der Akku von Back garden steht bei 40 Prozent und lädt.');
  });

  it("opens with what it can do, in the user's language, and keeps listening; help, stop and nonsense answer too", async () => {
    const opened = await say(envelope({ token: ownerToken, locale: 'de-DE', type: 'LaunchRequest' }));
    expect(opened.speech).toBe(
      'Willkommen bei Navimow. Sie können sagen: starten, stoppen, zur Ladestation zurückkehren, Status oder Akku. Was möchten Sie tun?',
    );
    expect(opened.json.response.shouldEndSession).toBe(false);
    expect(
      (await say(envelope({ token: ownerToken, locale: 'fr-FR', intent: 'AMAZON.StopIntent', attributes: {} }))).speech,
    ).toBe('Au revoir.');
    expect(
      (await say(envelope({ token: ownerToken, intent: 'AMAZON.FallbackIntent', attributes: {} }))).speech,
    ).toMatch(/^Sorry, I did not understand/);
    expect((await say(envelope({ token: ownerToken, intent: 'AMAZON.HelpIntent', attributes: {} }))).speech).toMatch(
      /^You can say start/,
    );
  });

  it('says faults in words, in each language', async () => {
    await t.fleet.report(OWNED, { kind: 'fault', reason: 'stuck' });
    expect((await say(envelope({ token: ownerToken, intent: 'StatusIntent', mower: 'Front lawn' }))).speech).toBe(
      'Front lawn needs your help: the mower is stuck.',
    );
    expect((await say(envelope({ token: ownerToken, intent: 'StartMowingIntent', mower: 'Front lawn' }))).speech).toBe(
      'Front lawn needs your help: the mower is stuck.',
    );
    expect(
      (await say(envelope({ token: ownerToken, locale: 'de-DE', intent: 'StatusIntent', mower: 'Front lawn' }))).speech,
    ).toBe('Front lawn braucht Ihre Hilfe: der Mähroboter steckt fest.');
    expect(
      (await say(envelope({ token: ownerToken, locale: 'fr-FR', intent: 'DockIntent', mower: 'Front lawn' }))).speech,
    ).toBe('Front lawn a besoin de votre aide : le robot tondeuse est coincé.');
    expect(await state()).toBe('error');
    await t.fleet.report(OWNED, { kind: 'clear' });
  });

  it("says a mower that is offline (or asleep, out of the cloud's reach) cannot be reached, and does not claim a command was done", async () => {
    await t.fleet.report(OWNED, { kind: 'offline' });
    const before = await state();
    for (const intent of ['StartMowingIntent', 'StopMowingIntent', 'DockIntent', 'StatusIntent']) {
      expect((await say(envelope({ token: ownerToken, intent, mower: 'Front lawn' }))).speech, intent).toBe(
        'Front lawn is offline. Please check its connection.',
      );
    }
    expect(
      (await say(envelope({ token: ownerToken, locale: 'de-DE', intent: 'StartMowingIntent', mower: 'Front lawn' })))
        .speech,
    ).toBe('Front lawn ist offline. Bitte prüfen Sie die Verbindung.');
    expect(await state()).toBe(before);
    await t.fleet.report(OWNED, { kind: 'online' });
  });

  it("draws each voice command from the mower's command budget, as the API and Google do: spent, it says so and does nothing", async () => {
    // The mower's budget spent by other senders.
    const giveBack = await spendMowerBudget(t.db, OWNED);
    try {
      const before = await state();
      expect(
        (await say(envelope({ token: ownerToken, intent: 'StartMowingIntent', mower: 'Front lawn' }))).speech,
      ).toBe('Front lawn has had too many commands just now. Please try again in a moment.');
      expect(
        (await say(envelope({ token: ownerToken, locale: 'fr-FR', intent: 'StartMowingIntent', mower: 'Front lawn' })))
          .speech,
      ).toBe('Front lawn a reçu trop de commandes à l’instant. Veuillez réessayer dans un instant.');
      expect(await state()).toBe(before);
      // A question is no command: it still answers.
      expect((await say(envelope({ token: ownerToken, intent: 'StatusIntent', mower: 'Front lawn' }))).speech).toMatch(
        /^Front lawn /,
      );
    } finally {
      await giveBack();
    }
  });

  it('admits at most the mower budget of voice commands sent at once, and says so to the rest', async () => {
    await t.db.deleteFrom('command_buckets').execute();
    const before = await state();
    const speeches = await Promise.all(
      // Starts: a dock is a safety command, outside the mower's budget (docs/decisions/024-commands-under-abuse.md).
      Array.from({ length: 20 }, () =>
        say(envelope({ token: ownerToken, intent: 'StartMowingIntent', mower: 'Front lawn' })),
      ),
    );
    const admitted = speeches.filter(({ speech }) => !speech.includes('too many commands')).length;
    // 12 a minute (COMMANDS_PER_MOWER_PER_MINUTE); one more may have come back if the run took over 5 s.
    expect(admitted).toBeGreaterThanOrEqual(12);
    expect(admitted).toBeLessThanOrEqual(13);
    await t.db.deleteFrom('command_buckets').execute();
    // Back where the earlier tests left it.
    await t.fleet.command(OWNED, 'stop');
    expect(await state()).toBe(before);
  });

  it("speaks a mower's own name as text, never as SSML markup", async () => {
    const SHARED = DEMO.mowers.shared.serial;
    await t.db.updateTable('mowers').set({ name: 'Tom & Jerry <lawn>' }).where('serial_number', '=', SHARED).execute();
    try {
      const answer = await say(envelope({ token: ownerToken, intent: 'BatteryIntent', mower: 'tom and jerry lawn' }));
      expect(answer.json.response.outputSpeech.ssml).toBe(
        '<speak>The battery of Tom &amp; Jerry &lt;lawn&gt; is at 40 percent and charging.</speak>',
      );
    } finally {
      await t.db
        .updateTable('mowers')
        .set({ name: DEMO.mowers.shared.name })
        .where('serial_number', '=', SHARED)
        .execute();
    }
  });

  it("asks to link without an Alexa token: none, another client's, or the app's own session", async () => {
    const google = await link(GOOGLE);
    const session = (await t.signIn()).authorization.slice('Bearer '.length);
    for (const token of [undefined, google, session]) {
      const answer = await say(envelope({ token, intent: 'StartMowingIntent', mower: 'Front lawn' }));
      expect(answer.status).toBe(200);
      expect(answer.speech).toBe('To control your mower, please link your Navimow account in the Alexa app.');
      expect(answer.json.response.card).toEqual({ type: 'LinkAccount' });
    }
    expect(await state()).not.toBe('mowing');
  });

  it('SkillDisabled ends the link: GET /api/voice-links shows Alexa not linked and the token stops at once', async () => {
    const friendToken = await link(ALEXA, DEMO.friend.email, DEMO.friend.password);
    const userId = 'amzn1.ask.account.FRIEND';
    expect(
      (await say(envelope({ token: friendToken, intent: 'BatteryIntent', mower: 'Orchard', userId }))).speech,
    ).toBe('The battery of Orchard is at 67 percent and charging.');
    const session = await t.signIn(DEMO.friend.email, DEMO.friend.password);
    const alexaLinked = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/voice-links', headers: session }))
        .json<{ links: { platform: string; linked: boolean }[] }>()
        .links.find((link) => link.platform === 'alexa')!.linked;
    expect(await alexaLinked()).toBe(true);

    // Amazon's event carries the user, not always a token: the account is found by the Alexa user.
    const disabled = await say(envelope({ type: 'AlexaSkillEvent.SkillDisabled', userId }));
    expect(disabled.status).toBe(200);
    expect(await alexaLinked()).toBe(false);
    expect(
      (await say(envelope({ token: friendToken, intent: 'BatteryIntent', mower: 'Orchard', userId }))).speech,
    ).toBe('To control your mower, please link your Navimow account in the Alexa app.');
    // The owner's link is untouched; a repeat of the event is harmless.
    expect((await say(envelope({ type: 'AlexaSkillEvent.SkillDisabled', userId }))).status).toBe(200);
    expect((await say(envelope({ token: ownerToken, intent: 'BatteryIntent', mower: 'Front lawn' }))).status).toBe(200);
  });

  it('unlinking from our screen: the skill asks to link again at once', async () => {
    const owner = await t.signIn();
    expect((await say(envelope({ token: ownerToken, intent: 'BatteryIntent', mower: 'Front lawn' }))).speech).toMatch(
      /^The battery of Front lawn/,
    );
    expect((await t.app.inject({ method: 'DELETE', url: '/api/voice-links/alexa', headers: owner })).statusCode).toBe(
      204,
    );
    expect((await say(envelope({ token: ownerToken, intent: 'BatteryIntent', mower: 'Front lawn' }))).speech).toBe(
      'To control your mower, please link your Navimow account in the Alexa app.',
    );
  });
});

describe('the certificate chain URL and its fetch', () => {
  const body = () => JSON.stringify(envelope({ intent: 'StatusIntent' }));
  /** Local trust whose fetch counts its calls and serves the test chain for its path, whatever the rest of the URL. */
  function countingTrust(fail = false) {
    const fetched: string[] = [];
    const trust: AlexaTrust = {
      ...testTrust,
      fetchChain: async (url) => {
        fetched.push(url.href);
        if (fail || url.pathname !== new URL(CHAIN_URL).pathname) throw new Error('404');
        return cert('chain.pem');
      },
    };
    return { trust, fetched };
  }

  it("refuses a query, a fragment or user information without fetching, though Amazon's file is behind them", async () => {
    const { trust, fetched } = countingTrust();
    const verify = createAlexaVerifier(trust);
    const signed = body();
    for (const url of [
      `${CHAIN_URL}?one`,
      `${CHAIN_URL}?`,
      `${CHAIN_URL}#two`,
      'https://someone@s3.amazonaws.com/echo.api/navimow-test.pem',
      'https://someone:secret@s3.amazonaws.com/echo.api/navimow-test.pem',
    ]) {
      await expect(verify(signed, { signaturecertchainurl: url, 'signature-256': sign(signed) }), url).rejects.toThrow(
        /not an Amazon certificate URL/,
      );
    }
    expect(fetched).toEqual([]);
    // Amazon's own spellings still pass: port 443, upper-case scheme and host.
    for (const url of [CHAIN_URL, 'HTTPS://S3.AMAZONAWS.COM:443/echo.api/navimow-test.pem']) {
      await expect(
        verify(signed, { signaturecertchainurl: url, 'signature-256': sign(signed) }),
        url,
      ).resolves.toBeUndefined();
    }
    expect(fetched).toEqual([CHAIN_URL]);
  });

  it('fetches a failing URL once, for everyone asking at once and for a while after, then tries again', async () => {
    const { trust, fetched } = countingTrust(true);
    let at = Date.now();
    const verify = createAlexaVerifier(trust, () => at);
    const signed = body();
    const ask = () => verify(signed, { signaturecertchainurl: CHAIN_URL, 'signature-256': sign(signed) });
    const together = await Promise.allSettled(Array.from({ length: 10 }, ask));
    expect(
      together.every((result) => result.status === 'rejected' && /could not be loaded/.test(String(result.reason))),
    ).toBe(true);
    await expect(ask()).rejects.toThrow(/could not be loaded/);
    expect(fetched).toHaveLength(1);
    at += CHAIN_FAILURE_TTL_MS;
    await expect(ask()).rejects.toThrow(/could not be loaded/);
    expect(fetched).toHaveLength(2);
  });
});
