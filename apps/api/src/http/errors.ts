import type { TApiError } from '@app/contracts';

/** An error a service throws on purpose: it reaches the client as is, with its status and code. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: TApiError['fields'],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function httpError(statusCode: number, code: string, message: string, fields?: TApiError['fields']) {
  return new HttpError(statusCode, code, message, fields);
}

export const notFound = (code: string, message: string) => httpError(404, code, message);

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
