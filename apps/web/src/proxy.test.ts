import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));

/** The proxy with a fresh environment (env() caches what it read first). */
async function loadProxy(vars: Record<string, string> = {}) {
  vi.resetModules();
  for (const [key, value] of Object.entries(vars)) vi.stubEnv(key, value);
  return (await import('./proxy')).default;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

/** What Next forwards to the page's render: the request headers the proxy's answer overrides. */
function forwarded(response: Response, name: string): string | null {
  const overridden = (response.headers.get('x-middleware-override-headers') ?? '').split(',');
  return overridden.includes(name) ? response.headers.get(`x-middleware-request-${name}`) : null;
}

const nonceOf = (policy: string | null) => policy?.match(/'nonce-([^']+)'/)?.[1];

describe('proxy', () => {
  it('answers a page with a CSP naming a fresh nonce, and hands both to the render', async () => {
    const proxy = await loadProxy({ PUBLIC_API_URL: 'http://localhost:4000', MAP_TILE_URL: 'none' });
    const first = proxy(new NextRequest('http://localhost:3000/en/about'));
    const policy = first.headers.get('content-security-policy');
    const nonce = nonceOf(policy);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain('http://localhost:4000');
    expect(forwarded(first, 'x-nonce')).toBe(nonce);
    expect(forwarded(first, 'content-security-policy')).toBe(policy);
    // next-intl still tells the render the locale (/en/... is already the internal path: no rewrite).
    expect(forwarded(first, 'x-next-intl-locale')).toBe('en');

    const second = proxy(new NextRequest('http://localhost:3000/en/about'));
    expect(nonceOf(second.headers.get('content-security-policy'))).not.toBe(nonce);
  });

  it('keeps the locale routing: / and /uz rewrite, /ru redirects, each with the policy', async () => {
    const proxy = await loadProxy();
    const root = proxy(new NextRequest('http://localhost:3000/about?city=samarkand'));
    expect(root.headers.get('x-middleware-rewrite')).toBe('http://localhost:3000/ru/about?city=samarkand');
    expect(forwarded(root, 'x-next-intl-locale')).toBe('ru');
    expect(nonceOf(forwarded(root, 'content-security-policy'))).toBe(forwarded(root, 'x-nonce'));

    const uz = proxy(new NextRequest('http://localhost:3000/uz'));
    expect(forwarded(uz, 'x-next-intl-locale')).toBe('uz');
    expect(nonceOf(forwarded(uz, 'content-security-policy'))).toBe(forwarded(uz, 'x-nonce'));
    expect(forwarded(uz, 'x-nonce')).toMatch(/^[A-Za-z0-9+/]{22}==$/);

    const ru = proxy(new NextRequest('http://localhost:3000/ru/about'));
    expect(ru.status).toBe(307);
    expect(ru.headers.get('location')).toBe('http://localhost:3000/about');
    expect(ru.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it("overwrites a client's own nonce and policy headers", async () => {
    const proxy = await loadProxy();
    const response = proxy(
      new NextRequest('http://localhost:3000/', {
        headers: { 'x-nonce': 'chosen-by-attacker', 'content-security-policy': "script-src 'unsafe-inline'" },
      }),
    );
    expect(forwarded(response, 'x-nonce')).not.toBe('chosen-by-attacker');
    expect(forwarded(response, 'content-security-policy')).toBe(
      response.headers.get('content-security-policy'),
    );
  });

  it('sends HSTS only from a production https site', async () => {
    const production = await loadProxy({ NODE_ENV: 'production', SITE_URL: 'https://baraka.example' });
    expect(
      production(new NextRequest('https://baraka.example/')).headers.get('strict-transport-security'),
    ).toBe('max-age=31536000; includeSubDomains');
    const plain = await loadProxy({ NODE_ENV: 'production', SITE_URL: 'http://localhost:3000' });
    expect(
      plain(new NextRequest('http://localhost:3000/')).headers.get('strict-transport-security'),
    ).toBeNull();
    const dev = await loadProxy({ NODE_ENV: 'development', SITE_URL: 'https://baraka.example' });
    const response = dev(new NextRequest('https://baraka.example/'));
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('content-security-policy')).toContain("'unsafe-eval'");
  });
});
