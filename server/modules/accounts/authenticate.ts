import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { accountForAccessToken } from './sessions.ts';

export interface Caller {
  accountId: string;
  /** The first-party session; undefined when a linked service (OAuth) calls for the account. */
  sessionId: string | undefined;
}

const unauthorized = () =>
  new HttpError(401, 'unauthorized', 'Sign in again to continue.', undefined, { 'WWW-Authenticate': 'Bearer' });

/** The account behind the request's bearer token, or a 401. */
export async function requireCaller(db: Db, request: FastifyRequest): Promise<Caller> {
  const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(request.headers.authorization ?? '');
  if (!match) throw unauthorized();
  const session = await accountForAccessToken(db, match[1]!);
  if (session) return session;
  const accountId = await request.server.accountForOAuthToken(match[1]!);
  if (accountId) return { accountId, sessionId: undefined };
  throw unauthorized();
}
