import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normaliseEmail } from '../../../common/account-identifiers.ts';
import { SUPPORTED_LANGUAGES } from '../../../common/languages.ts';
import type { NewsletterPromptResponse } from '../../../common/newsletter.ts';
import type { Db } from '../../db/database.ts';
import type { CallerRoutesOptions } from '../accounts/public.ts';

/** The seed's message for an invalid address: the page shows it in the user's language. */
const INVALID_EMAIL = 'Incorrect email address. Please try again.';

async function hidePrompt(db: Db, accountId: string, reason: 'subscribed' | 'dismissed') {
  await db
    .insertInto('newsletter_prompts')
    .values({ account_id: accountId, hidden_at: new Date().toISOString(), reason })
    .onConflict((conflict) => conflict.column('account_id').doNothing())
    .execute();
}

/**
 * The newsletter popup: whether it shows for an account, subscriptions, and "Don't show this again". A
 * subscription answers the same whether or not the address was subscribed already, so the API never tells
 * which addresses are on the list.
 */
export const newsletterRoutes: FastifyPluginAsyncZod<CallerRoutesOptions> = async (app, { db, requireCaller }) => {
  app.get('/prompt', async (request): Promise<NewsletterPromptResponse> => {
    const caller = await requireCaller(request, 'account');
    const hidden = await db
      .selectFrom('newsletter_prompts')
      .select('reason')
      .where('account_id', '=', caller.accountId)
      .executeTakeFirst();
    return { show: !hidden };
  });

  app.post(
    '/subscriptions',
    {
      schema: {
        body: z.object({
          email: z
            .string({ error: INVALID_EMAIL })
            .max(254, INVALID_EMAIL)
            .transform(
              (value, context) =>
                normaliseEmail(value) ?? (context.addIssue({ code: 'custom', message: INVALID_EMAIL }), z.NEVER),
            ),
          language: z.enum(SUPPORTED_LANGUAGES),
        }),
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const caller = await requireCaller(request, 'account');
      const { email, language } = request.body;
      await db
        .insertInto('newsletter_subscriptions')
        .values({ email, account_id: caller.accountId, language, subscribed_at: new Date().toISOString() })
        .onConflict((conflict) => conflict.column('email').doNothing())
        .execute();
      await hidePrompt(db, caller.accountId, 'subscribed');
      return reply.code(202).send({ status: 'subscribed' });
    },
  );

  /** "Don't show this again", remembered for the account on every device. */
  app.post('/prompt/dismissal', async (request, reply) => {
    const caller = await requireCaller(request, 'account');
    await hidePrompt(db, caller.accountId, 'dismissed');
    return reply.code(204).send();
  });
};
