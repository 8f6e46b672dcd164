import type { FastifyInstance } from 'fastify';
import { newsletterApi } from '../../../common/api/newsletter.ts';
import type { Db } from '../../db/database.ts';
import { serveApi } from '../../http/serve-api.ts';
import type { CallerRoutesOptions } from '../accounts/public.ts';

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
export function newsletterRoutes(app: FastifyInstance, { db, requireCaller }: CallerRoutesOptions): void {
  serveApi(app, newsletterApi, {
    getNewsletterPrompt: async (request) => {
      const caller = await requireCaller(request, 'account');
      const hidden = await db
        .selectFrom('newsletter_prompts')
        .select('reason')
        .where('account_id', '=', caller.accountId)
        .executeTakeFirst();
      return { show: !hidden };
    },

    subscribeToNewsletter: {
      options: { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
      handler: async (request, reply) => {
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
    },

    /** "Don't show this again", remembered for the account on every device. */
    dismissNewsletterPrompt: async (request, reply) => {
      const caller = await requireCaller(request, 'account');
      await hidePrompt(db, caller.accountId, 'dismissed');
      return reply.code(204).send();
    },
  });
}
