import { z } from 'zod';
import { defineSettings } from '../../settings.ts';

export const accountSettings = defineSettings({
  LOGIN_REQUESTS_PER_MINUTE: {
    schema: z.coerce.number().int().min(1).default(300),
    description:
      "flood limit on `/api/auth/login`, and on the web login's sign-in (`/oauth/interaction/<uid>/login`, counted apart), per client address (failed sign-ins are throttled separately: `docs/decisions/010-sign-in-throttle.md`)",
  },
  SESSIONS_PER_ACCOUNT: {
    schema: z.coerce.number().int().min(1).max(10_000).default(50),
    description:
      "the app's sessions one account keeps signed in (one a sign-in, each phone its own); a sign-in beyond them signs the oldest out (decision 036)",
  },
});
