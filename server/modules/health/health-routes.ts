import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { healthApi } from '../../../common/api/health.ts';
import type { Db } from '../../db/database.ts';
import { DATABASE_RETRY_AFTER_SECONDS, errorBody, HttpError } from '../../http/errors.ts';
import { serveApi } from '../../http/serve-api.ts';

/** A dependency the server cannot serve without, as readiness checks it: resolves while it answers. */
export interface Dependency {
  name: string;
  check(): Promise<unknown>;
  /**
   * Reported, but the process stays ready without it: an external MQTT broker that is away costs the MQTT clients
   * their live state, not the pages and the API, and every process shares it, so taking them all out of the
   * balancer would turn a broker outage into a full one.
   */
  optional?: boolean;
}

/** How long readiness waits for a dependency: a probe's own timeout is a few seconds, and a hung one is down. */
export const READY_CHECK_MS = 2_000;

async function answers(dependency: Dependency): Promise<boolean> {
  const timeout = new AbortController();
  try {
    return await Promise.race([
      dependency.check().then(() => true),
      sleep(READY_CHECK_MS, false, { signal: timeout.signal }),
    ]);
  } catch {
    return false;
  } finally {
    timeout.abort();
  }
}

/**
 * GET /api/health: the server and its database answer (contract shape). GET /api/health/live: the process serves
 * requests (a process manager restarts it if not); it never asks a dependency, since restarting cannot mend one.
 * GET /api/health/ready: every dependency answers (a load balancer sends requests elsewhere if not), else a 503
 * naming the ones that do not (docs/operations.md).
 */
export function healthRoutes(
  app: FastifyInstance,
  { db, version, dependencies = [] }: { db: Db; version: string; dependencies?: readonly Dependency[] },
): void {
  const database: Dependency = { name: 'database', check: () => sql`select 1`.execute(db) };

  serveApi(app, healthApi, {
    health: async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (!(await answers(database))) {
        throw new HttpError(503, 'database_unavailable', 'The database does not answer.', undefined, {
          'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
        });
      }
      return { status: 'ok', database: 'ok', version };
    },

    healthLive: async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { status: 'ok', version };
    },

    healthReady: async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const checked = [database, ...dependencies];
      const results = await Promise.all(checked.map(answers));
      const states = Object.fromEntries(
        checked.map(({ name }, index) => [name, results[index] ? 'ok' : 'unavailable']),
      );
      const down = checked
        .filter((dependency, index) => !results[index] && !dependency.optional)
        .map(({ name }) => name);
      if (down.length === 0) return { status: 'ok', ...states };
      return reply
        .code(503)
        .header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({
          ...errorBody(
            `${down[0]}_unavailable`,
            `Not ready: ${down.join(' and ')} ${down.length > 1 ? 'do' : 'does'} not answer.`,
          ),
          unavailable: down,
        });
    },
  });
}
