import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { TApiError, TLocale } from '@app/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { localeFromAcceptLanguage } from './locale.ts';
import { localize } from './messages.ts';
import { PRE_ROUTING_HEADERS } from './security-headers.ts';

/**
 * Errors met before a request reaches a route, answered in the API's error shape like every other
 * error: Node's HTTP parser refusing the request (headers too large, a URL too long, a malformed
 * request line) and Fastify's router refusing the URL (malformed percent-encoding, a path parameter
 * longer than `maxParamLength`).
 */

/** The longest path parameter the router takes; longer answers 414 (the longest contract id or slug is 120). */
export const MAX_PARAM_LENGTH = 200;

/**
 * Node's parser error as `clientError` hands it over (see node:http, 'clientError'): `rawPacket` is
 * the Buffer being parsed (Fastify's ConnectionError type describes it as its JSON form).
 */
type ParserError = Error & { code?: string; bytesParsed?: number; rawPacket?: unknown };
const rawPacketOf = (error: ParserError) => (Buffer.isBuffer(error.rawPacket) ? error.rawPacket : undefined);

const METHOD_AT_START = /^[A-Z]{3,10} /;

/**
 * Node reports a URL too long and headers too large alike (HPE_HEADER_OVERFLOW: the request line
 * counts towards the 16 KB header limit). When the packet the parser choked on starts a request and
 * has no line end before the point of the error, it was the request line itself: 414, else 431.
 */
function overflowIsInRequestLine(error: ParserError): boolean {
  const packet = rawPacketOf(error);
  if (!packet) return false;
  const parsed = packet.subarray(0, error.bytesParsed ?? packet.length).toString('latin1');
  return METHOD_AT_START.test(parsed) && !parsed.includes('\r\n');
}

/** The language of a request the parser refused, read from its raw bytes when they name one. */
function localeOfRawRequest(error: ParserError): TLocale {
  const text = rawPacketOf(error)?.toString('latin1') ?? '';
  const header = /\r\naccept-language:[ \t]*([^\r\n]{0,200})/i.exec(text)?.[1];
  return localeFromAcceptLanguage(header);
}

function clientErrorBody(error: ParserError, locale: TLocale): TApiError {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return overflowIsInRequestLine(error)
      ? { statusCode: 414, code: 'URI_TOO_LONG', message: localize('URI_TOO_LONG', locale) }
      : { statusCode: 431, code: 'HEADERS_TOO_LARGE', message: localize('HEADERS_TOO_LARGE', locale) };
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { statusCode: 408, code: 'REQUEST_TIMEOUT', message: localize('REQUEST_TIMEOUT', locale) };
  }
  return {
    statusCode: 400,
    code: 'BAD_REQUEST',
    message: localize('BAD_REQUEST', locale, { detail: 'The request could not be parsed as HTTP' }),
  };
}

/**
 * Fastify's `clientErrorHandler`: answers in the error shape with `Connection: close`, then closes
 * the socket (after a parser error the rest of the stream cannot be read as requests).
 */
export function clientErrorHandler(this: FastifyInstance, error: ParserError, socket: Socket): void {
  // A reset connection has nobody to answer (Node's own handler does the same).
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const body = clientErrorBody(error, localeOfRawRequest(error));
  this.log.info({ code: body.code, parserError: error.code }, 'client error before routing');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${body.statusCode} ${STATUS_CODES[body.statusCode]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(json)}\r\n` +
      Object.entries(PRE_ROUTING_HEADERS)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      'Connection: close\r\n\r\n' +
      json,
    () => socket.destroy(),
  );
}

/**
 * Fastify's `frameworkErrors`: the router's refusals of a URL. A malformed URL ('/v1/%') answers 400
 * BAD_URL and closes the connection (`Connection: close`, which Node then honours), a path parameter
 * beyond MAX_PARAM_LENGTH answers 414 URI_TOO_LONG.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const locale = localeFromAcceptLanguage(request.headers['accept-language']);
  let body: TApiError;
  if (error.code === 'FST_ERR_BAD_URL') {
    body = { statusCode: 400, code: 'BAD_URL', message: localize('BAD_URL', locale) };
    reply.header('connection', 'close');
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    body = { statusCode: 414, code: 'URI_TOO_LONG', message: localize('URI_TOO_LONG', locale) };
  } else {
    request.log.error({ err: error }, 'router error');
    body = { statusCode: 500, code: 'INTERNAL_ERROR', message: localize('INTERNAL_ERROR', locale) };
  }
  request.log.info({ code: body.code }, 'client error before routing');
  reply.headers(PRE_ROUTING_HEADERS);
  return reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
}
