import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MowerListResponse } from '../../../common/api-types.ts';
import type { Db } from '../../db/database.ts';
import { requireCaller } from '../accounts/public.ts';
import { listMowersFor } from './mower-queries.ts';

/** GET /api/mowers: the caller's mowers. */
export const mowerRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/', async (request): Promise<MowerListResponse> => {
    const caller = await requireCaller(db, request, 'mower:read');
    return { mowers: await listMowersFor(db, caller.accountId) };
  });
};
