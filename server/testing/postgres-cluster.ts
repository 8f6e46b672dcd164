import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The newest PostgreSQL server binaries installed the Debian way (bin/test installs them), or POSTGRES_BIN. */
function postgresBin(): string | undefined {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const newest = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return newest && join(root, newest, 'bin');
}

export const POSTGRES_BIN = postgresBin();

/** CI runs the fault tests always: a machine without PostgreSQL's binaries skips them only outside CI. */
export const hasPostgresBinaries = POSTGRES_BIN !== undefined;
if (process.env.CI && !hasPostgresBinaries) {
  throw new Error('CI runs the PostgreSQL fault tests: install PostgreSQL (bin/test does) or set POSTGRES_BIN.');
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A PostgreSQL cluster of a test's own, on its own port, to restart, stop and freeze at will. */
export interface PostgresCluster {
  port: number;
  /** The superuser's URL, with its password. */
  url: string;
  password: string;
  start(): void;
  stop(): void;
  /** `pg_ctl restart -m fast`: every connection ended, the server back as soon as it can be. */
  restart(): void;
  /** SIGSTOP to the server and every backend: connections stay open and nothing answers. */
  freeze(): void;
  thaw(): void;
  destroy(): void;
}

/**
 * initdb into a temporary directory and start it on a free port of 127.0.0.1, password-checked (SCRAM). Tests run as
 * root in CI, and PostgreSQL refuses to: then the cluster is the `postgres` user's.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = POSTGRES_BIN!;
  const dir = mkdtempSync(join(tmpdir(), 'navimow-pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  const password = 'fault-suite';
  const root = process.getuid?.() === 0;
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) =>
    execFileSync(root ? 'runuser' : join(bin, tool), root ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 60_000,
    });
  writeFileSync(join(dir, 'password'), password);
  if (root) chownSync(join(dir, 'password'), ...ownerOf(dir));
  run('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--pwfile',
    join(dir, 'password'),
    '--auth-host=scram-sha-256',
    '--auth-local=trust',
    '--no-sync',
  ]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const ctl = (...args: string[]) => run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', ...args]);
  ctl('start');

  const processes = (): number[] => {
    const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = execFileSync('pgrep', ['-P', String(postmaster)], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .split('\n')
      .filter(Boolean)
      .map(Number);
    return [postmaster, ...children];
  };
  return {
    port,
    password,
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    start: () => ctl('start'),
    stop: () => ctl('stop', '-m', 'fast'),
    restart: () => ctl('restart', '-m', 'fast'),
    freeze: () => {
      for (const pid of processes()) process.kill(pid, 'SIGSTOP');
    },
    thaw: () => {
      for (const pid of processes()) process.kill(pid, 'SIGCONT');
    },
    destroy: () => {
      try {
        ctl('stop', '-m', 'immediate');
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function ownerOf(path: string): [number, number] {
  const [uid, gid] = execFileSync('stat', ['-c', '%u %g', path]).toString().trim().split(' ').map(Number);
  return [uid!, gid!];
}
