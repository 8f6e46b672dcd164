import { type ChildProcess, spawn } from 'node:child_process';
import pg from 'pg';

export { freePort } from './postgres-cluster.ts';

const root = new URL('../..', import.meta.url).pathname;

/**
 * A real server process (`node server/main.ts`, as `npm start` runs it) on its port, for the tests of several
 * processes, of a restart and of the process's own listeners: started again on the same port after it stops.
 */
export class ServerProcess {
  child: ChildProcess | undefined;
  readonly port: number;
  readonly base: string;
  private readonly env: Record<string, string>;

  constructor(port: number, env: Record<string, string>) {
    this.port = port;
    this.base = `http://127.0.0.1:${port}`;
    this.env = env;
  }

  /** Starts the process and waits until `/api/health` answers (30 s at most). */
  async start(): Promise<this> {
    const child = spawn(process.execPath, [`${root}server/main.ts`], {
      env: { ...process.env, LOG_LEVEL: 'warn', ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.child = child;
    for (let attempt = 0; attempt < 300; attempt += 1) {
      if (child.exitCode !== null) throw new Error(`the server on ${this.port} exited with ${child.exitCode}`);
      if ((await fetch(`${this.base}/api/health`).catch(() => undefined))?.ok) return this;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the server on ${this.port} did not come up`);
  }

  /** Sends `signal` and waits for the exit; the exit code (null when killed). */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill(signal);
    return exited;
  }
}

/** Runs `work` with a client of the PostgreSQL server at `url` (to create and drop a test's database). */
export async function withPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
