import type { Language } from '../../../../common/languages.ts';
import type { NewsletterSubscribeRequest } from '../../../../common/newsletter.ts';
import { subscribeToNewsletter } from 'virtual:api-endpoints';
import { callApi } from '../../../lib/api-client.ts';

/**
 * POST /api/newsletter/subscriptions. The server answers alike whether the address was on the list or not,
 * so a second subscription is harmless and tells nothing; an address it refuses is a 400.
 */
export async function subscribe(email: string, language: Language): Promise<void> {
  await callApi(subscribeToNewsletter, {
    auth: true,
    body: { email, language } satisfies NewsletterSubscribeRequest,
  });
}
