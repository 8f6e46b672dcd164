import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthResponse } from '../../../common/api-types.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';

/** GET /api/health: the server and its database answer. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; version: string }> = async (app, { db, version }) => {
  app.get('/', async (_request, reply): Promise<HealthResponse> => {
    reply.header('Cache-Control', 'no-store');
    try {
      await sql`select 1`.execute(db);
    } catch {
      throw new HttpError(503, 'database_unavailable', 'The database does not answer.');
    }
    return { status: 'ok', database: 'ok', version };
  });
};
