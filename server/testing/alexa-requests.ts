import { createSign, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type AlexaTrust, amazonTrust } from '../modules/alexa-skill/public.ts';

/**
 * Requests as Alexa sends them to a custom skill's endpoint, signed by a local certificate chain that stands in for
 * Amazon's (server/modules/alexa-skill/test-certs): for the skill's own tests and the linking conformance tests.
 */

/** The chain's files: root (trusted by the tests only), intermediate, signing key, and wrong ones. */
export const cert = (name: string) =>
  readFileSync(new URL(`../modules/alexa-skill/test-certs/${name}`, import.meta.url), 'utf8');
export const CHAIN_URL = 'https://s3.amazonaws.com/echo.api/navimow-test.pem';
const CHAINS: Record<string, string> = {
  [CHAIN_URL]: cert('chain.pem'),
  'https://s3.amazonaws.com/echo.api/wrong-name.pem': cert('wrong-name-chain.pem'),
  'https://s3.amazonaws.com/echo.api/stranger.pem': cert('stranger.pem'),
};
export const testTrust: AlexaTrust = {
  roots: [cert('root.pem')],
  isChainUrl: amazonTrust(1000).isChainUrl,
  fetchChain: async (url) => {
    const chain = CHAINS[url.href];
    if (!chain) throw new Error('404');
    return chain;
  },
};

export const SKILL_ID = 'amzn1.ask.skill.navimow-demo';

export interface Envelope {
  version: string;
  session?: Record<string, unknown>;
  context: Record<string, unknown>;
  request: Record<string, unknown>;
}

/** A request as Alexa sends it (custom skill request format), for a locale, an intent and its mower slot. */
export function envelope(options: {
  token?: string;
  locale?: string;
  type?: string;
  intent?: string;
  mower?: string;
  attributes?: Record<string, unknown>;
  timestamp?: Date;
  userId?: string;
  skillId?: string;
}): Envelope {
  const userId = options.userId ?? 'amzn1.ask.account.TESTUSER';
  const user = { userId, ...(options.token && { accessToken: options.token }) };
  const application = { applicationId: options.skillId ?? SKILL_ID };
  const type = options.type ?? 'IntentRequest';
  return {
    version: '1.0',
    ...(!type.startsWith('AlexaSkillEvent.') && {
      session: {
        new: !options.attributes,
        sessionId: `amzn1.echo-api.session.${randomUUID()}`,
        application,
        user,
        attributes: options.attributes ?? {},
      },
    }),
    context: {
      System: {
        application,
        user,
        device: { deviceId: 'amzn1.ask.device.TEST', supportedInterfaces: {} },
        apiEndpoint: 'https://api.eu.amazonalexa.com',
      },
    },
    request: {
      type,
      requestId: `amzn1.echo-api.request.${randomUUID()}`,
      timestamp: (options.timestamp ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      locale: options.locale ?? 'en-US',
      ...(type === 'IntentRequest' && {
        dialogState: 'COMPLETED',
        intent: {
          name: options.intent,
          confirmationStatus: 'NONE',
          slots: {
            mower: { name: 'mower', confirmationStatus: 'NONE', ...(options.mower && { value: options.mower }) },
          },
        },
      }),
      ...(type === 'AlexaSkillEvent.SkillDisabled' && {
        eventCreationTime: new Date().toISOString(),
        eventPublishingTime: new Date().toISOString(),
        body: { userInformationPersistenceStatus: 'NOT_PERSISTED' },
      }),
    },
  };
}

export const sign = (body: string, key = cert('signing.key')) =>
  createSign('RSA-SHA256').update(body).sign(key).toString('base64');
