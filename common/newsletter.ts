import { normaliseEmail } from './account-identifiers.ts';

/** The newsletter popup (`/edmPopup`): the e-mail rule the form and the API share. */
export function isValidNewsletterEmail(input: string): boolean {
  return normaliseEmail(input) !== undefined;
}

/** GET /api/newsletter/prompt: whether the popup should show itself for this account. */
export interface NewsletterPromptResponse {
  show: boolean;
}

/** POST /api/newsletter/subscriptions */
export interface NewsletterSubscribeRequest {
  email: string;
  /** The language the newsletter should come in: the page's. */
  language: string;
}
