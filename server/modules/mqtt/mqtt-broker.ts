import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { createServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import type { Duplex } from 'node:stream';
import type { TrustedProxies } from '../../http/client-address.ts';
import proxyAddr from '@fastify/proxy-addr';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { type Db, onRevocation } from '../../db/database.ts';
import { listMowersFor, mayUseMower } from '../mowers/public.ts';
import {
  attributesPayload,
  type CommandBudget,
  eventPayload,
  type Fleet,
  type FleetChange,
  locationMessages,
  type MowerCommand,
  statePayload,
} from '../fleet/public.ts';
import { liveMqttUserNames, type MqttIdentity, verifyMqttCredentials } from './mqtt-credentials.ts';
import { GuardedConnection, type MqttLimits, PacketRate, UnauthenticatedConnections } from './mqtt-limits.ts';

/** The topics the public clients subscribe to (contract section 6). */
export const downlinkTopic = (serial: string, channel: 'state' | 'event' | 'attributes' | 'location') =>
  `/downlink/vehicle/${serial}/realtimeDate/${channel}`;

export const DOWNLINK = /^\/downlink\/vehicle\/([^/]+)\/realtimeDate\/(state|event|attributes|location|\+|#)$/;
/** navimow-sdk's `NavimowSDK` publishes its commands here. */
const COMMAND = /^navimow\/([^/]+)\/command$/;
const SDK_COMMANDS: Record<string, MowerCommand> = {
  start_mowing: 'start',
  pause: 'pause',
  resume: 'resume',
  stop: 'stop',
  return_to_base: 'dock',
  dock: 'dock',
};

/** How long a connection's list of visible mowers is trusted before it is read again (a share that ends). */
const VISIBILITY_TTL_MS = 30_000;
/** How often every open connection's pair is checked again (a session signed out, a link revoked, a day passed). */
const RECHECK_MS = 30_000;

interface Session extends MqttIdentity {
  userName: string;
  serials: Set<string>;
  loadedAt: number;
  loading?: Promise<void>;
  /** Its pair no longer works: nothing more is delivered, and the connection is being closed. */
  ended?: boolean;
  /** The connection's packets being authorized, one at a time: the last one's end, and how many wait or run. */
  work: Promise<void>;
  pending: number;
  /** The filters it holds (granted, not unsubscribed since). */
  topics: Set<string>;
  /** The filters of the SUBSCRIBE packets aedes is handing over now, authorized together once it is done. */
  filters?: { topic: string; answer: (allowed: boolean) => void }[];
}

export interface Publisher {
  publish(topic: string, payload: unknown, retain: boolean): Promise<void>;
  close(): Promise<void>;
}

export interface MqttOptions {
  db: Db;
  fleet: Fleet;
  /** The commands published here draw from the mowers' and accounts' budgets, as every other way does. */
  commandBudget: CommandBudget;
  log: { warn(object: unknown, message?: string): void; error(object: unknown, message?: string): void };
  /** How often open connections' pairs are checked again; `RECHECK_MS` unless a test asks for less. */
  recheckMs?: number;
  limits: MqttLimits;
}

/**
 * The embedded MQTT broker (docs/decisions/015-mqtt-broker.md): aedes, on TCP and on WebSocket under the
 * product's origin. A client connects with the pair from `userInfo/get/v2`; it may subscribe only to the downlink
 * topics of its own and shared mowers (a `+` for the mower is allowed and filtered per message), and publish
 * nothing but navimow-sdk's commands for mowers it may control. The fleet's state and attributes are retained,
 * so a new subscriber has the current state at once.
 */
export class EmbeddedBroker implements Publisher {
  readonly broker: Aedes;
  private readonly sessions = new WeakMap<Client, Session>();
  /** The connections that passed CONNECT, for the periodic check of their pairs. */
  private readonly open = new Set<Client>();
  private recheckTimer: NodeJS.Timeout | undefined;
  private stopFollowingRevocations: (() => void) | undefined;
  private rechecking: Promise<void> | undefined;
  private recheckQueued: Promise<void> | undefined;
  private tcp: TcpServer | undefined;
  private wss: WebSocketServer | undefined;
  private readonly options: MqttOptions;
  /** Connections that have not signed in yet, per address; each entry releases its count (once). */
  private readonly unauthenticated: UnauthenticatedConnections;
  private readonly releaseOnSignIn = new WeakMap<Client, () => void>();
  /** Who holds each client id: the connection that signed in with it and what its pair was issued under. */
  private readonly clientIds = new Map<string, { client: Client; origin: string }>();
  private readonly connections = new WeakMap<Client, GuardedConnection>();
  /** The signed-in connections of each link (or app session), whose subscriptions count together. */
  private readonly byOrigin = new Map<string, Set<Client>>();
  /** Packets a minute per link (or app session), over all its connections. */
  private readonly packetRate: PacketRate;

  private constructor(broker: Aedes, options: MqttOptions) {
    this.broker = broker;
    this.options = options;
    this.unauthenticated = new UnauthenticatedConnections(
      options.limits.unauthenticatedPerAddress,
      options.limits.unauthenticatedTotal,
    );
    this.packetRate = new PacketRate(options.limits.packetsPerMinute);
  }

  static async create(options: MqttOptions): Promise<EmbeddedBroker> {
    const broker = await Aedes.createBroker({
      connectTimeout: options.limits.connectTimeoutMs,
      maxClientsIdLength: 128,
      // Every session is clean: kept sessions would hold each client id's subscriptions in memory for ever, one more
      // for every new id an authenticated client makes up. The broker publishes at QoS 0 only, so a kept session
      // would queue nothing anyway; the client is told `sessionPresent: false` and subscribes again, as navimow-sdk
      // (paho, clean by default) does on every connection.
      preConnect: (_client, packet, done) => {
        packet.clean = true;
        done(null, true);
      },
    });
    const hub = new EmbeddedBroker(broker, options);
    broker.authenticate = (client, username, password, done) => void hub.authenticate(client, username, password, done);
    broker.authorizeSubscribe = (client, subscription, done) =>
      hub.authorizeSubscribe(client, subscription.topic, (allowed) => done(null, allowed ? subscription : null));
    broker.authorizePublish = (client, packet, done) =>
      void hub.authorizePublish(client, packet.topic, packet.payload).then(
        (allowed) => {
          packet.retain = false;
          done(allowed ? null : new Error('not authorized'));
        },
        (error: Error) => done(error),
      );
    broker.authorizeForward = (client, packet) => (hub.mayReceive(client, packet.topic) ? packet : null);
    broker.on('clientDisconnect', (client: Client) => hub.forget(client));
    broker.on('unsubscribe', (topics: string[], client: Client) => {
      const session = hub.sessions.get(client);
      for (const topic of topics) session?.topics.delete(topic);
    });
    hub.recheckTimer = setInterval(() => {
      hub.packetRate.sweep();
      void hub.recheckOpenConnections();
    }, options.recheckMs ?? RECHECK_MS);
    hub.recheckTimer.unref();
    // A sign-out, an unlink or a revoked token closes the connections of its pairs now, not at the next check.
    hub.stopFollowingRevocations = onRevocation(options.db, () => void hub.recheckOpenConnections());
    return hub;
  }

  private async authenticate(
    client: Client,
    username: string | undefined,
    password: Buffer | undefined,
    done: (error: AuthenticateError | null, success: boolean | null) => void,
  ) {
    const refuse = (returnCode: 2 | 4 = 4) => {
      const error = new Error(
        returnCode === 2 ? 'Identifier rejected' : 'Bad user name or password',
      ) as AuthenticateError;
      error.returnCode = returnCode;
      done(error, null);
    };
    try {
      const identity =
        username && password
          ? await verifyMqttCredentials(this.options.db, username, password.toString('utf8'), Date.now())
          : undefined;
      if (!identity) return refuse();
      // A client id in use belongs to the link (or app session) whose pair connected with it: another one may not
      // take it over, which would close that connection (MQTT 3.1.1, 3.1.4-2). The same link may: Home Assistant
      // reconnects with the client id of its first pair after fetching a new one, over a connection that may still
      // look open here.
      const holder = this.clientIds.get(client.id);
      if (holder && holder.origin !== identity.origin && !holder.client.closed) return refuse(2);
      this.clientIds.set(client.id, { client, origin: identity.origin });
      const session: Session = {
        ...identity,
        userName: username!,
        serials: new Set(),
        loadedAt: 0,
        topics: new Set(),
        work: Promise.resolve(),
        pending: 0,
      };
      this.sessions.set(client, session);
      await this.refresh(session);
      this.open.add(client);
      let siblings = this.byOrigin.get(identity.origin);
      if (!siblings) this.byOrigin.set(identity.origin, (siblings = new Set()));
      siblings.add(client);
      // Every packet from now on draws from the link's rate, before aedes parses it: over it, the connection closes.
      this.connections.get(client)?.meter(() => this.packetRate.take(identity.origin));
      this.releaseOnSignIn.get(client)?.();
      done(null, true);
    } catch (error) {
      if (this.clientIds.get(client.id)?.client === client) this.clientIds.delete(client.id);
      this.options.log.error({ err: error }, 'mqtt authentication failed');
      refuse();
    }
  }

  private async refresh(session: Session) {
    const mowers = await listMowersFor(this.options.db, session.accountId);
    session.serials = new Set(mowers.map((mower) => mower.serial_number));
    session.loadedAt = Date.now();
  }

  /**
   * The connection's pair still works (its session or link lives, and it has not expired); if not, the connection
   * is closed. Checked before every publish and subscribe, for every connection every `recheckMs`, and at once
   * when a revocation is announced.
   */
  private async stillValid(client: Client, session: Session): Promise<boolean> {
    if (
      !session.ended &&
      (await liveMqttUserNames(this.options.db, [session.userName], Date.now())).has(session.userName)
    )
      return true;
    this.end(client, session);
    return false;
  }

  private end(client: Client, session: Session) {
    session.ended = true;
    this.forget(client);
    if (!client.closed) client.close();
  }

  private forget(client: Client) {
    this.open.delete(client);
    const origin = this.sessions.get(client)?.origin;
    const siblings = origin === undefined ? undefined : this.byOrigin.get(origin);
    if (siblings?.delete(client) && !siblings.size) this.byOrigin.delete(origin!);
  }

  /**
   * Runs `task` after the connection's packets before it: one packet at a time, so that one client's pipelined
   * packets cannot take the database's connections from everyone else. Past `inFlightPerConnection` waiting, its
   * socket is no longer read until they are worked off.
   */
  private queue<T>(client: Client, session: Session, task: () => Promise<T>): Promise<T> {
    const connection = this.connections.get(client);
    session.pending += 1;
    if (session.pending >= this.options.limits.inFlightPerConnection) connection?.hold();
    const run = session.work.then(task);
    const settled = () => {
      session.pending -= 1;
      if (session.pending < this.options.limits.inFlightPerConnection) connection?.release();
    };
    session.work = run.then(settled, settled);
    return run;
  }

  /** Closes every open connection whose pair no longer works: one query for all of them. */
  recheckOpenConnections(): Promise<void> {
    // One at a time, so that a slow database does not pile checks up; one asked for during a check runs after it, as
    // the running one may have read before the revocation that asked was committed.
    if (this.rechecking) {
      this.recheckQueued ??= this.rechecking.then(() => {
        this.recheckQueued = undefined;
        return this.recheckOpenConnections();
      });
      return this.recheckQueued;
    }
    this.rechecking = this.recheck().finally(() => (this.rechecking = undefined));
    return this.rechecking;
  }

  private async recheck() {
    try {
      const open = [...this.open].flatMap((client) => {
        const session = this.sessions.get(client);
        if (client.closed || !session) this.open.delete(client);
        return session && !client.closed ? [{ client, session }] : [];
      });
      if (!open.length) return;
      const live = await liveMqttUserNames(
        this.options.db,
        open.map(({ session }) => session.userName),
        Date.now(),
      );
      for (const { client, session } of open) if (!live.has(session.userName)) this.end(client, session);
    } catch (error) {
      this.options.log.warn({ err: error }, 'mqtt credential recheck failed');
    }
  }

  /**
   * aedes asks for each filter of a SUBSCRIBE at once, all in one go (for several packets read together, theirs
   * too): they are decided together when it is done, with one check of the pair and at most one read of the mowers
   * the account sees, not a database read per filter.
   */
  private authorizeSubscribe(client: Client, topic: string, answer: (allowed: boolean) => void): void {
    const session = this.sessions.get(client);
    if (!session || !DOWNLINK.test(topic)) return answer(false);
    if (!session.filters) {
      const filters: NonNullable<Session['filters']> = [];
      session.filters = filters;
      queueMicrotask(() => {
        session.filters = undefined;
        this.queue(client, session, () => this.decideSubscriptions(client, session, filters)).catch(
          (error: unknown) => {
            this.options.log.warn({ err: error }, 'mqtt subscription check failed');
            for (const filter of filters) filter.answer(false);
          },
        );
      });
    }
    session.filters.push({ topic, answer });
  }

  private async decideSubscriptions(
    client: Client,
    session: Session,
    filters: readonly { topic: string; answer: (allowed: boolean) => void }[],
  ) {
    const valid = await this.stillValid(client, session);
    const serials = filters.map(({ topic }) => DOWNLINK.exec(topic)![1]!);
    // A `+` delivers the retained state of every matching topic at once: by the list as it is now, not as it was up to
    // half a minute ago (a share that has just ended); a mower not in the list may have been shared since.
    if (
      valid &&
      (Date.now() - session.loadedAt > VISIBILITY_TTL_MS ||
        serials.some((serial) => serial === '+' || !session.serials.has(serial)))
    )
      await this.refresh(session);
    // What the link's connections hold, a filter held again counting once.
    let held = 0;
    for (const sibling of this.byOrigin.get(session.origin) ?? []) held += this.sessions.get(sibling)?.topics.size ?? 0;
    const granted = new Set<string>();
    filters.forEach(({ topic, answer }, index) => {
      const serial = serials[index]!;
      const allowed =
        valid &&
        (serial === '+' || (!serial.includes('#') && session.serials.has(serial))) &&
        (session.topics.has(topic) ||
          granted.has(topic) ||
          held + granted.size < this.options.limits.subscriptionsPerPair);
      if (allowed && !session.topics.has(topic)) granted.add(topic);
      answer(allowed);
    });
    for (const topic of granted) session.topics.add(topic);
  }

  /**
   * These accounts' mower lists changed (a share accepted or ended, in this process): their open connections read
   * theirs again now rather than within half a minute, so a former sharer stops receiving at once.
   */
  async mowerListsChanged(accountIds: readonly string[]): Promise<void> {
    const accounts = new Set(accountIds);
    const sessions = [...this.open].flatMap((client) => {
      const session = this.sessions.get(client);
      return session && accounts.has(session.accountId) ? [session] : [];
    });
    await Promise.all(sessions.map((session) => this.refresh(session)));
  }

  private async authorizePublish(client: Client | null, topic: string, payload: Buffer | string): Promise<boolean> {
    const session = client && this.sessions.get(client);
    const match = COMMAND.exec(topic);
    if (!session || !match || !session.mayControl) return false;
    return this.queue(client, session, () => this.command(client, session, match[1]!, payload));
  }

  private async command(client: Client, session: Session, serial: string, payload: Buffer | string) {
    // A signed-out session or a revoked link must not run one more command on a connection it opened before.
    if (!(await this.stillValid(client, session))) return false;
    if (!(await mayUseMower(this.options.db, session.accountId, serial))) return false;
    session.serials.add(serial);
    let message: { id?: unknown; command?: unknown };
    try {
      message = JSON.parse(payload.toString()) as typeof message;
    } catch {
      return false;
    }
    const name = typeof message.command === 'string' ? SDK_COMMANDS[message.command] : undefined;
    const admission = name
      ? await this.options.commandBudget.take(session.accountId, [{ serial, command: name }])
      : undefined;
    const outcome = name && admission?.admitted ? await this.options.fleet.command(serial, name) : undefined;
    // What the API's 429 says, in the SDK's result: the same error code Google's fulfilment gives.
    const refused = admission && !admission.admitted ? admission.retryAfterSeconds : undefined;
    // To the sender alone: another user of the mower sees the command's effect in the state, not its id and text.
    this.tell(client, session, downlinkTopic(serial, 'event'), {
      device_id: serial,
      timestamp: Date.now(),
      type: 'command',
      event: 'commandResult',
      level: outcome?.result.status === 'SUCCESS' ? 'info' : 'warning',
      params: {
        id: message.id ?? null,
        command: message.command ?? null,
        ...(outcome
          ? outcome.result
          : refused !== undefined
            ? { status: 'ERROR', errorCode: 'transientError', retryAfterSeconds: refused }
            : { status: 'ERROR', errorCode: 'functionNotSupported' }),
      },
    });
    return true;
  }

  /** Publishes to this connection only, if it subscribed to the topic (exactly or with the wildcards allowed). */
  private tell(client: Client, session: Session, topic: string, payload: unknown) {
    const [, serial, channel] = DOWNLINK.exec(topic)!;
    const subscribed = [serial!, '+'].some((mower) =>
      [channel!, '+', '#'].some((part) => session.topics.has(`/downlink/vehicle/${mower}/realtimeDate/${part}`)),
    );
    if (!subscribed || client.closed) return;
    client.publish(
      { cmd: 'publish', topic, payload: Buffer.from(JSON.stringify(payload)), qos: 0, retain: false, dup: false },
      () => undefined,
    );
  }

  /** Only the downlink of the connection's own and shared mowers; the list is read again every half minute. */
  private mayReceive(client: Client, topic: string): boolean {
    const session = this.sessions.get(client);
    const match = DOWNLINK.exec(topic);
    if (!session || !match || session.ended) return false;
    if (Date.now() - session.loadedAt > VISIBILITY_TTL_MS && !session.loading) {
      session.loading = this.refresh(session)
        .catch((error: unknown) => this.options.log.warn({ err: error }, 'mqtt visibility refresh failed'))
        .finally(() => (session.loading = undefined));
    }
    return session.serials.has(match[1]!);
  }

  publish(topic: string, payload: unknown, retain: boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      this.broker.publish(
        { cmd: 'publish', topic, payload: Buffer.from(JSON.stringify(payload)), qos: 0, retain, dup: false },
        (error) => (error ? reject(error) : resolve()),
      );
    });
  }

  /**
   * Counts a new connection not yet signed in against its address (mqtt-limits.ts); undefined when the address
   * already holds its share (refuse it). The count ends when it signs in or closes.
   */
  private admit(socket: Duplex, address: string | undefined): (() => void) | undefined {
    const release = this.unauthenticated.admit(address ?? 'unknown');
    socket.once('close', () => release?.());
    return release;
  }

  /** Hands a connection to aedes behind the packet size limit: announcing a larger packet closes it at once. */
  private handle(connection: Duplex, release: () => void, request?: IncomingMessage): void {
    const guarded = new GuardedConnection(connection, this.options.limits);
    const client = this.broker.handle(guarded, request);
    this.connections.set(client, guarded);
    this.releaseOnSignIn.set(client, release);
    connection.once('close', () => {
      if (this.clientIds.get(client.id)?.client === client) this.clientIds.delete(client.id);
    });
  }

  /** MQTT over TCP; answers the port it listens on (0 asks for a free one). */
  listenTcp(port: number, host: string): Promise<number> {
    const tcp = createServer((socket) => {
      const release = this.admit(socket, socket.remoteAddress);
      if (release) this.handle(socket, release);
      else socket.destroy();
    });
    this.tcp = tcp;
    return new Promise((resolve, reject) => {
      tcp.once('error', reject);
      tcp.listen(port, host, () => resolve((tcp.address() as AddressInfo).port));
    });
  }

  /**
   * MQTT over WebSocket at `path` of the product's own HTTP server. A client's address is the one the trusted proxy
   * names (as for HTTP requests): behind a proxy, every socket's peer is the proxy.
   */
  attachWebSocket(server: HttpServer, path: string, trustProxy: TrustedProxies): void {
    // A message holds one packet (or part of one) as the clients send them; the header adds 5 bytes at most.
    const wss = new WebSocketServer({ noServer: true, maxPayload: this.options.limits.maxPacketBytes + 5 });
    const trusted = trustProxy ? proxyAddr.compile(trustProxy) : undefined;
    this.wss = wss;
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      // Node's HTTP server no longer listens for this socket's errors: a reset before ws takes it must not throw.
      socket.on('error', () => socket.destroy());
      // The target as sent, not parsed: `//x:99999/` or `http://[` would make `new URL` throw outside any handler.
      if (request.url?.split('?', 1)[0] !== path) {
        if (server.listenerCount('upgrade') === 1) socket.destroy();
        return;
      }
      const release = this.admit(socket, trusted ? proxyAddr(request, trusted) : request.socket.remoteAddress);
      if (!release) {
        socket.end('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => this.handle(createWebSocketStream(ws), release, request));
    });
  }

  async close(): Promise<void> {
    clearInterval(this.recheckTimer);
    this.stopFollowingRevocations?.();
    for (const client of this.wss?.clients ?? []) client.terminate();
    await new Promise<void>((resolve) => (this.wss ? this.wss.close(() => resolve()) : resolve()));
    await new Promise<void>((resolve) => (this.tcp ? this.tcp.close(() => resolve()) : resolve()));
    await new Promise<void>((resolve) => this.broker.close(() => resolve()));
  }
}

/** Publishes each committed change of the fleet: the state and attributes retained, the events as they come. */
export function publishFleetChanges(publisher: Publisher) {
  return async ({ view, events }: FleetChange) => {
    for (const event of events)
      await publisher.publish(downlinkTopic(view.serial, 'event'), eventPayload(view.serial, event), false);
    await publisher.publish(downlinkTopic(view.serial, 'state'), statePayload(view), true);
    await publisher.publish(downlinkTopic(view.serial, 'attributes'), attributesPayload(view), true);
    for (const message of locationMessages({ view, events }))
      await publisher.publish(downlinkTopic(view.serial, 'location'), message, false);
  };
}
