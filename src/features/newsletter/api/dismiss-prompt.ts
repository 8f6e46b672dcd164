import { dismissNewsletterPrompt } from 'virtual:api-endpoints';
import { callApi } from '../../../lib/api-client.ts';

/** POST /api/newsletter/prompt/dismissal: "Don't show this again", remembered for the account on every device. */
export async function dismissPrompt(): Promise<void> {
  await callApi(dismissNewsletterPrompt, { auth: true });
}
