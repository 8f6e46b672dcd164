import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MowerListResponse } from '../../../common/api-types.ts';
import type { CallerRoutesOptions } from '../accounts/public.ts';
import { listMowersFor } from './mower-queries.ts';

/** GET /api/mowers: the caller's mowers. */
export const mowerRoutes: FastifyPluginAsyncZod<CallerRoutesOptions> = async (app, { db, requireCaller }) => {
  app.get('/', async (request): Promise<MowerListResponse> => {
    const caller = await requireCaller(request, 'mower:read');
    return { mowers: await listMowersFor(db, caller.accountId) };
  });
};
