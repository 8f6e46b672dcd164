import { createSign, randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  type ReportStateBody,
  reportStateBodySchema,
  type RequestSyncBody,
  requestSyncBodySchema,
} from './google-schemas.ts';

/**
 * Google's HomeGraph API, for what we tell Google without being asked: a mower's new state (Report State) and
 * an account's changed mower list (Request Sync). The real client calls `HOMEGRAPH_URL` with a service account's
 * token; without a service account (development, tests) the local fake keeps what would have been sent.
 */
export interface HomeGraph {
  reportState(body: ReportStateBody): Promise<void>;
  requestSync(body: RequestSyncBody): Promise<void>;
}

export interface HomeGraphConfig {
  /** `https://homegraph.googleapis.com` in production. */
  url: string;
  /** The Google project's service account with the HomeGraph API role; undefined: the local fake. */
  serviceAccount: ServiceAccount | undefined;
  timeoutMs: number;
}

export const serviceAccountSchema = z.looseObject({
  client_email: z.string().min(1),
  private_key: z.string().includes('PRIVATE KEY'),
  token_uri: z.url().default('https://oauth2.googleapis.com/token'),
});
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;

const HOMEGRAPH_SCOPE = 'https://www.googleapis.com/auth/homegraph';

/** The local fake: every call, checked against the schemas written from Google's documentation. */
export class FakeHomeGraph implements HomeGraph {
  readonly reports: ReportStateBody[] = [];
  readonly syncs: RequestSyncBody[] = [];
  /** Google out of reach: every call fails, as the real client's does on a timeout or a 5xx (tests). */
  down = false;

  async reportState(body: ReportStateBody): Promise<void> {
    if (this.down) throw new Error('HomeGraph devices:reportStateAndNotification: unreachable (fake)');
    this.reports.push(reportStateBodySchema.parse(body));
  }

  async requestSync(body: RequestSyncBody): Promise<void> {
    if (this.down) throw new Error('HomeGraph devices:requestSync: unreachable (fake)');
    this.syncs.push(requestSyncBodySchema.parse(body));
  }
}

/** A service account's access token (RFC 7523 JWT bearer grant, as Google's OAuth server takes it), cached. */
function serviceAccountTokens(account: ServiceAccount, timeoutMs: number) {
  let cached: { token: string; until: number } | undefined;
  return async (): Promise<string> => {
    if (cached && cached.until > Date.now() + 60_000) return cached.token;
    const now = Math.floor(Date.now() / 1000);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({ iss: account.client_email, scope: HOMEGRAPH_SCOPE, aud: account.token_uri, iat: now, exp: now + 3600 })}`;
    const signature = createSign('RSA-SHA256').update(unsigned).sign(account.private_key).toString('base64url');
    const response = await fetch(account.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: `${unsigned}.${signature}`,
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`Google token endpoint: HTTP ${response.status}`);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    cached = { token: body.access_token, until: Date.now() + body.expires_in * 1000 };
    return body.access_token;
  };
}

export function createHomeGraph(config: HomeGraphConfig): HomeGraph {
  if (!config.serviceAccount) return new FakeHomeGraph();
  const token = serviceAccountTokens(config.serviceAccount, config.timeoutMs);
  const post = async (path: string, body: object) => {
    const response = await fetch(`${config.url.replace(/\/$/, '')}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await token()}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    if (!response.ok) throw new Error(`HomeGraph ${path}: HTTP ${response.status}`);
  };
  return {
    reportState: (body) => post('/v1/devices:reportStateAndNotification', body),
    requestSync: (body) => post('/v1/devices:requestSync', body),
  };
}

export const newRequestId = () => randomUUID();
