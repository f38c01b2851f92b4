import type { TApiError } from '@app/contracts';

/** An error a service throws on purpose: it reaches the client as is, with its status and code. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: TApiError['fields'],
    /** Response headers that belong to the error, e.g. `Retry-After` of a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function httpError(statusCode: number, code: string, message: string, fields?: TApiError['fields']) {
  return new HttpError(statusCode, code, message, fields);
}

/** 429 telling the client how many whole seconds to wait (`Retry-After`, at least 1). */
export function tooManyRequests(code: string, message: string, retryAfterSeconds: number) {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(429, code, message, undefined, { 'retry-after': String(seconds) });
}

export const notFound = (code: string, message: string) => httpError(404, code, message);

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
