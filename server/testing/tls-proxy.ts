import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:https';
import { type AddressInfo, connect, isIP } from 'node:net';

/**
 * An HTTPS reverse proxy for tests, standing in for nginx or Caddy in front of the server: TLS ends here, requests
 * go on to the app over plain HTTP with `X-Forwarded-For` and `X-Forwarded-Proto`, and WebSocket upgrades are
 * forwarded as such (the request head, then the bytes both ways). Its certificate is self-signed, made here.
 */

/** DER: a tag, its length, its content. */
function tlv(tag: number, content: Buffer): Buffer {
  const length = content.length;
  const head =
    length < 0x80
      ? Buffer.from([length])
      : (() => {
          const bytes = Buffer.from(length.toString(16).padStart(length > 0xff ? 4 : 2, '0'), 'hex');
          return Buffer.concat([Buffer.from([0x80 | bytes.length]), bytes]);
        })();
  return Buffer.concat([Buffer.from([tag]), head, content]);
}

const sequence = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * first + second];
  for (const arc of rest) {
    const groups = [arc & 0x7f];
    for (let value = arc >> 7; value > 0; value >>= 7) groups.unshift((value & 0x7f) | 0x80);
    bytes.push(...groups);
  }
  return tlv(0x06, Buffer.from(bytes));
}

const utcTime = (date: Date) => tlv(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`));
const commonName = (name: string) => sequence(tlv(0x31, sequence(oid('2.5.4.3'), tlv(0x0c, Buffer.from(name)))));

function ipBytes(address: string): Buffer {
  if (isIP(address) === 4) return Buffer.from(address.split('.').map(Number));
  const [head = '', tail = ''] = address.split('::');
  const groups = (text: string) => (text ? text.split(':') : []);
  const missing = 8 - groups(head).length - groups(tail).length;
  const all = address.includes('::')
    ? [...groups(head), ...Array<string>(missing).fill('0'), ...groups(tail)]
    : groups(head);
  return Buffer.from(all.map((group) => group.padStart(4, '0')).join(''), 'hex');
}

/** A self-signed certificate (P-256, a day long) for these host names and addresses, as PEM, and its key. */
export function selfSignedCertificate(hosts: readonly string[] = ['localhost', '127.0.0.1']): {
  cert: string;
  key: string;
} {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const name = commonName(hosts[0] ?? 'localhost');
  const now = Date.now();
  const altNames = hosts.map((host) => (isIP(host) ? tlv(0x87, ipBytes(host)) : tlv(0x82, Buffer.from(host))));
  const extensions = tlv(
    0xa3,
    sequence(
      // basicConstraints cA: it is its own trust anchor.
      sequence(oid('2.5.29.19'), tlv(0x01, Buffer.from([0xff])), tlv(0x04, sequence(tlv(0x01, Buffer.from([0xff]))))),
      sequence(oid('2.5.29.17'), tlv(0x04, sequence(...altNames))),
    ),
  );
  const ecdsaWithSha256 = sequence(oid('1.2.840.10045.4.3.2'));
  const serial = randomBytes(8);
  serial[0]! &= 0x7f;
  const tbs = sequence(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))),
    tlv(0x02, serial),
    ecdsaWithSha256,
    name,
    sequence(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 24 * 60 * 60_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = sequence(tbs, ecdsaWithSha256, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const base64 = der.toString('base64').replace(/.{64}/g, '$&\n');
  return {
    cert: `-----BEGIN CERTIFICATE-----\n${base64.trimEnd()}\n-----END CERTIFICATE-----\n`,
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

export interface TlsProxy {
  port: number;
  /** The proxy's certificate, for clients to trust. */
  ca: string;
  /** The request heads of the WebSocket upgrades it forwarded, as the app received them. */
  upgrades: { url: string; headers: Record<string, string | string[] | undefined> }[];
  /**
   * Points the proxy at the app (it may start before the app, whose public URL names the proxy's port), and its
   * WebSocket upgrades at `webSocketPort` (an external broker's WebSocket listener) when given.
   */
  forwardTo(port: number, webSocketPort?: number): void;
  close(): Promise<void>;
}

/** The proxy on a free port of 127.0.0.1; nothing is forwarded until `forwardTo`. */
export async function startTlsProxy(): Promise<TlsProxy> {
  const { cert, key } = selfSignedCertificate();
  let target: number | undefined;
  let webSocketTarget: number | undefined;
  const upgrades: TlsProxy['upgrades'] = [];
  /** Upgraded connections are the proxy's own from then on: closing the server does not end them. */
  const tunnels = new Set<{ destroy(): void }>();
  const forwarded = (headers: Record<string, string | string[] | undefined>, address: string | undefined) => ({
    ...headers,
    'x-forwarded-for': address ?? '',
    'x-forwarded-proto': 'https',
  });
  const server: Server = createServer({ cert, key }, (request, response) => {
    if (!target) return response.writeHead(502).end();
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: target,
        method: request.method,
        path: request.url,
        headers: forwarded(request.headers, request.socket.remoteAddress),
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  // What nginx's `proxy_set_header Upgrade $http_upgrade; proxy_set_header Connection "upgrade";` does: the upgrade
  // goes on as an upgrade, and from then on the proxy only copies bytes.
  server.on('upgrade', (request, socket, head: Buffer) => {
    if (!target) return socket.destroy();
    const headers = forwarded(request.headers, request.socket.remoteAddress);
    upgrades.push({ url: request.url ?? '', headers });
    const upstream = connect(webSocketTarget ?? target, '127.0.0.1', () => {
      const lines = Object.entries(headers).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value]).map((item) => `${name}: ${item ?? ''}`),
      );
      upstream.write(`${request.method} ${request.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      socket.destroy();
      tunnels.delete(tunnel);
    };
    const tunnel = { destroy: end };
    tunnels.add(tunnel);
    upstream.on('close', end);
    socket.on('close', end);
    upstream.on('error', end);
    socket.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    ca: cert,
    upgrades,
    forwardTo(port, webSocketPort) {
      target = port;
      webSocketTarget = webSocketPort;
    },
    async close() {
      for (const tunnel of [...tunnels]) tunnel.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
