/**
 * Start-up faults. A port already taken (issue 25, item 12): a second server on one machine, started as `npm start` runs it, says in
 * one line which setting to change and exits non-zero, instead of dying with Node's EADDRINUSE and a stack trace.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { Aedes, type AuthenticateError } from 'aedes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;

function listen(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port }));
  });
}

/** Runs `node server/main.ts` with these settings until it exits: its exit code and what it wrote to stderr. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`${root}server/main.ts`], {
      env: {
        ...process.env,
        NAVIMOW_DEMO: 'on',
        DATABASE_URL: 'file::memory:',
        WEB_ROOT: `${root}server/testing/no-web-build`,
        LOG_LEVEL: 'error',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), 40_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('a port already taken', () => {
  let taken: { server: Server; port: number };
  let free: { server: Server; port: number };

  beforeAll(async () => {
    taken = await listen();
    free = await listen();
    // Free again for the server to take (the HTTP port of the first case, the MQTT port of the second).
    await new Promise((resolve) => free.server.close(resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => taken.server.close(resolve));
  });

  it('names MQTT_PORT when the MQTT port is taken (a second instance on the default 1883), and exits 1', async () => {
    const { code, stderr } = await runServer({ PORT: String(free.port), MQTT_PORT: String(taken.port) });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `Cannot listen: port ${taken.port} on 127.0.0.1 is already in use (another server?). Set MQTT_PORT to a free port (or off for no MQTT over TCP).`,
    );
  }, 60_000);

  it('names PORT when the HTTP port is taken, and exits 1', async () => {
    const { code, stderr } = await runServer({ PORT: String(taken.port), MQTT_PORT: 'off' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `Cannot listen: port ${taken.port} on 127.0.0.1 is already in use (another server?). Set PORT to a free port.`,
    );
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});

/**
 * An external broker that is not there (issue 35, item 5): `MQTT_URL` refused, its host unknown, its password
 * refused, or a broker that never answers: one line naming `MQTT_URL` and the cause, and exit 1.
 */
describe('an external broker that cannot be reached', () => {
  const oneLine = (stderr: string) => {
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    return stderr.trim();
  };

  it('names MQTT_URL when the broker refuses the connection', async () => {
    const { server, port } = await listen();
    await new Promise((resolve) => server.close(resolve));
    const { code, stderr } = await runServer({ MQTT_URL: `mqtt://navimow-server:secret@127.0.0.1:${port}` });
    expect(code).toBe(1);
    expect(oneLine(stderr)).toBe(
      `Cannot connect to the MQTT broker of MQTT_URL (mqtt://navimow-server:***@127.0.0.1:${port}): connection refused (is the broker running, on that port?).`,
    );
  }, 60_000);

  it('names MQTT_URL when its host is unknown', async () => {
    const { code, stderr } = await runServer({ MQTT_URL: 'mqtt://broker.invalid:1883' });
    expect(code).toBe(1);
    expect(oneLine(stderr)).toMatch(
      /^Cannot connect to the MQTT broker of MQTT_URL \(mqtt:\/\/broker\.invalid:1883\): (unknown host|no answer within 10 s)\.$/,
    );
  }, 60_000);

  it('names MQTT_URL when the broker refuses its password', async () => {
    const broker = await Aedes.createBroker();
    broker.authenticate = (_client, _username, _password, done) => {
      const error = Object.assign(new Error('bad user name or password'), { returnCode: 4 }) as AuthenticateError;
      done(error, false);
    };
    const server = createServer((socket) => broker.handle(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const { code, stderr } = await runServer({ MQTT_URL: `mqtt://navimow-server:wrong@127.0.0.1:${port}` });
      expect(code).toBe(1);
      expect(oneLine(stderr)).toBe(
        `Cannot connect to the MQTT broker of MQTT_URL (mqtt://navimow-server:***@127.0.0.1:${port}): the broker refused the user name or password.`,
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    }
  }, 60_000);

  it('names MQTT_URL when the broker accepts the connection and never answers, after 10 s', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const started = Date.now();
      const { code, stderr } = await runServer({ MQTT_URL: `mqtt://127.0.0.1:${port}` });
      expect(code).toBe(1);
      expect(oneLine(stderr)).toBe(
        `Cannot connect to the MQTT broker of MQTT_URL (mqtt://127.0.0.1:${port}): no answer within 10 s.`,
      );
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 60_000);
});
