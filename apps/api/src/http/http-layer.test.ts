/**
 * Issue 9, finding 12: errors of the HTTP layer (Node's parser, Fastify's router and body parser)
 * answer in the API's error shape like every other error. Checked through a real socket: `inject`
 * does not go through Node's HTTP parser.
 */
import { connect } from 'node:net';
import { type TApiError, ZApiError } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../test/app.ts';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a port');
  port = address.port;
});

afterAll(async () => {
  await t?.close();
});

type RawAnswer = {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The server closed the connection after answering. */
  closed: boolean;
};

/** How long a kept-alive connection is watched for a close that should not come. */
const OPEN_GRACE_MS = 300;

/**
 * Writes `request` as raw bytes and reads one answer. Resolves once the server has closed the
 * connection, or, for an answer that keeps it open, when its body is complete and the connection
 * stayed open for OPEN_GRACE_MS.
 */
function rawRequest(request: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    let settled = false;
    let graceTimer: NodeJS.Timeout | undefined;
    const parse = (closed: boolean): RawAnswer | null => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const end = raw.indexOf('\r\n\r\n');
      if (end < 0) return null;
      const [statusLine = '', ...lines] = raw.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      const body = raw.slice(end + 4);
      const length = Number(headers['content-length']);
      if (!closed && Number.isFinite(length) && Buffer.byteLength(body) < length) return null;
      return { status: Number(statusLine.split(' ')[1]), headers, body, closed };
    };
    const finish = (closed: boolean) => {
      if (settled) return;
      const answer = parse(closed);
      if (!answer) {
        if (closed) reject(new Error(`connection closed without an answer: ${Buffer.concat(chunks)}`));
        return;
      }
      settled = true;
      clearTimeout(graceTimer);
      socket.destroy();
      resolve(answer);
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (!graceTimer && parse(false)) graceTimer = setTimeout(() => finish(false), OPEN_GRACE_MS);
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', (error) => {
      // The server may reset while the rest of a refused request is still being written.
      if (!settled && !parse(true)) reject(error);
    });
    socket.write(request);
  });
}

const clientHeaders = `Shipper: ${CLIENT_HEADERS.shipper}\r\nPlatform: ${CLIENT_HEADERS.platform}\r\n`;

function expectShape(answer: RawAnswer, status: number, code: string): TApiError {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  // Answered before any hook runs, still with the API's security headers (issue 9, finding 7).
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['x-frame-options']).toBe('DENY');
  expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  const body = ZApiError.parse(JSON.parse(answer.body));
  expect(body).toMatchObject({ statusCode: status, code });
  return body;
}

describe('errors of Node’s HTTP parser', () => {
  it('headers over 16 KB: 431 HEADERS_TOO_LARGE, in the language asked, and the connection closed', async () => {
    const answer = await rawRequest(
      `GET /v1/cities HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\n${clientHeaders}X-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(expectShape(answer, 431, 'HEADERS_TOO_LARGE').message).toBe('The request headers are too large');
    expect(answer.headers.connection).toBe('close');
    expect(answer.closed).toBe(true);
  });

  it('a URL over 16 KB: 414 URI_TOO_LONG', async () => {
    const answer = await rawRequest(`GET /v1/cities?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expectShape(answer, 414, 'URI_TOO_LONG');
    expect(answer.closed).toBe(true);
  });

  it('a malformed request line: 400 BAD_REQUEST with Connection: close, and the socket really closes', async () => {
    for (const line of [
      'GET /v1/ci ties HTTP/1.1',
      'GET /v1/cit\u0001ies HTTP/1.1',
      'G@T /v1/cities HTTP/1.1',
    ]) {
      const answer = await rawRequest(`${line}\r\nHost: x\r\n\r\n`);
      expectShape(answer, 400, 'BAD_REQUEST');
      expect(answer.headers.connection).toBe('close');
      expect(answer.closed, line).toBe(true);
    }
  });
});

describe('errors of the router', () => {
  it('malformed percent-encoding (GET /v1/%): 400 BAD_URL, Connection: close, and the socket really closes', async () => {
    for (const path of ['/v1/%', '/v1/branches/%E0%A4%A', '/v2/product/%zz']) {
      const answer = await rawRequest(`GET ${path} HTTP/1.1\r\nHost: x\r\n${clientHeaders}\r\n`);
      expectShape(answer, 400, 'BAD_URL');
      expect(answer.headers.connection).toBe('close');
      expect(answer.closed, path).toBe(true);
    }
  });

  it('a path parameter longer than the router takes: 414 URI_TOO_LONG', async () => {
    const answer = await rawRequest(
      `GET /v1/branches/${'a'.repeat(300)} HTTP/1.1\r\nHost: x\r\n${clientHeaders}\r\n`,
    );
    expectShape(answer, 414, 'URI_TOO_LONG');
  });

  it('keeps the connection open after an ordinary error', async () => {
    const answer = await rawRequest(`GET /v1/branches/nope HTTP/1.1\r\nHost: x\r\n${clientHeaders}\r\n`);
    expectShape(answer, 404, 'BRANCH_NOT_FOUND');
    expect(answer.closed).toBe(false);
  });
});

describe('errors of the body parser', () => {
  it('a body over the limit: 413 PAYLOAD_TOO_LARGE', async () => {
    const answer = await rawRequest(
      `POST /v1/customers/phone HTTP/1.1\r\nHost: x\r\n${clientHeaders}Content-Type: application/json\r\nContent-Length: 2000000\r\n\r\n{"phone":"`,
    );
    expectShape(answer, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('a content type the API does not read: 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const body = '<phone>998901234567</phone>';
    const answer = await rawRequest(
      `POST /v1/customers/phone HTTP/1.1\r\nHost: x\r\n${clientHeaders}Content-Type: text/xml\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expectShape(answer, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});
