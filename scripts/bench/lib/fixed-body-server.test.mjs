import { afterEach, describe, expect, it } from 'vitest';
import { startFixedBodyServer } from './fixed-body-server.mjs';

const BODY = Buffer.from(JSON.stringify({ title: { ru: 'Плов', en: 'Plov' }, pad: 'x'.repeat(70_000) }));

const closers = [];
afterEach(async () => {
  while (closers.length) await closers.pop()();
});

async function start(options) {
  const server = await startFixedBodyServer(options);
  closers.push(server.close);
  return server;
}

describe('startFixedBodyServer', () => {
  it('answers any path and method with the same bytes, headers and length', async () => {
    const server = await start({
      body: BODY,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
    for (const [path, method] of [
      ['', 'GET'],
      ['v2/menu-products?menu_id=1', 'GET'],
      ['anything', 'POST'],
    ]) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        body: method === 'POST' ? 'ignored' : undefined,
        headers: { Shipper: 'x', 'Accept-Encoding': 'identity' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('content-length')).toBe(String(BODY.length));
      expect(Buffer.from(await response.arrayBuffer()).equals(BODY)).toBe(true);
    }
  });

  it('gives HEAD the headers only, and the status asked for', async () => {
    const server = await start({ body: 'gone', status: 410 });
    const head = await fetch(server.url, { method: 'HEAD' });
    expect(head.status).toBe(410);
    expect(head.headers.get('content-length')).toBe('4');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('frees its port when closed, with keep-alive connections open', async () => {
    const server = await startFixedBodyServer({ body: BODY });
    await (await fetch(server.url)).arrayBuffer();
    await server.close();
    await expect(fetch(server.url)).rejects.toThrow();
  });
});
