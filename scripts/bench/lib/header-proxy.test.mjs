import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { startHeaderProxy } from './header-proxy.mjs';

const PAGE = gzipSync(Buffer.from('<!doctype html><title>t</title><p>Плов</p>'));
const SCRIPT = Buffer.from('console.log(1)');

const closers = [];
afterEach(async () => {
  while (closers.length) await closers.pop()();
});

/** An upstream that answers `/` with gzip HTML, `/app.js` with a script, and echoes what it got. */
async function upstream() {
  const seen = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url, method: req.method, headers: req.headers });
    if (req.url === '/app.js') {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cross-origin-opener-policy': 'unsafe-none' });
      res.end(SCRIPT);
      return;
    }
    res.writeHead(req.url === '/missing' ? 404 : 200, {
      'content-type': 'text/html; charset=utf-8',
      'content-encoding': 'gzip',
      'x-upstream': 'yes',
    });
    res.end(PAGE);
  });
  await new Promise((r) => server.listen({ port: 0, host: '127.0.0.1' }, r));
  closers.push(() => new Promise((r) => server.close(r)));
  return { origin: `http://localhost:${server.address().port}`, seen };
}

async function proxyTo(origin, documentHeaders) {
  const proxy = await startHeaderProxy({ upstream: origin, documentHeaders });
  closers.push(proxy.close);
  return proxy;
}

describe('startHeaderProxy', () => {
  it('sets the headers on HTML documents and passes the body through byte for byte', async () => {
    const { origin, seen } = await upstream();
    const proxy = await proxyTo(origin, { 'Cross-Origin-Opener-Policy': 'same-origin' });
    const response = await fetch(`${proxy.url}/?a=1`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.get('x-upstream')).toBe('yes');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes gzip: the page arrives as the upstream sent it.
    expect(await response.text()).toBe('<!doctype html><title>t</title><p>Плов</p>');
    // The request went on unchanged but for Host.
    expect(seen[0].url).toBe('/?a=1');
    expect(seen[0].headers['accept-encoding']).toBe('gzip, br');
    expect(seen[0].headers.host).toBe(new URL(origin).host);
  });

  it('leaves other responses, error documents aside, as they are', async () => {
    const { origin } = await upstream();
    const proxy = await proxyTo(origin, { 'Cross-Origin-Opener-Policy': 'same-origin' });
    const script = await fetch(`${proxy.url}/app.js`);
    expect(script.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect(Buffer.from(await script.arrayBuffer()).equals(SCRIPT)).toBe(true);
    const missing = await fetch(`${proxy.url}/missing`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('adds nothing when given no headers (the other side of the comparison)', async () => {
    const { origin } = await upstream();
    const proxy = await proxyTo(origin, {});
    const response = await fetch(`${proxy.url}/`);
    expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(await response.text()).toContain('Плов');
  });

  it('answers 502 when the upstream is down', async () => {
    const dead = createServer();
    await new Promise((r) => dead.listen({ port: 0, host: '127.0.0.1' }, r));
    const origin = `http://localhost:${dead.address().port}`;
    await new Promise((r) => dead.close(r));
    const proxy = await proxyTo(origin, {});
    const response = await fetch(`${proxy.url}/`);
    expect(response.status).toBe(502);
    expect(await response.text()).toMatch(/^proxy: /);
  });
});
