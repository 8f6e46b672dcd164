import type { NewsletterPromptResponse } from '../../../../common/newsletter.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/newsletter/prompt: whether the popup should show itself to this account at all. */
export async function getPromptVisible(signal?: AbortSignal): Promise<boolean> {
  return (await apiRequest<NewsletterPromptResponse>('/newsletter/prompt', { auth: true, signal })).show;
}
