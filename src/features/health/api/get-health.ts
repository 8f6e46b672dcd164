import type { HealthResponse } from '../../../../common/api-types.ts';
import { health } from 'virtual:api-endpoints';
import { callApi } from '../../../lib/api-client.ts';

export interface ServerHealth extends HealthResponse {
  roundTripMs: number;
}

/** GET /api/health, timed. */
export async function getServerHealth(signal?: AbortSignal): Promise<ServerHealth> {
  const started = performance.now();
  const answer = await callApi(health, { signal });
  return { ...answer, roundTripMs: Math.round(performance.now() - started) };
}
