import type { TApiError } from '@app/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseFailureOf, isClientDataFailure, isDatabaseBusy } from './database-errors.ts';
import { isHttpError } from './errors.ts';
import { localeFromAcceptLanguage } from './locale.ts';
import { localize } from './messages.ts';
import { describeIssues } from './validation-message.ts';

const CLIENT_ERROR_CODES = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
} as const satisfies Record<number, string>;

/** Retry-After of a 503 SERVICE_BUSY, in seconds: a pool turns over in milliseconds when it can. */
export const BUSY_RETRY_AFTER_S = 2;

const clientErrorCode = (status: number) =>
  CLIENT_ERROR_CODES[status as keyof typeof CLIENT_ERROR_CODES] ?? 'BAD_REQUEST';

/**
 * The one place errors become responses, always in the ZApiError shape. Bad input is a 4xx that
 * names the field; anything unexpected is logged in full and answered with a generic 500, so no
 * stack, SQL or file path ever reaches a client. `message` is in the language of `Accept-Language`
 * (messages.ts; ru by default), `code` and `fields` stay English.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = localeFromAcceptLanguage(request.headers['accept-language']);
    let body: TApiError;
    const dbFailure = databaseFailureOf(error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { message, fields } = describeIssues(error.validationContext, error.validation, locale);
      body = { statusCode: 400, code: 'VALIDATION_ERROR', message, fields };
    } else if (isHttpError(error)) {
      body = { statusCode: error.statusCode, code: error.code, message: error.messageIn(locale) };
      if (error.fields) body.fields = error.fields;
      if (error.headers) reply.headers(error.headers);
    } else if (
      typeof error.statusCode === 'number' &&
      error.statusCode >= 400 &&
      error.statusCode < 500 &&
      // Fastify's own client errors (bad JSON, wrong content type, body too large) carry safe messages.
      typeof error.code === 'string' &&
      error.code.startsWith('FST_')
    ) {
      const code = clientErrorCode(error.statusCode);
      body = {
        statusCode: error.statusCode,
        code,
        message: localize(code, locale, { detail: error.message }),
      };
    } else if (error instanceof SyntaxError && error.statusCode === 400) {
      body = { statusCode: 400, code: 'BAD_REQUEST', message: localize('INVALID_JSON', locale) };
    } else if (dbFailure && isClientDataFailure(dbFailure)) {
      // A value the contracts let through and PostgreSQL refused (a NUL, a too long text, a number
      // out of range): the client's mistake, so 400; and a contract to tighten, so a warning. The log
      // gets the SQLSTATE, the SQL text and the redacted message, never the query's parameters.
      request.log.warn({ db: dbFailure }, 'database refused a client value');
      body = { statusCode: 400, code: 'INVALID_INPUT', message: localize('INVALID_INPUT', locale) };
    } else if (isDatabaseBusy(error)) {
      // A full pool, a statement past its timeout, a locked row, the database restarting
      // (db/pool-size.ts): the request was right, so the client may send it again as it is after
      // Retry-After (an order with its idempotency key: placed once, whatever got through).
      request.log.warn({ err: error }, 'database busy');
      reply.header('retry-after', String(BUSY_RETRY_AFTER_S));
      body = { statusCode: 503, code: 'SERVICE_BUSY', message: localize('SERVICE_BUSY', locale) };
    } else {
      // The app's err serializer (database-errors.ts) keeps a failed query's parameters out of this.
      request.log.error({ err: error }, 'unhandled error');
      body = { statusCode: 500, code: 'INTERNAL_ERROR', message: localize('INTERNAL_ERROR', locale) };
    }
    if (body.statusCode < 500) request.log.info({ code: body.code, message: body.message }, 'client error');
    return reply.status(body.statusCode).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const locale = localeFromAcceptLanguage(request.headers['accept-language']);
    const body: TApiError = {
      statusCode: 404,
      code: 'ROUTE_NOT_FOUND',
      message: localize('ROUTE_NOT_FOUND', locale, { method: request.method, path }),
    };
    return reply.status(404).send(body);
  });
}
