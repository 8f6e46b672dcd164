import type { Language } from '../../../../common/languages.ts';
import type { NewsletterSubscribeRequest } from '../../../../common/newsletter.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/newsletter/subscriptions. The server answers alike whether the address was on the list or not,
 * so a second subscription is harmless and tells nothing; an address it refuses is a 400.
 */
export async function subscribe(email: string, language: Language): Promise<void> {
  await apiRequest<unknown>('/newsletter/subscriptions', {
    method: 'POST',
    auth: true,
    body: { email, language } satisfies NewsletterSubscribeRequest,
  });
}
