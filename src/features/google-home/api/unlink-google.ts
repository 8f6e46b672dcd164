import { unlinkGoogle as unlink } from 'virtual:api-endpoints';
import { callApi } from '../../../lib/api-client.ts';

/** DELETE /api/voice-links/google: our tokens for the Google client revoked; a 204 also when nothing was linked. */
export async function unlinkGoogle(): Promise<void> {
  await callApi(unlink, { auth: true });
}
