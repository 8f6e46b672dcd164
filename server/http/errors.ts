import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../common/api-types.ts';

/** An error a route throws on purpose: its status, code and message reach the client as they are. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, code: string, message: string, field?: string, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.field = field;
    this.headers = headers;
  }
}

export function errorBody(code: string, message: string, field?: string): ApiErrorBody {
  return { error: { code, message, ...(field && { field }) } };
}

/** The endpoints that answer in OAuth's error shape (`{ error, error_description }`), not the contract's. */
const OAUTH_PROTOCOL_PATH = /^\/(?:oauth\/(?:token|revoke)|openapi\/oauth\/getAccessToken)(?:[?#]|$)/;

/**
 * Errors that mean the database cannot be reached, not that the request was wrong: PostgreSQL's connection
 * exceptions (SQLSTATE class 08), shutdown and too many connections (57P01-57P03, 53300), a statement or lock wait
 * past its timeout (57014, 55P03: server/db/database.ts), the network refusing or dropping the connection, the
 * pool's connect and the client's query timing out (a database that does not answer), a closed pool, and SQLite
 * unable to open, read or write its file (a full disk included).
 */
export function isDatabaseOutage(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (/^08/.test(code) || ['57P01', '57P02', '57P03', '53300', '57014', '55P03'].includes(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code)) return true;
    if (/^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|FULL|READONLY)/.test(code)) return true;
  }
  return (
    typeof message === 'string' &&
    /Cannot use a pool after calling end|Connection terminated|driver has already been destroyed|The database connection is not open|timeout exceeded when trying to connect|Query read timeout|is not queryable/i.test(
      message,
    )
  );
}

/** The answer to a request the database's outage stopped: nothing was changed, and it may be sent again shortly. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Contract section 4: every error is `{ error: { code, message } }`; bad input is a 400 naming the field. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send(errorBody(error.code, error.message, error.field));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const path = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const field = path || (issue?.params as { issue?: { path?: unknown[] } } | undefined)?.issue?.path?.join('.');
      const where = error.validationContext ?? 'body';
      const name = field ? `${where}.${field}` : where;
      return reply.code(400).send(errorBody('invalid_request', `${name}: ${issue?.message ?? 'invalid'}`, name));
    }
    // The static files' guard against odd paths (`//`, `%00`): such a path names nothing, here as anywhere.
    if (error.code === 'FST_STATIC_FORBIDDEN_PATH') return reply.callNotFound();
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: unparsable JSON, wrong content type, body too large, rate limit.
      const code = status === 429 ? 'rate_limited' : status === 415 ? 'unsupported_media_type' : 'invalid_request';
      // The OAuth endpoints' clients read RFC 6749's error shape (section 5.2), whoever refused the request.
      if (OAUTH_PROTOCOL_PATH.test(request.url)) {
        return reply
          .code(status)
          .send({ error: status === 429 ? 'rate_limited' : 'invalid_request', error_description: error.message });
      }
      return reply.code(status).send(errorBody(code, error.message));
    }
    if (isDatabaseOutage(error)) {
      // The database is down, restarting or out of connections: the request changed nothing (its transaction,
      // if any, was not committed) and may be sent again shortly.
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(errorBody('database_unavailable', 'The service is briefly unavailable. Try again in a moment.'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody('internal_error', 'Something went wrong on our side.'));
  });
}

/** Paths whose every answer is JSON in the contract's error shape, never a page. */
export const API_PREFIXES = ['/api/', '/oauth/', '/.well-known/', '/openapi/'] as const;

export const isApiPath = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));

/**
 * Errors Fastify meets before routing: a URL that does not decode (`/api/%ff`). The contract's shape, not
 * Fastify's own.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const badUrl = error.code === 'FST_ERR_BAD_URL';
  void reply
    .code(400)
    .header('Cache-Control', 'no-store')
    .send(errorBody('invalid_request', badUrl ? 'The URL is not valid.' : 'The request is not valid.'));
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (control characters in a header, headers over
 * the size limit): answered in the contract's shape, then the connection closes.
 */
export const clientErrorHandler = (error: { code?: string }, socket: Socket): void => {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive.']
        : [400, 'Bad Request', 'The request is not valid HTTP.'];
  const body = JSON.stringify(errorBody(status === 408 ? 'request_timeout' : 'invalid_request', message));
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
};
