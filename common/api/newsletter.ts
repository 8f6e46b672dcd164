import { z } from 'zod';
import { normaliseEmail } from '../account-identifiers.ts';
import { defineApiRoutes } from '../api-route.ts';
import { SUPPORTED_LANGUAGES } from '../languages.ts';

/** The seed's message for an invalid address: the page shows it in the user's language. */
const INVALID_EMAIL = 'Incorrect email address. Please try again.';

/**
 * The newsletter popup (server/modules/newsletter): whether it shows for an account, subscriptions, and "Don't show
 * this again". A subscription answers the same whether or not the address was subscribed already, so the API never
 * tells which addresses are on the list.
 */
export const newsletterApi = defineApiRoutes('newsletter', {
  /** Whether the popup should show itself for this account at all. */
  getNewsletterPrompt: {
    method: 'GET',
    path: '/api/newsletter/prompt',
    response: z.object({ show: z.boolean() }),
  },
  /** 202 whether or not the address was on the list; an address it refuses is a 400 with the seed's message. */
  subscribeToNewsletter: {
    method: 'POST',
    path: '/api/newsletter/subscriptions',
    body: z.object({
      email: z
        .string({ error: INVALID_EMAIL })
        .max(254, INVALID_EMAIL)
        .transform(
          (value, context) =>
            normaliseEmail(value) ?? (context.addIssue({ code: 'custom', message: INVALID_EMAIL }), z.NEVER),
        ),
      /** The language the newsletter should come in: the page's. */
      language: z.enum(SUPPORTED_LANGUAGES),
    }),
    response: z.object({ status: z.literal('subscribed') }),
  },
  /** "Don't show this again", remembered for the account on every device (204). */
  dismissNewsletterPrompt: { method: 'POST', path: '/api/newsletter/prompt/dismissal' },
});
