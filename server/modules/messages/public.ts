/** What the rest of the server may use of the messages module (docs/decisions/008-import-boundaries.md). */
export { messageRoutes } from './message-routes.ts';
export { type NewMessage, postMessage } from './message-queries.ts';
export { type MessageRetention, sweepOldMessages } from './message-retention.ts';
