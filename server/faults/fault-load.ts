import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Db } from '../db/database.ts';
import { DEMO } from '../db/seed.ts';
import { exchangeCode, linkAccount, pkcePair, tokenRequest } from '../testing/oauth-test-client.ts';

/** One answer of the load: when it was asked (ms since the load began), how long it took, what it was. */
export interface Outcome {
  at: number;
  ms: number;
  what: string;
  status: number;
  retryAfter: string | undefined;
}

/** An account link as its service holds it: the tokens of its latest answer. */
interface Link {
  refreshToken: string;
  accessToken: string;
  ended: boolean;
}

/**
 * What an operator's fault tests ran (issue 35): comments (each acknowledged one kept by its idempotency key, a 503
 * sent again with the same key, as the app does), an invitation accepted over and over, messages marked read, reads,
 * and OAuth links refreshing (a 503 retried with the same refresh token, as Alexa and Google do) and using their
 * tokens, from several clients at once.
 */
export class MixedLoad {
  readonly outcomes: Outcome[] = [];
  /** Idempotency key to comment id, of every comment the server acknowledged. */
  readonly acknowledged = new Map<string, string>();
  readonly links: Link[] = [];
  private started = 0;
  private running = false;
  private workers: Promise<void>[] = [];
  private authorization = '';
  private messageIds: string[] = [];
  private readonly app: FastifyInstance;

  constructor(app: FastifyInstance) {
    this.app = app;
  }

  async prepare(linkCount: number): Promise<void> {
    const login = await this.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { account: DEMO.owner.email, password: DEMO.owner.password },
    });
    this.authorization = `Bearer ${login.json<{ access_token: string }>().access_token}`;
    const messages = await this.app.inject({
      method: 'GET',
      url: '/api/messages',
      headers: { authorization: this.authorization },
    });
    this.messageIds = messages.json<{ messages: { id: string }[] }>().messages.map((message) => message.id);
    for (let index = 0; index < linkCount; index++) {
      const pkce = pkcePair();
      const { location } = await linkAccount(this.app, { challenge: pkce.challenge });
      const tokens = (await exchangeCode(this.app, location!.searchParams.get('code')!, pkce.verifier)).json<{
        access_token: string;
        refresh_token: string;
      }>();
      this.links.push({ refreshToken: tokens.refresh_token, accessToken: tokens.access_token, ended: false });
    }
  }

  /** Milliseconds since the load began. */
  now(): number {
    return performance.now() - this.started;
  }

  start(): void {
    this.started = performance.now();
    this.running = true;
    this.workers = [
      this.loop(() => this.comment(), 2),
      this.loop(() => this.read(), 2),
      this.loop(() => this.markRead()),
      this.loop(() => this.acceptInvitation()),
      ...this.links.map((link) => this.loop(() => this.useLink(link))),
    ];
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }

  private async loop(step: () => Promise<void>, parallel = 1): Promise<void> {
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (this.running) {
          await step();
          await sleep(20);
        }
      }),
    );
  }

  private async send(what: string, request: InjectOptions) {
    const at = this.now();
    const response = await this.app.inject(request);
    const retryAfter = response.headers['retry-after'];
    this.outcomes.push({
      at,
      ms: this.now() - at,
      what,
      status: response.statusCode,
      retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
    });
    return response;
  }

  private pendingKeys: string[] = [];
  private commentCount = 0;

  private async comment(): Promise<void> {
    const key = this.pendingKeys.shift() ?? randomUUID();
    const count = this.commentCount++;
    const response = await this.send('comment', {
      method: 'POST',
      url: '/api/comments',
      headers: { authorization: this.authorization },
      // Each from an address of its own: the per-address flood limit is not what is tested.
      remoteAddress: `198.18.${Math.floor(count / 250) % 250}.${count % 250}`,
      payload: { topic: 'app', rating: 4, comment: `fault load ${key}`, idempotency_key: key },
    });
    if (response.statusCode === 201) this.acknowledged.set(key, response.json<{ id: string }>().id);
    else if (response.statusCode === 503) this.pendingKeys.push(key);
  }

  private async read(): Promise<void> {
    await this.send('read mowers', {
      method: 'GET',
      url: '/api/mowers',
      headers: { authorization: this.authorization },
    });
    await this.send('read messages', {
      method: 'GET',
      url: '/api/messages',
      headers: { authorization: this.authorization },
    });
  }

  private async markRead(): Promise<void> {
    const id = this.messageIds[Math.floor(Math.random() * this.messageIds.length)];
    if (!id) return;
    await this.send('mark read', {
      method: 'POST',
      url: `/api/messages/${id}/read`,
      headers: { authorization: this.authorization },
    });
  }

  private async acceptInvitation(): Promise<void> {
    await this.send('accept invitation', {
      method: 'POST',
      url: `/api/sharing/invitations/${DEMO.invitations.pending}/accept`,
      headers: { authorization: this.authorization },
    });
  }

  private async useLink(link: Link): Promise<void> {
    if (link.ended) return;
    const at = this.now();
    const refreshed = await tokenRequest(this.app, { grant_type: 'refresh_token', refresh_token: link.refreshToken });
    const retryAfter = refreshed.headers['retry-after'];
    this.outcomes.push({
      at,
      ms: this.now() - at,
      what: 'refresh',
      status: refreshed.statusCode,
      retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
    });
    if (refreshed.statusCode === 200) {
      const tokens = refreshed.json<{ access_token: string; refresh_token: string }>();
      link.refreshToken = tokens.refresh_token;
      link.accessToken = tokens.access_token;
    } else if (refreshed.statusCode !== 503) {
      link.ended = true;
      return;
    }
    const used = await this.send('linked read', {
      method: 'GET',
      url: '/api/mowers',
      headers: { authorization: `Bearer ${link.accessToken}` },
    });
    if (used.statusCode === 401) link.ended = true;
  }
}

/** What the database holds of the load's comments: rows per idempotency key. */
export async function storedComments(db: Db): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom('comments')
    .select(['id', 'idempotency_key'])
    .where('comment', 'like', 'fault load %')
    .execute();
  const byKey = new Map<string, string[]>();
  for (const row of rows) byKey.set(row.idempotency_key!, [...(byKey.get(row.idempotency_key!) ?? []), row.id]);
  return byKey;
}
