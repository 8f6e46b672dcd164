import { listConnectedServices, unlinkService as unlink } from 'virtual:api-endpoints';
import type { ConnectedService } from '../../../../common/voice-links.ts';
import { callApi } from '../../../lib/api-client.ts';

/** GET /api/voice-links/services: the third parties linked through the web login, one entry per link, newest first. */
export async function getConnectedServices(signal?: AbortSignal): Promise<ConnectedService[]> {
  const { services } = await callApi(listConnectedServices, { auth: true, signal });
  return services;
}

/** DELETE /api/voice-links/services/:id: that one link ends; a 204 also when it had ended already. */
export async function unlinkService(id: string): Promise<void> {
  await callApi(unlink, { params: { id }, auth: true });
}
