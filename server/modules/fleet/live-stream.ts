import { createHash, randomBytes } from 'node:crypto';
import type { MowerStatusDto } from '../../../common/fleet.ts';
import {
  type CredentialOrigin,
  livingOrigins,
  originColumns,
  originKey,
  originOfColumns,
} from '../../db/credential-origins.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { originOf, type RequireCaller } from '../accounts/public.ts';
import { mayUseMower } from '../mowers/public.ts';
import type { Fleet } from './fleet.ts';
import { type FleetHandlers, statusOf } from './fleet-routes.ts';

/** How long a ticket opens the stream: the page takes it and opens the stream at once. */
export const LIVE_TICKET_TTL_MS = 30_000;
/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/**
 * A stream ends after this; the page takes a new ticket. A sign-out, an unlink or a revoked token ends a stream at
 * once (`LiveFeed.recheckOrigins`); a session that merely expires is served until then.
 */
const MAX_STREAM_MS = 60 * 60_000;
/** How long a stream trusts that the account may still see the mower (a share can end). */
const VISIBILITY_TTL_MS = 30_000;

const hash = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

/** Adds `member` to the group under `key`; the returned call takes it out again, and the group once empty. */
function addToGroup<T>(groups: Map<string, Set<T>>, key: string, member: T): () => void {
  const group = groups.get(key) ?? new Set();
  group.add(member);
  groups.set(key, group);
  return () => {
    group.delete(member);
    if (!group.size) groups.delete(key);
  };
}

/**
 * The committed changes of each mower, for this process's live streams: this process's and, with several processes,
 * the others' (server/modules/fleet/live-changes.ts).
 */
export class LiveFeed {
  private readonly subscribers = new Map<string, Set<(status: MowerStatusDto) => void>>();
  private readonly open = new Set<() => void>();
  private readonly watchers = new Map<string, Set<() => void>>();
  private readonly byOrigin = new Map<string, { origin: CredentialOrigin; ends: Set<() => void> }>();
  private rechecking: Promise<void> | undefined;
  private recheckQueued: Promise<void> | undefined;

  /** Remembers how to end a stream, so that the server's shutdown ends them all. */
  track(end: () => void): () => void {
    this.open.add(end);
    return () => this.open.delete(end);
  }

  endAll(): void {
    for (const end of [...this.open]) end();
  }

  /** Calls `recheck` when the account's mower list changes (a share ended or accepted), until the returned call. */
  watchAccount(accountId: string, recheck: () => void): () => void {
    return addToGroup(this.watchers, accountId, recheck);
  }

  /** The accounts' mower lists changed: their streams check at once whether they may go on. */
  mowerListsChanged(accountIds: readonly string[]): void {
    for (const accountId of accountIds) for (const recheck of [...(this.watchers.get(accountId) ?? [])]) recheck();
  }

  /** Calls `end` when the session or grant the stream was opened under ends (`recheckOrigins`), until the returned call. */
  watchOrigin(origin: CredentialOrigin, end: () => void): () => void {
    const key = originKey(origin);
    const entry = this.byOrigin.get(key) ?? { origin, ends: new Set<() => void>() };
    this.byOrigin.set(key, entry);
    entry.ends.add(end);
    return () => {
      entry.ends.delete(end);
      if (!entry.ends.size && this.byOrigin.get(key) === entry) this.byOrigin.delete(key);
    };
  }

  /**
   * Something that may end a credential was committed (a sign-out, an unlink, a revoked token; announced by
   * server/db/database.ts): the streams whose session or grant no longer lives end, all origins in one check. One
   * check at a time; one asked for during a check runs after it, as the running one may have read before the
   * revocation that asked was committed.
   */
  recheckOrigins(living: (origins: readonly CredentialOrigin[]) => Promise<Set<string>>): Promise<void> {
    if (this.rechecking) {
      this.recheckQueued ??= this.rechecking.then(() => {
        this.recheckQueued = undefined;
        return this.recheckOrigins(living);
      });
      return this.recheckQueued;
    }
    this.rechecking = (async () => {
      const entries = [...this.byOrigin.values()];
      if (!entries.length) return;
      const alive = await living(entries.map((entry) => entry.origin));
      for (const entry of entries) if (!alive.has(originKey(entry.origin))) for (const end of [...entry.ends]) end();
    })().finally(() => (this.rechecking = undefined));
    return this.rechecking;
  }

  push(status: MowerStatusDto): void {
    for (const subscriber of this.subscribers.get(status.serial_number) ?? []) subscriber(status);
  }

  subscribe(serial: string, subscriber: (status: MowerStatusDto) => void): () => void {
    return addToGroup(this.subscribers, serial, subscriber);
  }

  /** How many streams are open (tests, and the page-hidden check of the browser journey). */
  get streams(): number {
    let count = 0;
    for (const set of this.subscribers.values()) count += set.size;
    return count;
  }
}

/**
 * A single-use ticket for one mower's stream, stored only as a hash, with what the caller's token was issued under (the
 * stream ends with it); expired ones are swept on the way.
 */
export async function issueLiveTicket(
  db: Db,
  { accountId, origin }: { accountId: string; origin: CredentialOrigin },
  serial: string,
  now: number,
): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await db.deleteFrom('live_tickets').where('expires_at', '<=', new Date(now).toISOString()).execute();
  await db
    .insertInto('live_tickets')
    .values({
      ticket_hash: hash(ticket),
      account_id: accountId,
      mower_serial: serial,
      expires_at: new Date(now + LIVE_TICKET_TTL_MS).toISOString(),
      ...originColumns(origin),
    })
    .execute();
  return ticket;
}

/**
 * Takes the ticket (deleting it, so that a second use fails in every process): the account and what the ticket was
 * issued under, if it was valid for `serial`.
 */
export async function takeLiveTicket(
  db: Db,
  ticket: string,
  serial: string,
  now: number,
): Promise<{ accountId: string; origin: CredentialOrigin } | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(ticket)) return undefined;
  const row = await db
    .deleteFrom('live_tickets')
    .where('ticket_hash', '=', hash(ticket))
    .returning(['account_id', 'mower_serial', 'expires_at', 'session_id', 'grant_id'])
    .executeTakeFirst();
  if (!row || row.mower_serial !== serial || Date.parse(row.expires_at) <= now) return undefined;
  const origin = originOfColumns(row);
  return origin && { accountId: row.account_id, origin };
}

const notFound = () => new HttpError(404, 'mower_not_found', 'There is no such mower on this account.');

/**
 * A page's live view of one mower without polling: `POST /api/mowers/:serial/live-tickets` (bearer token) gives a
 * single-use ticket valid 30 s; `GET /api/mowers/:serial/live?ticket=` is a Server-Sent Events stream of the
 * mower's status (`event: status`, `MowerStatusDto`): the current one at once, then each committed change.
 * EventSource cannot send an Authorization header, and the bearer token never goes into a URL.
 */
export function liveStreamHandlers(
  db: Db,
  requireCaller: RequireCaller,
  fleet: Fleet,
  feed: LiveFeed,
): Pick<FleetHandlers, 'createLiveTicket' | 'liveStatus'> {
  return {
    createLiveTicket: async (request, reply) => {
      const caller = await requireCaller(request, 'mower:read');
      const origin = originOf(caller);
      if (!origin) throw new HttpError(403, 'insufficient_scope', 'This token cannot open a live stream.');
      if (!(await mayUseMower(db, caller.accountId, request.params.serial))) throw notFound();
      const ticket = await issueLiveTicket(
        db,
        { accountId: caller.accountId, origin },
        request.params.serial,
        fleet.clock.now(),
      );
      return reply.code(201).send({ ticket, expires_in: LIVE_TICKET_TTL_MS / 1000 });
    },

    liveStatus: async (request, reply) => {
      const { serial } = request.params;
      const taken = request.query.ticket
        ? await takeLiveTicket(db, request.query.ticket, serial, fleet.clock.now())
        : undefined;
      // A ticket whose session or grant ended in its 30 s opens nothing either.
      const alive = taken && (await livingOrigins(db, [taken.origin], Date.now())).has(originKey(taken.origin));
      if (!taken || !alive)
        throw new HttpError(401, 'invalid_ticket', 'The live ticket is missing, used, expired or for another mower.');
      const { accountId, origin } = taken;
      if (!(await mayUseMower(db, accountId, serial))) throw notFound();
      const view = await fleet.view(serial);
      if (!view) throw notFound();

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Accel-Buffering': 'no',
        Connection: 'keep-alive',
      });
      const send = (status: MowerStatusDto) => raw.write(`event: status\ndata: ${JSON.stringify(status)}\n\n`);
      send(statusOf(view));

      // Each status goes out only while the account may see the mower, and the session or grant of the ticket lives
      // (if a revocation's announcement was missed): trusted for VISIBILITY_TTL_MS after a check,
      // then checked before the next one is sent (a status that comes meanwhile waits for the answer, the latest
      // only); a share that ends in this process checks at once (`mowerListsChanged`).
      let checkedAt = fleet.clock.now();
      let checking: Promise<void> | undefined;
      let waiting: MowerStatusDto | undefined;
      const check = () => {
        checking ??= Promise.all([
          mayUseMower(db, accountId, serial),
          livingOrigins(db, [origin], Date.now()).then((living) => living.has(originKey(origin))),
        ])
          .then(
            ([allowed, alive]) => {
              checkedAt = fleet.clock.now();
              if (!allowed || !alive) end();
            },
            () => end(),
          )
          .finally(() => {
            checking = undefined;
            const status = waiting;
            waiting = undefined;
            if (status && !ended) send(status);
          });
      };
      const unsubscribe = feed.subscribe(serial, (status) => {
        if (!checking && fleet.clock.now() - checkedAt < VISIBILITY_TTL_MS) return void send(status);
        waiting = status;
        check();
      });
      const unwatch = feed.watchAccount(accountId, check);
      const unwatchOrigin = feed.watchOrigin(origin, () => end());
      const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const lifetime = setTimeout(() => end(), MAX_STREAM_MS);
      let ended = false;
      const untrack = feed.track(() => end());
      function end() {
        if (ended) return;
        ended = true;
        untrack();
        unsubscribe();
        unwatch();
        unwatchOrigin();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        raw.end();
      }
      request.raw.on('close', end);
      raw.on('close', end);
      // Hijacked, the response has no listener of Fastify's: a write that fails must not throw into the process.
      raw.on('error', end);
    },
  };
}
