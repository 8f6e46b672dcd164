import type { FastifyError, FastifyInstance } from 'fastify';
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

/** Contract section 4: every error is `{ error: { code, message } }`; bad input is a 400 naming the field. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(errorBody(error.code, error.message, error.field));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const path = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const field = path || (issue?.params as { issue?: { path?: unknown[] } } | undefined)?.issue?.path?.join('.');
      const where = error.validationContext ?? 'body';
      const name = field ? `${where}.${field}` : where;
      return reply.code(400).send(errorBody('invalid_request', `${name}: ${issue?.message ?? 'invalid'}`, name));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: unparsable JSON, wrong content type, body too large, rate limit.
      const code = status === 429 ? 'rate_limited' : status === 415 ? 'unsupported_media_type' : 'invalid_request';
      return reply.code(status).send(errorBody(code, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody('internal_error', 'Something went wrong on our side.'));
  });

}
