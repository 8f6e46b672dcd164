import { z } from 'zod';
import { defineApiRoutes } from '../api-route.ts';

/** The server's health (server/modules/health; docs/operations.md). */
export const healthApi = defineApiRoutes('health', {
  /** The server and its database answer (the health check screen, contract shape); 503 when the database does not. */
  health: {
    method: 'GET',
    path: '/api/health',
    response: z.object({ status: z.literal('ok'), database: z.literal('ok'), version: z.string() }),
  },
  /** The process serves requests (a process manager restarts it if not). */
  healthLive: {
    method: 'GET',
    path: '/api/health/live',
    response: z.object({ status: z.literal('ok'), version: z.string() }),
  },
  /** Every dependency answers, each named with its state; else a 503 naming those that do not. */
  healthReady: {
    method: 'GET',
    path: '/api/health/ready',
    response: z.object({ status: z.literal('ok') }).catchall(z.enum(['ok', 'unavailable'])),
  },
});
