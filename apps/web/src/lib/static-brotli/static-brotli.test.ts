import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_ASSET_HEADERS, HEADER_RULES } from '../security-headers';
import {
  ASSET_HEADERS,
  acceptsBrotli,
  createStaticBrotli,
  indexBrotliFiles,
  precompressStatic,
  STATIC_PREFIX,
  staticAssetOf,
} from './static-brotli.mjs';

describe('acceptsBrotli', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br', true],
    ['BR;q=0.5', true],
    ['gzip;q=1.0, br;q=0.1', true],
    ['*', true],
    ['gzip, *;q=0.2', true],
  ])('%j accepts br', (header, expected) => {
    expect(acceptsBrotli(header)).toBe(expected);
  });

  it.each([
    [undefined, false],
    ['', false],
    ['gzip, deflate', false],
    ['identity', false],
    ['br;q=0', false],
    ['br;q=0.000', false],
    ['br;q=0, *', false],
    ['*;q=0', false],
    ['gzip, *;q=0', false],
    ['br;q=abc', false],
    ['brotli', false],
  ])('%j does not', (header, expected) => {
    expect(acceptsBrotli(header)).toBe(expected);
  });

  it('takes the header repeated', () => {
    expect(acceptsBrotli(['gzip', 'br'])).toBe(true);
    expect(acceptsBrotli(['gzip', 'deflate'])).toBe(false);
  });
});

describe('staticAssetOf', () => {
  it('names a script or a stylesheet of the build, without the query', () => {
    expect(staticAssetOf('/_next/static/chunks/3t-fb8i1mv9a1.js')).toBe('chunks/3t-fb8i1mv9a1.js');
    expect(staticAssetOf('/_next/static/chunks/1i_4rk6akzibi.css?dpl=abc')).toBe('chunks/1i_4rk6akzibi.css');
    expect(staticAssetOf('/_next/static/chunks/turbopack-2u1d16houkiyo.js')).toBe(
      'chunks/turbopack-2u1d16houkiyo.js',
    );
  });

  it.each([
    '/_next/static/chunks/../../../package.json.js',
    '/_next/static/chunks/..%2f..%2fsecret.js',
    '/_next/static/%2e%2e/x.js',
    '/_next/static/chunks\\..\\x.js',
    '/_next/static//etc/passwd.js',
    '/_next/static/chunks/.hidden.js',
    '/_next/static/',
    '/_next/static/chunks/a.js.br',
    '/_next/static/media/font.woff2',
    '/_next/static/chunks/a.map',
    '/_next/image?url=/a.js',
    '/static/chunks/a.js',
    '/',
    undefined,
    `/_next/static/${'a'.repeat(400)}.js`,
  ])('refuses %j', (url) => {
    expect(staticAssetOf(url)).toBeNull();
  });
});

describe('security headers', () => {
  it('are the ones next.config.ts gives build assets', () => {
    const rule = HEADER_RULES.find((r) => r.source === '/_next/static/:path*');
    expect(rule?.headers).toEqual([...BUILD_ASSET_HEADERS]);
    for (const { key, value } of BUILD_ASSET_HEADERS) {
      expect(ASSET_HEADERS[key as keyof typeof ASSET_HEADERS]).toBe(value);
    }
  });
});

describe('precompressing and serving the build files', () => {
  let dir: string;
  let server: Server;
  let base: string;
  const script = `${'console.log("a build chunk, long enough to be worth compressing");\n'.repeat(200)}`;
  const style = `${'.mc{display:flex;flex-direction:column}\n'.repeat(100)}`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'static-brotli-'));
    await mkdir(join(dir, 'chunks'), { recursive: true });
    await mkdir(join(dir, 'media'), { recursive: true });
    writeFileSync(join(dir, 'chunks', 'app.js'), script);
    writeFileSync(join(dir, 'chunks', 'app.css'), style);
    writeFileSync(join(dir, 'chunks', 'tiny.js'), 'x');
    writeFileSync(join(dir, 'media', 'font.woff2'), 'not text');
    const index = await indexBrotliFiles(dir);
    expect(index.size).toBe(0);

    const done = await precompressStatic(dir);
    expect(done.files).toBe(2);
    expect(done.brotliBytes).toBeLessThan(done.rawBytes / 5);

    const handled = createStaticBrotli(await indexBrotliFiles(dir));
    server = createServer((req, res) => {
      if (handled(req, res)) return;
      res.statusCode = 299; // "Next's" answer
      res.end('next');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  type TAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };
  function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<TAnswer> {
    return new Promise((resolve, reject) => {
      // `path` as an option, not in a URL: a URL would resolve `..` before sending it.
      const { hostname, port } = new URL(base);
      const req = request({ hostname, port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('writes `<file>.br` beside each script and stylesheet only, and not again when up to date', async () => {
    expect(brotliDecompressSync(readFileSync(join(dir, 'chunks', 'app.js.br'))).toString()).toBe(script);
    expect(brotliDecompressSync(readFileSync(join(dir, 'chunks', 'app.css.br'))).toString()).toBe(style);
    expect(() => statSync(join(dir, 'chunks', 'tiny.js.br'))).toThrow(); // brotli would not be smaller
    expect(() => statSync(join(dir, 'media', 'font.woff2.br'))).toThrow();
    expect((await precompressStatic(dir)).files).toBe(0);
  });

  it('answers a browser that accepts br with the brotli file and the build assets headers', async () => {
    const res = await get(`${STATIC_PREFIX}chunks/app.js?dpl=1`, {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=UTF-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);

    const css = await get(`${STATIC_PREFIX}chunks/app.css`, { 'accept-encoding': 'br' });
    expect(css.headers['content-type']).toBe('text/css; charset=UTF-8');
    expect(brotliDecompressSync(css.body).toString()).toBe(style);
  });

  it('answers HEAD with the headers only, and a matching If-None-Match with 304', async () => {
    const head = await get(`${STATIC_PREFIX}chunks/app.js`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const etag = String(head.headers.etag);
    expect(etag).toMatch(/^W\/"br-/);

    const again = await get(`${STATIC_PREFIX}chunks/app.js`, {
      'accept-encoding': 'br',
      'if-none-match': etag,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const other = await get(`${STATIC_PREFIX}chunks/app.js`, {
      'accept-encoding': 'br',
      'if-none-match': 'W/"5b83-1a221fe81fe"',
    });
    expect(other.status).toBe(200);
  });

  it('leaves to Next: no br, br refused, no brotli file, another method, another path', async () => {
    const cases: [string, Record<string, string>, string?][] = [
      [`${STATIC_PREFIX}chunks/app.js`, { 'accept-encoding': 'gzip, deflate' }],
      [`${STATIC_PREFIX}chunks/app.js`, { 'accept-encoding': 'gzip, br;q=0' }],
      [`${STATIC_PREFIX}chunks/app.js`, {}],
      [`${STATIC_PREFIX}chunks/tiny.js`, { 'accept-encoding': 'br' }],
      [`${STATIC_PREFIX}chunks/missing.js`, { 'accept-encoding': 'br' }],
      [`${STATIC_PREFIX}media/font.woff2`, { 'accept-encoding': 'br' }],
      [`${STATIC_PREFIX}chunks/app.js.br`, { 'accept-encoding': 'br' }],
      [`${STATIC_PREFIX}chunks/../chunks/app.js`, { 'accept-encoding': 'br' }],
      [`${STATIC_PREFIX}chunks/app.js`, { 'accept-encoding': 'br' }, 'POST'],
      ['/', { 'accept-encoding': 'br' }],
    ];
    for (const [path, headers, method] of cases) {
      const res = await get(path, headers, method);
      expect({ path, headers, method, status: res.status, body: res.body.toString() }).toEqual({
        path,
        headers,
        method,
        status: 299,
        body: 'next',
      });
    }
  });

  it('does not index a brotli file older than its file (another build`s content)', async () => {
    const earlier = new Date(statSync(join(dir, 'chunks', 'app.css')).mtimeMs - 60_000);
    utimesSync(join(dir, 'chunks', 'app.css.br'), earlier, earlier);
    expect((await indexBrotliFiles(dir)).has('chunks/app.css')).toBe(false);
    expect((await indexBrotliFiles(dir)).has('chunks/app.js')).toBe(true);
    // and the next precompression brings it up to date
    expect((await precompressStatic(dir)).files).toBe(1);
    expect((await indexBrotliFiles(dir)).has('chunks/app.css')).toBe(true);
  });

  it('indexes nothing for a folder that is not there', async () => {
    expect((await indexBrotliFiles(join(dir, 'absent'))).size).toBe(0);
  });
});
