/** What the rest of the server may use of the messages module (docs/decisions/008-import-boundaries.md). */
import { defineModule, HOUR_MS } from '../../module.ts';
import type { CallerRoutesOptions } from '../accounts/public.ts';
import { messageRoutes } from './message-routes.ts';
import { type MessageRetention, sweepOldMessages } from './message-retention.ts';
import { messageSettings } from './settings.ts';
export { type NewMessage, postMessage } from './message-queries.ts';
export { type MessageRetention, sweepOldMessages } from './message-retention.ts';

export const messagesModule = defineModule({
  name: 'messages',
  settings: messageSettings,
  apiRoutes: (api, { db, requireCaller }: CallerRoutesOptions) => messageRoutes(api, { db, requireCaller }),
  sweeps: [
    {
      name: 'old messages',
      everyMs: HOUR_MS,
      run: (db, { messageRetention }: { messageRetention: MessageRetention }) => sweepOldMessages(db, messageRetention),
    },
  ],
});
