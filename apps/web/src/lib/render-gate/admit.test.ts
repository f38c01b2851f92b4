import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../messages/en/common.json';
import ru from '../../../messages/ru/common.json';
import uz from '../../../messages/uz/common.json';
import { BUSY_RETRY_AFTER_SECONDS, busyResponse, REPORT_EVERY_MS, waitForRenderTurn } from './admit';
import { installRenderGate, SLOT_HEADER, uninstallRenderGate } from './render-gate.mjs';

const routed = (headers: Record<string, string> = {}) =>
  new Response(null, {
    headers: {
      'content-security-policy': "default-src 'self'",
      'strict-transport-security': 'max-age=63072000',
      'x-middleware-next': '1',
      ...headers,
    },
  });

const req = (path: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
  new NextRequest(new URL(path, 'http://localhost:3000'), init);

const HTML = { accept: 'text/html,application/xhtml+xml' };

afterEach(() => uninstallRenderGate());

describe('busyResponse', () => {
  it("answers a document with a 503 page in the path's language, Retry-After and no caching", async () => {
    for (const [path, messages, lang] of [
      ['/', ru, 'ru'],
      ['/cart?login', ru, 'ru'],
      ['/uz/product/plov', uz, 'uz'],
      ['/en', en, 'en'],
    ] as const) {
      const response = busyResponse(req(path, { headers: HTML }), routed());
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe(String(BUSY_RETRY_AFTER_SECONDS));
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      // The page's security headers go with it.
      expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
      expect(response.headers.get('strict-transport-security')).toBe('max-age=63072000');
      const body = await response.text();
      expect(body).toContain(`<html lang="${lang}">`);
      expect(body).toContain(`<h1>${messages.busy.title}</h1>`);
      expect(body).toContain(messages.busy.text);
      expect(body).toContain(`>${messages.actions.retry}</a>`);
      // No script or style: the page's policy applies as it is.
      expect(body).not.toMatch(/<script|<style|style=/);
    }
  });

  it('links the same address again, escaped', async () => {
    const body = await busyResponse(req('/en/a"b<c>?q=1&x=2', { headers: HTML }), routed()).text();
    expect(body).toContain('<a href="/en/a%22b%3Cc%3E?q=1&amp;x=2">');
    expect(body).not.toContain('<c>');
  });

  it("answers the client router's requests, other methods and HEAD with text, HEAD without a body", async () => {
    for (const request of [
      req('/en', { headers: { ...HTML, rsc: '1' } }),
      req('/en', { method: 'POST', headers: HTML }),
      req('/en'),
    ]) {
      const response = busyResponse(request, routed());
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await response.text()).toBe(`${en.busy.title}. ${en.busy.text}\n`);
    }
    const head = busyResponse(req('/uz', { method: 'HEAD', headers: HTML }), routed());
    expect(head.status).toBe(503);
    expect(head.headers.get('retry-after')).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(head.body).toBeNull();
  });

  it('has its texts in all three languages', () => {
    for (const messages of [ru, uz, en]) {
      expect(messages.busy.title.length).toBeGreaterThan(5);
      expect(messages.busy.text.length).toBeGreaterThan(5);
    }
    expect(new Set([ru.busy.title, uz.busy.title, en.busy.title]).size).toBe(3);
  });
});

describe('waitForRenderTurn', () => {
  const limits = { maxRenders: 1, maxQueued: 0, maxWaitMs: 1_000 };

  it('lets everything through when no server installed a gate, or the request has no id', async () => {
    expect(
      await waitForRenderTurn(req('/?x=1', { headers: { [SLOT_HEADER]: '1' } }), routed(), limits),
    ).toBeNull();
    const gate = installRenderGate();
    expect(
      await waitForRenderTurn(req('/?x=1', { headers: { [SLOT_HEADER]: '1' } }), routed(), limits),
    ).toBeNull();
    // Full now; without an id (no server in front to free it) nothing is held or refused.
    expect(await waitForRenderTurn(req('/?x=2'), routed(), limits)).toBeNull();
    expect(gate.stats).toEqual({ rendering: 1, waiting: 0, refused: 0 });
  });

  it('refuses with a 503 when the gate is full, lets redirects by, and admits again once freed', async () => {
    const gate = installRenderGate();
    const first = req('/?x=1', { headers: { ...HTML, [SLOT_HEADER]: '1' } });
    expect(await waitForRenderTurn(first, routed(), limits)).toBeNull();
    const refused = await waitForRenderTurn(
      req('/uz?x=2', { headers: { ...HTML, [SLOT_HEADER]: '2' } }),
      routed(),
      limits,
    );
    expect(refused?.status).toBe(503);
    expect(await refused?.text()).toContain('<html lang="uz">');
    // A redirect renders nothing: not held, not refused.
    const redirect = routed({ location: '/en' });
    expect(
      await waitForRenderTurn(req('/ru', { headers: { [SLOT_HEADER]: '3' } }), redirect, limits),
    ).toBeNull();
    expect(gate.stats).toEqual({ rendering: 1, waiting: 0, refused: 1 });
    gate.release('1');
    expect(
      await waitForRenderTurn(req('/?x=4', { headers: { [SLOT_HEADER]: '4' } }), routed(), limits),
    ).toBeNull();
  });

  it('passes the configured limits to the gate on every request', async () => {
    const gate = installRenderGate();
    const wide = { maxRenders: 3, maxQueued: 0, maxWaitMs: 1_000 };
    for (const id of ['1', '2', '3'])
      expect(
        await waitForRenderTurn(req('/?x', { headers: { [SLOT_HEADER]: id } }), routed(), wide),
      ).toBeNull();
    expect(
      (await waitForRenderTurn(req('/?x', { headers: { [SLOT_HEADER]: '4' } }), routed(), wide))?.status,
    ).toBe(503);
    expect(gate.limits).toEqual(wide);
  });

  it('logs the refusals, one line a minute at most, with how many since the last', async () => {
    installRenderGate();
    const lines: string[] = [];
    let clock = 1_000_000;
    const options = { now: () => clock, log: (line: string) => lines.push(line) };
    const ask = (id: string) =>
      waitForRenderTurn(req('/?x', { headers: { [SLOT_HEADER]: id } }), routed(), limits, options);
    expect(await ask('held')).toBeNull();
    expect(lines).toEqual([]);
    expect((await ask('1'))?.status).toBe(503);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\[render-gate\] 1 request\(s\) answered 503 since the last report \(1 rendering, 0 waiting; RENDER_MAX_CONCURRENT=1,/,
    );
    for (const id of ['2', '3']) {
      clock += 1_000;
      expect((await ask(id))?.status).toBe(503);
    }
    expect(lines).toHaveLength(1);
    clock += REPORT_EVERY_MS;
    expect((await ask('4'))?.status).toBe(503);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('] 3 request(s) answered 503');
  });
});
