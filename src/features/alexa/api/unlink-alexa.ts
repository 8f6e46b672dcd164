import { unlinkAlexa as unlink } from 'virtual:api-endpoints';
import { callApi } from '../../../lib/api-client.ts';

/** Disables the skill at Amazon and revokes our tokens for Alexa; unlinking what is not linked succeeds too. */
export async function unlinkAlexa(): Promise<void> {
  await callApi(unlink, { auth: true });
}
