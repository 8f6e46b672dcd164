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
}

/**
 * The first packet must be a CONNECT of at most this size: its fields are a client id (128 characters at most), the
 * `nvm_…` user name, a 43-character password and perhaps a small will; a few hundred bytes from every client.
 */
export const MQTT_MAX_CONNECT_BYTES = 2048;

/** Packet type 1 in the fixed header's high nibble (MQTT 3.1.1, 2.2.1). */
const CONNECT = 1;

export class MqttLimitError extends Error {
  override readonly name = 'MqttLimitError';
}

/**
 * Reads the MQTT framing of what a client sends: each fixed header's remaining length, and the body it announces.
 * Answers an error as soon as a header announces a packet over the limit (or the first packet is not a small
 * CONNECT), before the body is received.
 */
export class PacketFraming {
  private readonly maxPacketBytes: number;
  /** Bytes of the current packet's body still to come. */
  private remaining = 0;
  /** The fixed header being read: its type byte, then the remaining length's bytes (1 to 4). */
  private header: number[] = [];
  private packets = 0;

  constructor(maxPacketBytes: number) {
    this.maxPacketBytes = maxPacketBytes;
  }

  follow(chunk: Buffer): MqttLimitError | undefined {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.remaining > 0) {
        const taken = Math.min(this.remaining, chunk.length - offset);
        this.remaining -= taken;
        offset += taken;
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
      this.header = [];
      this.packets += 1;
      this.remaining = length;
    }
    return undefined;
  }
}

/**
 * The connection as aedes reads and writes it: what the client sends passes `PacketFraming` first, and a packet
 * announced over the limit destroys the connection at once, so that it never holds more than one packet's limit;
 * what aedes writes goes straight out. The client's bytes are read only as fast as aedes takes them.
 */
export class GuardedConnection extends Duplex {
  private readonly connection: Duplex;
  private readonly framing: PacketFraming;

  constructor(connection: Duplex, maxPacketBytes: number) {
    super();
    this.connection = connection;
    this.framing = new PacketFraming(maxPacketBytes);
    connection.on('data', (chunk: Buffer) => {
      const error = this.framing.follow(chunk);
      if (error) {
        connection.destroy();
        this.destroy(error);
      } else if (!this.push(chunk)) {
        connection.pause();
      }
    });
    connection.on('end', () => this.push(null));
    connection.on('error', (error) => this.destroy(error));
    connection.on('close', () => this.destroy());
  }

  override _read(): void {
    this.connection.resume();
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
 * limits count): one address may hold only so many at once, so that it cannot fill the server with connections
 * that each wait out the connect timeout.
 */
export class UnauthenticatedConnections {
  private readonly perAddress = new Map<string, number>();
  private readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  /** Counts a new connection from `address`; undefined when the address already holds its limit (refuse it). */
  admit(address: string): (() => void) | undefined {
    const key = clientAddressKey(address);
    const count = this.perAddress.get(key) ?? 0;
    if (count >= this.limit) return undefined;
    this.perAddress.set(key, count + 1);
    let released = false;
    // Called when the connection signs in and again when it closes: it counts once.
    return () => {
      if (released) return;
      released = true;
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
