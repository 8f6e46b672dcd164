import type { HealthResponse } from '../../../../common/api-types.ts';
import { callApi } from '../../../lib/api-client.ts';

export interface ServerHealth extends HealthResponse {
  roundTripMs: number;
}

/** GET /api/health, timed. */
export async function getServerHealth(signal?: AbortSignal): Promise<ServerHealth> {
  const started = performance.now();
  const health = await callApi('health', { signal });
  return { ...health, roundTripMs: Math.round(performance.now() - started) };
}
