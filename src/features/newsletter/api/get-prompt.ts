import { getNewsletterPrompt } from 'virtual:api-endpoints';
import { callApi } from '../../../lib/api-client.ts';

/** GET /api/newsletter/prompt: whether the popup should show itself to this account at all. */
export async function getPromptVisible(signal?: AbortSignal): Promise<boolean> {
  return (await callApi(getNewsletterPrompt, { auth: true, signal })).show;
}
