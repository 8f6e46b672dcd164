import { z } from 'zod';

/** The body of every sign-in: the app's own (`POST /api/auth/login`) and the account-linking login page's. */
export const credentialsSchema = z.object({
  account: z.string().trim().min(1, 'Enter your account.').max(254),
  password: z.string().min(1, 'Enter your password.').max(1024),
});
