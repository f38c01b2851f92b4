import type { TApiError } from '@app/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isHttpError } from './errors.ts';
import { describeIssues } from './validation-message.ts';

const CLIENT_ERROR_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/**
 * The one place errors become responses, always in the ZApiError shape. Bad input is a 4xx that
 * names the field; anything unexpected is logged in full and answered with a generic 500, so no
 * stack, SQL or file path ever reaches a client.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let body: TApiError;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { message, fields } = describeIssues(error.validationContext, error.validation);
      body = { statusCode: 400, code: 'VALIDATION_ERROR', message, fields };
    } else if (isHttpError(error)) {
      body = { statusCode: error.statusCode, code: error.code, message: error.message };
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
      body = {
        statusCode: error.statusCode,
        code: CLIENT_ERROR_CODES[error.statusCode] ?? 'BAD_REQUEST',
        message: error.message,
      };
    } else if (error instanceof SyntaxError && error.statusCode === 400) {
      body = { statusCode: 400, code: 'BAD_REQUEST', message: 'The request body is not valid JSON' };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      body = { statusCode: 500, code: 'INTERNAL_ERROR', message: 'Internal server error' };
    }
    if (body.statusCode < 500) request.log.info({ code: body.code, message: body.message }, 'client error');
    return reply.status(body.statusCode).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const body: TApiError = {
      statusCode: 404,
      code: 'ROUTE_NOT_FOUND',
      message: `Route ${request.method} ${path} not found`,
    };
    return reply.status(404).send(body);
  });
}
