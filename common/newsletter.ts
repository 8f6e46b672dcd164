import type { z } from 'zod';
import { normaliseEmail } from './account-identifiers.ts';
import type { newsletterApi } from './api/newsletter.ts';

/** The newsletter popup (`/edmPopup`): the e-mail rule the form and the API share. */
export function isValidNewsletterEmail(input: string): boolean {
  return normaliseEmail(input) !== undefined;
}

type Routes = (typeof newsletterApi)['routes'];

/** GET /api/newsletter/prompt: whether the popup should show itself for this account (common/api/newsletter.ts). */
export type NewsletterPromptResponse = z.output<Routes['getNewsletterPrompt']['response']>;

/** POST /api/newsletter/subscriptions */
export type NewsletterSubscribeRequest = z.input<Routes['subscribeToNewsletter']['body']>;
