import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  createNonce,
  EMPTY_STYLE_HASH,
  HEADER_RULES,
  PERMISSIONS_POLICY,
  SONNER_STYLE_HASH,
  STATIC_SECURITY_HEADERS,
  strictTransportSecurity,
  type TCspOptions,
  tileOrigins,
} from './security-headers';

const base: TCspOptions = {
  nonce: 'bm9uY2Utb2YtdGhpcy1wYWdl',
  development: false,
  publicApiUrl: 'https://api.baraka.example',
  mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  siteUrl: 'https://baraka.example',
};

/** The policy as directive → sources, the way a browser splits it. */
function parse(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    expect(directives.has(name), `${name} appears once`).toBe(false);
    directives.set(name, sources);
  }
  return directives;
}

describe('content security policy', () => {
  it('lets only scripts with the nonce (and what they load) run in production', () => {
    const csp = parse(contentSecurityPolicy(base));
    expect(csp.get('script-src')).toEqual(["'self'", "'nonce-bm9uY2Utb2YtdGhpcy1wYWdl'", "'strict-dynamic'"]);
    expect(csp.get('style-src')).toEqual([
      "'self'",
      "'nonce-bm9uY2Utb2YtdGhpcy1wYWdl'",
      SONNER_STYLE_HASH,
      EMPTY_STYLE_HASH,
    ]);
    expect(csp.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('font-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.baraka.example']);
    expect(csp.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://api.baraka.example',
      'https://tile.openstreetmap.org',
    ]);
    expect(csp.get('upgrade-insecure-requests')).toEqual([]);
    const policy = contentSecurityPolicy(base);
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).not.toMatch(/ws:|wss:/);
  });

  it("adds what `next dev` needs: eval, the hot reload's websocket, inline styles", () => {
    const csp = parse(
      contentSecurityPolicy({ ...base, development: true, siteUrl: 'http://localhost:3000' }),
    );
    expect(csp.get('script-src')).toEqual([
      "'self'",
      "'nonce-bm9uY2Utb2YtdGhpcy1wYWdl'",
      "'strict-dynamic'",
      "'unsafe-eval'",
    ]);
    // A nonce beside 'unsafe-inline' would switch it off, so development lists none for styles.
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.baraka.example', 'ws://localhost:3000']);
    expect(parse(contentSecurityPolicy({ ...base, development: true })).get('connect-src')).toContain(
      'wss://baraka.example',
    );
  });

  it('names the API by its origin, on its own port or under a path', () => {
    const local = parse(
      contentSecurityPolicy({
        ...base,
        publicApiUrl: 'http://localhost:4000',
        siteUrl: 'http://localhost:3000',
      }),
    );
    expect(local.get('connect-src')).toEqual(["'self'", 'http://localhost:4000']);
    expect(local.get('img-src')).toContain('http://localhost:4000');
    // A path in a CSP source matches that path only; the origin covers /api/images/... too.
    const pathed = parse(contentSecurityPolicy({ ...base, publicApiUrl: 'https://baraka.example/api' }));
    expect(pathed.get('connect-src')).toEqual(["'self'", 'https://baraka.example']);
  });

  it('upgrades insecure requests only for an https site', () => {
    expect(contentSecurityPolicy(base)).toMatch(/; upgrade-insecure-requests$/);
    expect(contentSecurityPolicy({ ...base, siteUrl: 'http://localhost:3000' })).not.toContain(
      'upgrade-insecure-requests',
    );
  });

  it('allows the map tiles: one origin, one per {s} subdomain, none for `none`', () => {
    expect(tileOrigins('http://tiles.invalid/{z}/{x}/{y}.png')).toEqual(['http://tiles.invalid']);
    expect(tileOrigins('https://{s}.tile.example.org:8443/{z}/{x}/{y}{r}.png')).toEqual([
      'https://a.tile.example.org:8443',
      'https://b.tile.example.org:8443',
      'https://c.tile.example.org:8443',
    ]);
    expect(tileOrigins('none')).toEqual([]);
    const withS = parse(
      contentSecurityPolicy({ ...base, mapTileUrl: 'https://{s}.tile.example.org/{z}/{x}/{y}.png' }),
    );
    expect(withS.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://api.baraka.example',
      'https://a.tile.example.org',
      'https://b.tile.example.org',
      'https://c.tile.example.org',
    ]);
    const none = parse(contentSecurityPolicy({ ...base, mapTileUrl: 'none' }));
    expect(none.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://api.baraka.example']);
  });

  it('lists an origin once when the API and the tiles share it', () => {
    const csp = parse(
      contentSecurityPolicy({ ...base, mapTileUrl: 'https://api.baraka.example/tiles/{z}/{x}/{y}.png' }),
    );
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://api.baraka.example']);
  });

  it("allows sonner's run-time stylesheet by the hash of the installed sonner's CSS", () => {
    // sonner inserts one <style> with a fixed text when it loads; an upgrade that changes the text
    // must change SONNER_STYLE_HASH too, or the toasts would show unstyled.
    const entry = createRequire(import.meta.url).resolve('sonner');
    const source = readFileSync(entry.replace(/index\.js$/, 'index.mjs'), 'utf8');
    const match = source.match(/__insertCSS\(("(?:[^"\\]|\\.)*")\)/);
    expect(match?.[1]).toBeDefined();
    const css = JSON.parse(match?.[1] ?? '""') as string;
    expect(css).toContain('[data-sonner-toaster]');
    expect(SONNER_STYLE_HASH).toBe(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    // sonner appends the element empty, then fills it: the browser checks the empty text too.
    expect(source).toMatch(/head\.appendChild\(style\)\s*;?\s*style\.styleSheet \?/);
    expect(EMPTY_STYLE_HASH).toBe(`'sha256-${createHash('sha256').update('').digest('base64')}'`);
  });
});

describe('nonce', () => {
  it('is 128 random bits in base64, fresh every time', () => {
    const nonces = Array.from({ length: 200 }, createNonce);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});

describe('fixed headers', () => {
  it('forbid framing and sniffing, trim the referrer, and allow only geolocation', () => {
    const headers = Object.fromEntries(STATIC_SECURITY_HEADERS.map((h) => [h.key, h.value]));
    expect(headers).toMatchObject({
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': PERMISSIONS_POLICY,
    });
    const features = PERMISSIONS_POLICY.split(', ');
    expect(features).toContain('geolocation=(self)');
    for (const off of ['camera', 'microphone', 'payment', 'usb']) expect(features).toContain(`${off}=()`);
    expect(features.filter((f) => !f.endsWith('=()'))).toEqual(['geolocation=(self)']);
  });

  it('send HSTS for a year only from a production https site', () => {
    expect(strictTransportSecurity({ production: true, siteUrl: 'https://baraka.example' })).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(strictTransportSecurity({ production: true, siteUrl: 'http://localhost:3000' })).toBeNull();
    expect(strictTransportSecurity({ production: false, siteUrl: 'https://baraka.example' })).toBeNull();
  });
});

describe('header rules', () => {
  it('give build assets only nosniff and everything else the fixed headers', () => {
    const [assets, rest] = HEADER_RULES;
    expect(assets).toEqual({
      source: '/_next/static/:path*',
      headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }],
    });
    expect(rest?.headers).toEqual([...STATIC_SECURITY_HEADERS]);
    // The negative lookahead matches pages and files, never the build's own.
    const pattern = new RegExp(`^${rest?.source.slice(1)}$`.replace('^(', '^/('));
    for (const path of ['/', '/en/about', '/sitemap.xml', '/icon.svg', '/_next/image']) {
      expect(pattern.test(path), path).toBe(true);
    }
    expect(pattern.test('/_next/static/chunks/a.js')).toBe(false);
  });
});
