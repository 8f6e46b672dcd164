import type { FastifyPluginAsync } from 'fastify';
import type { RequestEnvelope } from 'ask-sdk-model';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import type { TokenGrantLookup } from '../accounts/public.ts';
import type { CommandBudget, Fleet } from '../fleet/public.ts';
import type { LinkGrants } from '../oauth/public.ts';
import { createAlexaSkill } from './alexa-skill.ts';
import { type AlexaTrust, AlexaVerificationError, amazonTrust, createAlexaVerifier } from './request-verifier.ts';

export const ALEXA_SKILL_PATH = '/alexa/skill';

export interface AlexaSkillConfig {
  /** The skill's id (`amzn1.ask.skill.…`); requests for any other skill are refused. Undefined: no endpoint. */
  skillId: string | undefined;
  /** Who may sign requests: undefined is Amazon's rules. Only tests set it (never the environment). */
  trust?: AlexaTrust;
  timeoutMs: number;
  /**
   * Flood limit per client address (`ALEXA_SKILL_REQUESTS_PER_MINUTE`): each request may make us fetch a certificate
   * chain before it is verified. Amazon calls from many addresses, so it is wide.
   */
  requestsPerMinute: number;
}

export interface AlexaSkillRoutesOptions {
  db: Db;
  fleet: Fleet;
  /** The commands the skill sends draw from the mowers' and accounts' budgets, as every other way does. */
  commandBudget: CommandBudget;
  grants: LinkGrants;
  alexaClientIds: readonly string[];
  /** The OAuth server's lookup of an access token (Alexa sends its token in the request's body, not a header). */
  tokenGrant: TokenGrantLookup;
  config: AlexaSkillConfig;
}

const refused = (reason: string) =>
  new HttpError(400, 'invalid_alexa_request', `Not a valid request from Alexa: ${reason}.`);

/**
 * `POST /alexa/skill` (contract section 6): Amazon's request format, its signature and timestamp verified on the
 * exact bytes received before anything is read (docs/decisions/018-alexa-skill.md).
 */
export const alexaSkillRoutes: FastifyPluginAsync<AlexaSkillRoutesOptions> = async (
  app,
  { db, fleet, commandBudget, grants, alexaClientIds, tokenGrant, config },
) => {
  const { skillId } = config;
  // The signature covers the body as sent: it is kept as text here, and parsed only once verified.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  if (!skillId) {
    app.post(ALEXA_SKILL_PATH, async () => {
      throw new HttpError(
        503,
        'alexa_skill_unavailable',
        'The Alexa skill is not set up on this server (ALEXA_SKILL_ID).',
      );
    });
    return;
  }
  const verify = createAlexaVerifier(config.trust ?? amazonTrust(config.timeoutMs));
  const skill = createAlexaSkill({
    db,
    fleet,
    commandBudget,
    grants,
    alexaClientIds,
    skillId,
    tokenGrant,
    log: app.log,
  });

  app.post(
    ALEXA_SKILL_PATH,
    { config: { rateLimit: { max: config.requestsPerMinute, timeWindow: '1 minute' } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const raw = typeof request.body === 'string' ? request.body : '';
      try {
        await verify(raw, request.headers);
      } catch (error) {
        if (error instanceof AlexaVerificationError) {
          request.log.warn({ reason: error.message }, 'Alexa request refused');
          throw refused(error.message);
        }
        throw error;
      }
      const envelope = JSON.parse(raw) as RequestEnvelope;
      if (envelope?.context?.System?.application?.applicationId !== skillId)
        throw refused('the request is for another skill');
      return skill.invoke(envelope);
    },
  );
};
