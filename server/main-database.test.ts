/**
 * A database the server cannot use at start-up (issue 35, item 5): whatever is wrong with `DATABASE_URL` (nothing
 * listening, a host that cannot be reached or does not resolve, a wrong password, a missing database, a server
 * that accepts connections and never answers), one line naming DATABASE_URL and the cause, no stack trace, and a
 * non-zero exit, within the connect timeout when nothing answers.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  hasPostgresBinaries,
  type PostgresCluster,
  startPostgresCluster,
} from './testing/postgres-cluster.ts';

const root = new URL('..', import.meta.url).pathname;

/** Runs `node server/main.ts` with this database until it exits: its exit code, stderr and how long it ran. */
function runServer(databaseUrl: string): Promise<{ code: number | null; stderr: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`${root}server/main.ts`], {
      env: {
        ...process.env,
        NAVIMOW_DEMO: 'on',
        DATABASE_URL: databaseUrl,
        DATABASE_CONNECT_TIMEOUT_MS: '1500',
        WEB_ROOT: `${root}server/testing/no-web-build`,
        PORT: '0',
        MQTT_PORT: 'off',
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, ms: Date.now() - started });
    });
  });
}

function expectOneLine(stderr: string, cause: RegExp) {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^Cannot use the database at .*\. Check DATABASE_URL\.$/);
  expect(lines[0]).toMatch(cause);
}

describe('a database the server cannot use at start-up', () => {
  it('says nothing listens there, in one line, and exits 1', async () => {
    const { code, stderr } = await runServer(`postgres://navimow@127.0.0.1:${await freePort()}/navimow`);
    expect(code).toBe(1);
    expectOneLine(stderr, /connection was refused/);
  }, 60_000);

  it('says a host name does not resolve', async () => {
    const { code, stderr } = await runServer('postgres://navimow@database.invalid:5432/navimow');
    expect(code).toBe(1);
    expectOneLine(stderr, /does not resolve/);
  }, 60_000);

  it('gives up on a host it cannot reach within the connect timeout', async () => {
    // TEST-NET-1 (RFC 5737): nothing there; the network refuses, drops or never answers, depending on the machine.
    const { code, stderr, ms } = await runServer('postgres://navimow@192.0.2.1:5432/navimow');
    expect(code).toBe(1);
    expectOneLine(stderr, /refused|cannot be reached|no answer within 1500 ms/);
    expect(ms).toBeLessThan(20_000);
  }, 60_000);

  describe('a server that accepts connections and never answers', () => {
    let server: Server;
    const sockets = new Set<Socket>();
    beforeAll(async () => {
      server = createServer((socket) => sockets.add(socket));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    });

    it('times out with the one line, naming the timeout setting', async () => {
      const { port } = server.address() as { port: number };
      const { code, stderr, ms } = await runServer(`postgres://navimow@127.0.0.1:${port}/navimow`);
      expect(code).toBe(1);
      expectOneLine(stderr, /no answer within 1500 ms \(DATABASE_CONNECT_TIMEOUT_MS\)/);
      expect(ms).toBeLessThan(20_000);
    }, 60_000);
  });

  describe.skipIf(!hasPostgresBinaries)('on a PostgreSQL server of its own', () => {
    let cluster: PostgresCluster;
    beforeAll(async () => {
      cluster = await startPostgresCluster();
    }, 60_000);
    afterAll(() => cluster?.destroy());

    it('says the password was refused, without writing the password', async () => {
      const { code, stderr } = await runServer(`postgres://postgres:wrong-one@127.0.0.1:${cluster.port}/postgres`);
      expect(code).toBe(1);
      expectOneLine(stderr, /refused the user or password \(password authentication failed for user "postgres"\)/);
      expect(stderr).not.toContain('wrong-one');
    }, 60_000);

    it('says the database does not exist', async () => {
      const { code, stderr } = await runServer(
        `postgres://postgres:${cluster.password}@127.0.0.1:${cluster.port}/no_such_database`,
      );
      expect(code).toBe(1);
      expectOneLine(stderr, /database "no_such_database" does not exist/);
    }, 60_000);
  });
});
