import { readFileSync } from 'node:fs';
import { Duplex } from 'node:stream';
import { clientAddressKey } from '../../http/client-address.ts';

/**
 * What the embedded broker lets one connection hold (docs/decisions/015-mqtt-broker.md, "Limits"). aedes itself has
 * no packet size limit: its parser keeps whatever a header announces until it has all of it, so a client that
 * announces 250 MB and streams bytes holds them in the server's memory, before it has even signed in.
 */
export interface MqttLimits {
  /** The largest packet a client may send, fixed header included (`MQTT_MAX_PACKET_BYTES`). */
  maxPacketBytes: number;
  /** Time from the connection to a complete CONNECT packet (`MQTT_CONNECT_TIMEOUT_MS`). */
  connectTimeoutMs: number;
  /** Connections of one address (IPv6: its /64) that have not yet signed in (`MQTT_UNAUTHENTICATED_PER_ADDRESS`). */
  unauthenticatedPerAddress: number;
  /** Connections not yet signed in over all addresses (`MQTT_UNAUTHENTICATED_TOTAL`). */
  unauthenticatedTotal: number;
  /**
   * Packets of one connection waiting to be authorized or being authorized (one at a time) before its socket is no
   * longer read (`MQTT_IN_FLIGHT_PER_CONNECTION`).
   */
  inFlightPerConnection: number;
  /** Topic filters in one SUBSCRIBE packet; more close the connection (`MQTT_FILTERS_PER_SUBSCRIBE`). */
  filtersPerSubscribe: number;
  /** Subscriptions one pair's link (or app session) holds over all its connections (`MQTT_SUBSCRIPTIONS_PER_PAIR`). */
  subscriptionsPerPair: number;
  /** Packets a minute one pair's link (or app session) may send over all its connections (`MQTT_PACKETS_PER_MINUTE`). */
  packetsPerMinute: number;
}

/** The process's soft limit of open files (Linux's /proc; undefined elsewhere or when unlimited). */
export function openFileLimit(limits = '/proc/self/limits'): number | undefined {
  try {
    const soft = /^Max open files\s+(\d+)/m.exec(readFileSync(limits, 'utf8'))?.[1];
    return soft === undefined ? undefined : Number(soft);
  } catch {
    return undefined;
  }
}

/**
 * `MQTT_UNAUTHENTICATED_TOTAL`'s default: a quarter of the descriptor limit, so that connections that have not signed
 * in leave the rest to signed-in clients, HTTP and the database; 256 where the limit is unknown (a quarter of the
 * usual 1 024), and at most 4 096.
 */
export function defaultUnauthenticatedTotal(descriptors: number | undefined): number {
  return descriptors === undefined ? 256 : Math.max(16, Math.min(4096, Math.floor(descriptors / 4)));
}

/**
 * The first packet must be a CONNECT of at most this size: its fields are a client id (128 characters at most), the
 * `nvm_…` user name, a 43-character password and perhaps a small will; a few hundred bytes from every client.
 */
export const MQTT_MAX_CONNECT_BYTES = 2048;

/** Packet types in the fixed header's high nibble (MQTT 3.1.1, 2.2.1). */
const CONNECT = 1;
const SUBSCRIBE = 8;

export class MqttLimitError extends Error {
  override readonly name = 'MqttLimitError';
}

/**
 * Reads the MQTT framing of what a client sends: each fixed header's remaining length, and the body it announces.
 * Answers an error as soon as a header announces a packet over the limit (or the first packet is not a small
 * CONNECT), before the body is received; a SUBSCRIBE with more filters than allowed when its body is complete; and a
 * packet after the CONNECT that `meter` refuses (the pair's rate), before aedes parses it.
 */
export class PacketFraming {
  private readonly maxPacketBytes: number;
  private readonly maxFilters: number;
  /** Asked for every packet after the CONNECT once set: false refuses it. */
  meter: (() => boolean) | undefined;
  /** Bytes of the current packet's body still to come. */
  private remaining = 0;
  /** The fixed header being read: its type byte, then the remaining length's bytes (1 to 4). */
  private header: number[] = [];
  private packets = 0;
  /** A SUBSCRIBE's body as it comes (its size is checked first), to count its filters. */
  private subscribe: Buffer[] | undefined;

  constructor(maxPacketBytes: number, maxFilters = Infinity) {
    this.maxPacketBytes = maxPacketBytes;
    this.maxFilters = maxFilters;
  }

  follow(chunk: Buffer): MqttLimitError | undefined {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.remaining > 0) {
        const taken = Math.min(this.remaining, chunk.length - offset);
        this.subscribe?.push(chunk.subarray(offset, offset + taken));
        this.remaining -= taken;
        offset += taken;
        if (this.remaining === 0 && this.subscribe) {
          const error = this.countFilters(Buffer.concat(this.subscribe));
          this.subscribe = undefined;
          if (error) return error;
        }
        continue;
      }
      const byte = chunk[offset++]!;
      this.header.push(byte);
      if (this.header.length === 1) {
        if (this.packets === 0 && byte >> 4 !== CONNECT) return new MqttLimitError('the first packet must be CONNECT');
        continue;
      }
      if (byte & 0x80) {
        // The remaining length takes four bytes at most (MQTT 3.1.1, 2.2.3).
        if (this.header.length === 5) return new MqttLimitError('malformed remaining length');
        continue;
      }
      let length = 0;
      for (let index = this.header.length - 1; index >= 1; index -= 1)
        length = length * 128 + (this.header[index]! & 0x7f);
      const size = this.header.length + length;
      const limit = this.packets === 0 ? Math.min(MQTT_MAX_CONNECT_BYTES, this.maxPacketBytes) : this.maxPacketBytes;
      if (size > limit) return new MqttLimitError(`a packet of ${size} bytes, over the limit of ${limit}`);
      if (this.packets > 0 && this.meter && !this.meter()) return new MqttLimitError('over the rate of packets');
      this.subscribe = this.header[0]! >> 4 === SUBSCRIBE && length > 0 ? [] : undefined;
      this.header = [];
      this.packets += 1;
      this.remaining = length;
    }
    return undefined;
  }

  /** A SUBSCRIBE's body: a packet id, then filters of a 2-byte length, the topic and a QoS byte (MQTT 3.1.1, 3.8.3). */
  private countFilters(body: Buffer): MqttLimitError | undefined {
    let filters = 0;
    for (let offset = 2; offset + 2 <= body.length; offset += 2 + body.readUInt16BE(offset) + 1) filters += 1;
    return filters > this.maxFilters
      ? new MqttLimitError(`a SUBSCRIBE of ${filters} filters, over the limit of ${this.maxFilters}`)
      : undefined;
  }
}

/**
 * The connection as aedes reads and writes it: what the client sends passes `PacketFraming` first, and a packet
 * announced over the limit (or over the pair's rate) destroys the connection at once, so that it never holds more
 * than one packet's limit; what aedes writes goes straight out. The client's bytes are read only as fast as aedes
 * takes them, and not at all while the broker holds the connection (its packets still being worked on).
 */
export class GuardedConnection extends Duplex {
  private readonly connection: Duplex;
  private readonly framing: PacketFraming;
  private held = false;

  constructor(connection: Duplex, limits: Pick<MqttLimits, 'maxPacketBytes' | 'filtersPerSubscribe'>) {
    super();
    this.connection = connection;
    this.framing = new PacketFraming(limits.maxPacketBytes, limits.filtersPerSubscribe);
    connection.on('data', (chunk: Buffer) => {
      const error = this.framing.follow(chunk);
      if (error) {
        connection.destroy();
        this.destroy(error);
      } else if (!this.push(chunk) || this.held) {
        connection.pause();
      }
    });
    connection.on('end', () => this.push(null));
    connection.on('error', (error) => this.destroy(error));
    connection.on('close', () => this.destroy());
  }

  /** Each packet after the CONNECT asks `meter` first; false closes the connection (the pair's rate, after sign-in). */
  meter(meter: () => boolean): void {
    this.framing.meter = meter;
  }

  /** No more is read from the client until `release`. */
  hold(): void {
    this.held = true;
    this.connection.pause();
  }

  release(): void {
    if (!this.held) return;
    this.held = false;
    if (this.readableLength < this.readableHighWaterMark) this.connection.resume();
  }

  override _read(): void {
    if (!this.held) this.connection.resume();
  }

  override _write(chunk: Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.connection.write(chunk, encoding, callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.connection.end(callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.connection.destroy();
    callback(error);
  }
}

/**
 * Connections that have not yet signed in, counted per client address (an IPv6 client by its /64, as the rate
 * limits count) and over all addresses: one address may hold only so many at once, so that it cannot fill the server
 * with connections that each wait out the connect timeout, and all of them together stay well below the process's
 * file descriptors, so that many addresses cannot either.
 */
export class UnauthenticatedConnections {
  private readonly perAddress = new Map<string, number>();
  private readonly limit: number;
  private readonly totalLimit: number;
  private total = 0;

  constructor(limit: number, totalLimit = Infinity) {
    this.limit = limit;
    this.totalLimit = totalLimit;
  }

  /** Counts a new connection from `address`; undefined when the address or all already hold their limit (refuse it). */
  admit(address: string): (() => void) | undefined {
    const key = clientAddressKey(address);
    const count = this.perAddress.get(key) ?? 0;
    if (count >= this.limit || this.total >= this.totalLimit) return undefined;
    this.perAddress.set(key, count + 1);
    this.total += 1;
    let released = false;
    // Called when the connection signs in and again when it closes: it counts once.
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.perAddress.get(key) ?? 1) - 1;
      if (left > 0) this.perAddress.set(key, left);
      else this.perAddress.delete(key);
    };
  }

  /** The addresses holding connections not yet signed in (tests). */
  get size(): number {
    return this.perAddress.size;
  }
}

const MINUTE_MS = 60_000;

/**
 * Packets per minute per key (a pair's link or app session, over all its connections): token buckets in this
 * process's memory, as the connections they count are. A bucket is full after a minute unused, the same as none.
 */
export class PacketRate {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMinute: number;

  constructor(perMinute: number) {
    this.perMinute = perMinute;
  }

  take(key: string, now = Date.now()): boolean {
    const bucket = this.buckets.get(key);
    const tokens = bucket
      ? Math.min(this.perMinute, bucket.tokens + (Math.max(0, now - bucket.at) * this.perMinute) / MINUTE_MS)
      : this.perMinute;
    if (tokens < 1) return false;
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    return true;
  }

  /** Drops the buckets a minute unused (full again). */
  sweep(now = Date.now()): void {
    for (const [key, { at }] of this.buckets) if (now - at >= MINUTE_MS) this.buckets.delete(key);
  }

  /** Buckets kept (tests). */
  get size(): number {
    return this.buckets.size;
  }
}
