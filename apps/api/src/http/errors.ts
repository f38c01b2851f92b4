import type { TApiError, TLocale } from '@app/contracts';
import { localize, type MessageArgs, type MessageKey } from './messages.ts';

/** Renders an error's message in the language of the request that met it. */
export type MessageRenderer = (locale: TLocale) => string;

/** An error a service throws on purpose: it reaches the client as is, with its status and code. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: TApiError['fields'],
    /** Response headers that belong to the error, e.g. `Retry-After` of a 429. */
    readonly headers?: Record<string, string>,
    /** The message in the request's language (error-handler.ts); without it, `message` as given. */
    readonly render?: MessageRenderer,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** The client's text: in `locale` when the error has a translated message, else the one it was given. */
  messageIn(locale: TLocale): string {
    return this.render ? this.render(locale) : this.message;
  }
}

/** An error with an English-only message (texts a customer does not meet); prefer `apiError`. */
export function httpError(statusCode: number, code: string, message: string, fields?: TApiError['fields']) {
  return new HttpError(statusCode, code, message, fields);
}

/**
 * An error whose message comes from the catalogue (messages.ts), answered in the request's language;
 * `code` is the catalogue key. `message` (what logs and English clients see) is the English text.
 */
export function cataloguedError<K extends MessageKey>(
  statusCode: number,
  code: K,
  args: MessageArgs<K>,
  extra: { fields?: TApiError['fields']; headers?: Record<string, string> } = {},
): HttpError {
  return new HttpError(
    statusCode,
    code,
    localize(code, 'en', ...args),
    extra.fields,
    extra.headers,
    (locale) => localize(code, locale, ...args),
  );
}

export const apiError = <K extends MessageKey>(statusCode: number, code: K, ...args: MessageArgs<K>) =>
  cataloguedError(statusCode, code, args);

/** 429 telling the client how many whole seconds to wait (`Retry-After`, at least 1). */
export function tooManyRequests<K extends MessageKey>(
  code: K,
  retryAfterSeconds: number,
  ...args: MessageArgs<K>
): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return cataloguedError(429, code, args, { headers: { 'retry-after': String(seconds) } });
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
