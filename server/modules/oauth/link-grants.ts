import type Provider from 'oidc-provider';
import type { Db } from '../../db/database.ts';
import { forgetTokenGrants } from './grant-cache.ts';
import { endGrants } from './kysely-adapter.ts';
import { OAUTH_SCOPES, saveUnredeemedGrant } from './provider.ts';

/** One live link: a grant of a client to an account that still holds a usable refresh token. */
export interface LinkGrant {
  grantId: string;
  clientId: string;
  /** When the grant was made (ISO 8601). */
  since: string;
}

/**
 * The account links the OAuth server holds, for modules that show or end them (server/modules/voice-links):
 * read from oidc-provider's records, minted and revoked through oidc-provider's own models, so that a link made
 * through the web login, App Flip or Alexa's app-to-app flow is one and the same thing.
 */
export interface LinkGrants {
  /** The account's live links to these clients, newest first. */
  live(accountId: string, clientIds: readonly string[]): Promise<LinkGrant[]>;
  /**
   * An authorization code for a client, as the authorization endpoint would issue it after consent, for a flow where
   * the user consents in our app instead (Google App Flip, Alexa app-to-app): bound to the account, a new grant and
   * the exact redirect URI, without a PKCE challenge (the client redeeming it has no verifier). Single-use, 60 s; the
   * grant lives minutes until the code is redeemed, then a year from its last use.
   */
  mintCode(input: {
    accountId: string;
    clientId: string;
    redirectUri: string;
    scopes: readonly string[];
  }): Promise<{ code: string; grantId: string }>;
  /** Ends one grant: the grant and every code and token it issued (oidc-provider's revocation by grant id). */
  revokeGrant(grantId: string): Promise<void>;
  /**
   * Ends one grant as `revokeGrant` does, but only if it is the account's and one of these clients'; answers whether
   * it did. Another account's grant, another client's or an unknown id is left alone.
   */
  revokeHeld(accountId: string, grantId: string, clientIds: readonly string[]): Promise<boolean>;
  /** Ends every grant of these clients for the account, live or not; answers their ids. */
  revokeAll(accountId: string, clientIds: readonly string[]): Promise<string[]>;
}

export function createLinkGrants(db: Db, provider: Provider): LinkGrants {
  async function revokeGrant(grantId: string) {
    // The adapter removes every record carrying the grant id whatever its model: codes, access and refresh tokens.
    await provider.AccessToken.revokeByGrantId(grantId);
    const grant = await provider.Grant.find(grantId);
    if (grant) await grant.destroy();
    // An expired grant is invisible to find(); its row goes too, so nothing of it is left to read as linked, and so
    // do the MQTT pairs issued under it (the adapter already took them with the grant's tokens; this is the last word).
    await endGrants(
      db,
      (trx) => trx.deleteFrom('oauth_records').where('model', '=', 'Grant').where('id', '=', grantId).execute(),
      [grantId],
    );
  }

  return {
    async live(accountId, clientIds) {
      if (!clientIds.length) return [];
      const now = new Date().toISOString();
      const rows = await db
        .selectFrom('oauth_records as g')
        .select(['g.id', 'g.client_id', 'g.payload'])
        .where('g.model', '=', 'Grant')
        .where('g.account_id', '=', accountId)
        .where('g.client_id', 'in', [...clientIds])
        .where((eb) => eb.or([eb('g.expires_at', 'is', null), eb('g.expires_at', '>', now)]))
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('oauth_records as t')
              .select('t.id')
              .where('t.model', '=', 'RefreshToken')
              .whereRef('t.grant_id', '=', 'g.id')
              .where('t.consumed_at', 'is', null)
              .where('t.expires_at', '>', now),
          ),
        )
        .execute();
      return rows
        .map((row) => {
          const { iat } = JSON.parse(row.payload) as { iat?: number };
          return { grantId: row.id, clientId: row.client_id!, since: new Date((iat ?? 0) * 1000).toISOString() };
        })
        .sort((a, b) => b.since.localeCompare(a.since));
    },

    async mintCode({ accountId, clientId, redirectUri, scopes }) {
      const client = await provider.Client.find(clientId);
      if (!client) throw new Error(`no OAuth client ${clientId}`);
      if (!client.redirectUris?.includes(redirectUri))
        throw new Error(`${redirectUri} is not a redirect URI of ${clientId}`);
      const scope = scopes.filter((item) => (OAUTH_SCOPES as readonly string[]).includes(item)).join(' ');
      // Minutes only until the code is redeemed: an App Flip nobody finishes leaves nothing.
      const grantId = await saveUnredeemedGrant(provider, { accountId, clientId, scope });
      const code = new provider.AuthorizationCode({
        accountId,
        client,
        grantId,
        redirectUri,
        scope,
        authTime: Math.floor(Date.now() / 1000),
        gty: 'authorization_code',
      });
      return { code: await code.save(), grantId };
    },

    revokeGrant,

    async revokeHeld(accountId, grantId, clientIds) {
      if (!clientIds.length) return false;
      const held = await db
        .selectFrom('oauth_records')
        .select('id')
        .where('model', '=', 'Grant')
        .where('id', '=', grantId)
        .where('account_id', '=', accountId)
        .where('client_id', 'in', [...clientIds])
        .executeTakeFirst();
      if (!held) return false;
      await revokeGrant(grantId);
      return true;
    },

    async revokeAll(accountId, clientIds) {
      if (!clientIds.length) return [];
      const grants = await db
        .selectFrom('oauth_records')
        .select('id')
        .where('model', '=', 'Grant')
        .where('account_id', '=', accountId)
        .where('client_id', 'in', [...clientIds])
        .execute();
      for (const { id } of grants) await revokeGrant(id);
      // Codes and tokens whose grant is gone already (swept, or lost halfway) go as well, and the MQTT pairs these
      // clients were given: nothing of these clients stays.
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('oauth_records')
          .where('model', 'in', ['AuthorizationCode', 'AccessToken', 'RefreshToken'])
          .where('account_id', '=', accountId)
          .where('client_id', 'in', [...clientIds])
          .execute();
        await trx
          .deleteFrom('mqtt_credentials')
          .where('account_id', '=', accountId)
          .where('client_id', 'in', [...clientIds])
          .where('grant_id', 'is not', null)
          .execute();
      });
      await forgetTokenGrants(db);
      return grants.map(({ id }) => id);
    },
  };
}
