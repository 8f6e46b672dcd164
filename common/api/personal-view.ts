import { z } from 'zod';
import { defineApiRoutes } from '../api-route.ts';
import { SUPPORTED_LANGUAGES } from '../languages.ts';

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The pages' own route of the API (server/pages-module.ts). */
export const pagesApi = defineApiRoutes('pages', {
  /**
   * A page's first view rendered with the data of the bearer token's user (docs/decisions/021-personal-first-view.md,
   * 029), and that data; 404 `no_personal_view` for a page without one, 503 when this server renders no pages.
   * Limited per client address (a refused view costs the reader only speed). Never cached anywhere.
   */
  personalView: {
    method: 'GET',
    path: '/api/personal-view',
    query: z.object({
      path: z
        .string()
        .max(1000)
        .regex(/^\/(?![/\\])/, 'must be a page path such as /message-center'),
      lang: z.enum(SUPPORTED_LANGUAGES, { error: `one of ${SUPPORTED_LANGUAGES.join(', ')}` }),
      tz: z.string().max(64).refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin'),
      app: z.coerce
        .number({ error: "must be the app's version code" })
        .int()
        .min(0)
        .max(Number.MAX_SAFE_INTEGER)
        .optional(),
      mower: z.string().trim().min(1, 'must be a serial number').max(64, 'too long').optional(),
    }),
    response: z.object({
      /** The markup of `#root`. */
      markup: z.string(),
      /** The API's answers, by path under `/api` (as common/personal-view.ts names them). */
      responses: z.record(z.string(), z.unknown()),
      now: z.number(),
      timeZone: z.string(),
      appVersionCode: z.number().nullable(),
      currentMower: z.string().optional(),
    }),
  },
});
