import { randomBytes } from 'node:crypto';
import { createServer, get, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
// The compression middleware Next runs on every response it sends (router-server.js).
// @ts-expect-error: Next ships it compiled, without types.
import nextCompression from 'next/dist/compiled/compression';
import { afterEach, describe, expect, it } from 'vitest';
import {
  acceptPrecompressedBodies,
  announcePrecompressedBodies,
  PRECOMPRESSED_HEADER,
  precompressedBodiesAccepted,
} from './precompressed.mjs';

type THandler = (res: ServerResponse) => void;

// Random text in it, so that its gzip is above the size Next's compression leaves alone (1 KB).
const PAGE = `<!DOCTYPE html><html><body>${'<p>Плов с казы, 65 000 сум</p>'.repeat(200)}${randomBytes(3000).toString('base64')}</body></html>`;
const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/**
 * A server like `server.mjs` in front of Next: the private header accepted, then Next's compression
 * (as its router does), then `respond` setting headers the way Next copies a proxy's response.
 */
async function serve(respond: THandler, withBridge = true): Promise<number> {
  const compress = nextCompression();
  const server = createServer((req, res) => {
    if (withBridge) acceptPrecompressedBodies(res);
    compress(req, res, () => {});
    respond(res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** The raw answer (no decoding) to a GET with `acceptEncoding`. */
function fetchRaw(port: number, acceptEncoding: string): Promise<{ res: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/', headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ res, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('a body the proxy gzipped itself, through the server and Next’s compression', () => {
  it('goes out once encoded, as Content-Encoding: gzip, without the private header', async () => {
    const port = await serve((res) => {
      res.statusCode = 200;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader(PRECOMPRESSED_HEADER, 'gzip');
      res.end(gzipSync(PAGE));
    });
    const { res, body } = await fetchRaw(port, 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers[PRECOMPRESSED_HEADER]).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    // Decoded once, it is the page: Next's compression did not gzip it a second time.
    expect(gunzipSync(body).toString('utf8')).toBe(PAGE);
  });

  it('works the same when the header is appended (Next copies a proxy response’s headers either way)', async () => {
    const port = await serve((res) => {
      res.appendHeader('content-type', 'text/html; charset=utf-8');
      res.appendHeader('X-Html-Cache-Encoding', 'GZIP');
      res.end(gzipSync(PAGE));
    });
    const { res, body } = await fetchRaw(port, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(body).toString('utf8')).toBe(PAGE);
  });

  it('leaves every other response to Next’s compression, and sends no unknown encoding', async () => {
    const plain = await serve((res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(PAGE);
    });
    const compressed = await fetchRaw(plain, 'gzip');
    expect(compressed.res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(compressed.body).toString('utf8')).toBe(PAGE);

    const odd = await serve((res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader(PRECOMPRESSED_HEADER, 'rot13');
      res.end(PAGE);
    });
    const answer = await fetchRaw(odd, 'identity');
    expect(answer.res.headers['content-encoding']).toBeUndefined();
    expect(answer.res.headers[PRECOMPRESSED_HEADER]).toBeUndefined();
    expect(answer.body.toString('utf8')).toBe(PAGE);
  });

  it('without the server’s part, the mark is only a header and Next gzips the body again (why the proxy asks first)', async () => {
    const port = await serve((res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader(PRECOMPRESSED_HEADER, 'gzip');
      res.end(gzipSync(PAGE));
    }, false);
    const { res, body } = await fetchRaw(port, 'gzip');
    expect(gunzipSync(gunzipSync(body)).toString('utf8')).toBe(PAGE);
    expect(res.headers[PRECOMPRESSED_HEADER]).toBe('gzip');
  });

  it('is announced by the server once, for the proxy to see in the same process', () => {
    const key = Symbol.for('@app/web/precompressed-bodies');
    const holder = globalThis as unknown as Record<symbol, unknown>;
    const before = holder[key];
    try {
      delete holder[key];
      expect(precompressedBodiesAccepted()).toBe(false);
      announcePrecompressedBodies();
      expect(precompressedBodiesAccepted()).toBe(true);
    } finally {
      holder[key] = before;
    }
  });
});
