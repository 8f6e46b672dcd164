import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { voiceLinksApi } from '../../../common/api/voice-links.ts';
import {
  ALEXA_LINK_STATE_TTL_SECONDS,
  VOICE_LINK_ERRORS,
  VOICE_PLATFORMS,
  type VoiceLink,
  type VoicePlatform,
} from '../../../common/voice-links.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { type ApiHandlers, serveApi } from '../../http/serve-api.ts';
import type { RequireCaller } from '../accounts/public.ts';
import { type LinkGrants, type LinkingClient, OAUTH_SCOPES } from '../oauth/public.ts';
import { AmazonError, alexaStartUrls, createAmazonClient } from './amazon-client.ts';
import type { AmazonConfig } from './amazon-config.ts';
import {
  amazonLinksOf,
  consumeLinkState,
  createLinkState,
  deleteAmazonLink,
  saveAmazonLink,
  updateAmazonTokens,
} from './alexa-queries.ts';

export interface VoiceLinkRoutesOptions {
  db: Db;
  requireCaller: RequireCaller;
  clients: readonly LinkingClient[];
  grants: LinkGrants;
  /** Undefined: Alexa's app-to-app linking is not configured (its start and complete answer 503). */
  amazon: AmazonConfig | undefined;
}

/** Amazon's codes and our states: printable ASCII, no spaces. */
/** The handlers of the module's routes of the API table (common/api/voice-links.ts). */
type Handlers = ApiHandlers<(typeof voiceLinksApi)['routes']>;

const amazonFailed = () =>
  new HttpError(
    502,
    VOICE_LINK_ERRORS.amazonFailed,
    'Amazon did not complete the request. Nothing was changed; please try again.',
  );

/**
 * Links between the account and the voice platforms (common/voice-links.ts), for the app's own sessions only: a
 * linked service may neither see nor change the account's other links. Link state is the OAuth server's grants
 * (docs/decisions/012-voice-links.md).
 */
export function voiceLinkRoutes(
  app: FastifyInstance,
  { db, requireCaller, clients, grants, amazon }: VoiceLinkRoutesOptions,
): void {
  const clientIdsOf = (platform: VoicePlatform) =>
    clients.filter((client) => client.kind === platform).map((client) => client.client_id);

  async function linksOf(accountId: string): Promise<VoiceLink[]> {
    const live = await grants.live(
      accountId,
      clients.filter((client) => client.kind !== 'third_party').map((client) => client.client_id),
    );
    return VOICE_PLATFORMS.map((platform) => {
      const ids = clientIdsOf(platform);
      const newest = live.find((grant) => ids.includes(grant.clientId));
      return {
        platform,
        linked: Boolean(newest),
        linked_since: newest?.since ?? null,
        client_id: newest?.clientId ?? null,
      };
    });
  }

  const listVoiceLinks: Handlers['listVoiceLinks'] = async (request) => {
    const caller = await requireCaller(request, 'account');
    return { links: await linksOf(caller.accountId) };
  };

  // ---- Third-party services (Home Assistant and others linked through the web login): one entry per grant --------

  const thirdParties = clients.filter((client) => client.kind === 'third_party');
  const thirdPartyIds = thirdParties.map((client) => client.client_id);

  const listConnectedServices: Handlers['listConnectedServices'] = async (request) => {
    const caller = await requireCaller(request, 'account');
    const live = await grants.live(caller.accountId, thirdPartyIds);
    return {
      services: live.map((grant) => ({
        id: grant.grantId,
        client_id: grant.clientId,
        name: thirdParties.find((client) => client.client_id === grant.clientId)!.client_name,
        since: grant.since,
      })),
    };
  };

  // Ends that one link only. An id that is unknown, already ended, another account's or not a third party's gets the
  // same 204 and changes nothing: no answer tells whether a link exists, and a retry is harmless.
  const unlinkService: Handlers['unlinkService'] = async (request, reply) => {
    const caller = await requireCaller(request, 'account');
    await grants.revokeHeld(caller.accountId, request.params.id, thirdPartyIds);
    return reply.code(204).send();
  };

  // ---- Google: App Flip and unlink -------------------------------------------------------------------------------

  const googleAppFlip: Handlers['googleAppFlip'] = {
    options: { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    handler: async (request) => {
      const caller = await requireCaller(request, 'account');
      const { client_id: clientId, scope, redirect_uri: redirectUri } = request.body;
      const refuse = (field: string, message: string) =>
        new HttpError(400, VOICE_LINK_ERRORS.invalidClient, `body.${field}: ${message}`, `body.${field}`);
      const client = clients.find((candidate) => candidate.kind === 'google' && candidate.client_id === clientId);
      if (!client) throw refuse('client_id', 'not the registered Google client.');
      // Exactly a registered URI: no prefix, case or trailing-slash leeway (RFC 9700 section 2.1).
      if (!client.redirect_uris.includes(redirectUri))
        throw refuse('redirect_uri', 'not a registered redirect URI of the Google client.');
      const requested = scope.split(' ').filter(Boolean);
      const unknown = requested.find((item) => !(OAUTH_SCOPES as readonly string[]).includes(item));
      if (unknown) throw refuse('scope', `${unknown} is not a scope of this service.`);
      // No scope asks for the default, all of them (RFC 6749 section 3.3), as at the authorization endpoint.
      const { code } = await grants.mintCode({
        accountId: caller.accountId,
        clientId,
        redirectUri,
        scopes: requested.length ? requested : OAUTH_SCOPES,
      });
      return { code };
    },
  };

  const unlinkGoogle: Handlers['unlinkGoogle'] = async (request, reply) => {
    const caller = await requireCaller(request, 'account');
    await grants.revokeAll(caller.accountId, clientIdsOf('google'));
    return reply.code(204).send();
  };

  // ---- Alexa: app-to-app linking and unlink ----------------------------------------------------------------------

  const requireAmazon = () => {
    if (!amazon)
      throw new HttpError(503, 'alexa_unavailable', 'Linking with the Alexa app is not set up on this server.');
    return amazon;
  };

  const startAlexaLink: Handlers['startAlexaLink'] = {
    options: { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    handler: async (request) => {
      const caller = await requireCaller(request, 'account');
      const config = requireAmazon();
      const state = randomBytes(32).toString('base64url');
      const codeVerifier = randomBytes(32).toString('base64url');
      const now = new Date();
      const expiresAt = new Date(now.getTime() + ALEXA_LINK_STATE_TTL_SECONDS * 1000);
      await createLinkState(db, { state, accountId: caller.accountId, codeVerifier, expiresAt, now });
      const urls = alexaStartUrls(config, state, createHash('sha256').update(codeVerifier).digest('base64url'));
      return {
        alexa_app_url: urls.alexaAppUrl,
        lwa_fallback_url: urls.lwaFallbackUrl,
        expires_at: expiresAt.toISOString(),
      };
    },
  };

  const logAmazonFailure = (log: FastifyBaseLogger, error: unknown) => {
    if (!(error instanceof AmazonError)) throw error;
    log.warn({ step: error.step, status: error.status, amazonCode: error.amazonCode }, error.message);
  };

  const completeAlexaLink: Handlers['completeAlexaLink'] = {
    options: { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    handler: async (request) => {
      const caller = await requireCaller(request, 'account');
      const config = requireAmazon();
      const { accountId } = caller;
      const codeVerifier = await consumeLinkState(db, request.body.state, accountId, new Date());
      if (!codeVerifier) {
        throw new HttpError(
          400,
          VOICE_LINK_ERRORS.invalidState,
          'body.state: unknown, expired or used already. Start linking again.',
          'body.state',
        );
      }
      const amazonApi = createAmazonClient(config);

      let tokens;
      try {
        tokens = await amazonApi.exchangeCode(request.body.code, codeVerifier);
      } catch (error) {
        logAmazonFailure(request.log, error);
        throw amazonFailed();
      }

      const { code, grantId } = await grants.mintCode({
        accountId,
        clientId: config.ourClientId,
        redirectUri: config.amazonRedirectUri,
        scopes: OAUTH_SCOPES,
      });
      // Amazon's tokens are kept before Amazon is asked, so that no moment exists where Amazon holds a link we could
      // not disable; they go again with our grant if the enablement fails.
      await saveAmazonLink(db, { grantId, accountId, tokens, now: new Date() });
      try {
        await amazonApi.enable(tokens.accessToken, code);
      } catch (error) {
        await grants.revokeGrant(grantId);
        await deleteAmazonLink(db, grantId);
        logAmazonFailure(request.log, error);
        // Amazon may have enabled the skill before its answer was lost: it is told to disable it again, in the
        // background (its own timeout), and its link is dead anyway as our tokens are revoked.
        if (error instanceof AmazonError && error.status === undefined) {
          void amazonApi.disable(tokens.accessToken).catch(() => undefined);
        }
        throw amazonFailed();
      }
      const link = (await linksOf(accountId)).find((candidate) => candidate.platform === 'alexa')!;
      return { link };
    },
  };

  /** Disables the skill at Amazon for one link made app-to-app, refreshing Amazon's token when needed. */
  async function disableAtAmazon(row: Awaited<ReturnType<typeof amazonLinksOf>>[number]): Promise<void> {
    const config = requireAmazon();
    const amazonApi = createAmazonClient(config);
    let accessToken = row.access_token;
    const refresh = async () => {
      const tokens = await amazonApi.refresh(row.refresh_token);
      await updateAmazonTokens(db, row.grant_id, tokens);
      accessToken = tokens.accessToken;
    };
    try {
      if (Date.parse(row.access_expires_at) - Date.now() < 60_000) await refresh();
      let outcome = await amazonApi.disable(accessToken);
      if (outcome === 'unauthorized') {
        await refresh();
        outcome = await amazonApi.disable(accessToken);
        if (outcome === 'unauthorized') throw new AmazonError('skill disablement', 'HTTP 401', 401);
      }
    } catch (error) {
      // Amazon refusing our refresh token means the user's Amazon side is gone (skill disabled in the Alexa app,
      // Amazon account closed): there is nothing left to disable there.
      if (error instanceof AmazonError && error.step === 'token refresh' && error.amazonCode === 'invalid_grant')
        return;
      throw error;
    }
  }

  const unlinkAlexa: Handlers['unlinkAlexa'] = async (request, reply) => {
    const caller = await requireCaller(request, 'account');
    for (const row of await amazonLinksOf(db, caller.accountId)) {
      try {
        await disableAtAmazon(row);
      } catch (error) {
        if (error instanceof HttpError) throw amazonFailed();
        logAmazonFailure(request.log, error);
        throw amazonFailed();
      }
      await deleteAmazonLink(db, row.grant_id);
    }
    // Links made through the web login (no Amazon token kept) end on our side only.
    await grants.revokeAll(caller.accountId, clientIdsOf('alexa'));
    return reply.code(204).send();
  };

  serveApi(app, voiceLinksApi, {
    listVoiceLinks,
    listConnectedServices,
    unlinkService,
    googleAppFlip,
    unlinkGoogle,
    startAlexaLink,
    completeAlexaLink,
    unlinkAlexa,
  });
}
