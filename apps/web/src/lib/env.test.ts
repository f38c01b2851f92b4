import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
const { parseWebEnv } = await import('./env');

describe('web env', () => {
  it('has the brief defaults', () => {
    expect(parseWebEnv({})).toEqual({
      API_URL: 'http://localhost:4000',
      PUBLIC_API_URL: 'http://localhost:4000',
      SHIPPER_ID: '5f1c2a9e-6b7d-4c3e-8a1f-0d2b3c4e5f60',
      PLATFORM_ID: '9c8b7a6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d',
      SITE_URL: 'http://localhost:3000',
      MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION:
        '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
      CACHE_STREAM_URL: 'http://localhost:4000/v1/catalogue-changes',
      CACHE_FALLBACK_TTL_SECONDS: 5,
      HTML_CACHE_MAX_ENTRIES: 500,
      HTML_CACHE_MAX_MB: 64,
      RENDER_MAX_CONCURRENT: 4,
      RENDER_QUEUE_MAX: 200,
      RENDER_QUEUE_WAIT_MS: 10_000,
    });
  });

  it('bounds the render gate: 1 to 1,000 renders at once, 0 to 100,000 waiting, 0 to 120 s each', () => {
    const gate = parseWebEnv({
      RENDER_MAX_CONCURRENT: '16',
      RENDER_QUEUE_MAX: '0',
      RENDER_QUEUE_WAIT_MS: '0',
    });
    expect([gate.RENDER_MAX_CONCURRENT, gate.RENDER_QUEUE_MAX, gate.RENDER_QUEUE_WAIT_MS]).toEqual([
      16, 0, 0,
    ]);
    for (const bad of ['0', '-1', '1001', '2.5', 'many'])
      expect(() => parseWebEnv({ RENDER_MAX_CONCURRENT: bad })).toThrowError(/RENDER_MAX_CONCURRENT/);
    for (const bad of ['-1', '100001', '1.5', 'all'])
      expect(() => parseWebEnv({ RENDER_QUEUE_MAX: bad })).toThrowError(/RENDER_QUEUE_MAX/);
    for (const bad of ['-1', '120001', '0.5', 'long'])
      expect(() => parseWebEnv({ RENDER_QUEUE_WAIT_MS: bad })).toThrowError(/RENDER_QUEUE_WAIT_MS/);
  });

  it('bounds the HTML cache: entries 0 (off) to 100,000, 1 to 4,096 MiB', () => {
    expect(parseWebEnv({ HTML_CACHE_MAX_ENTRIES: '0' }).HTML_CACHE_MAX_ENTRIES).toBe(0);
    expect(parseWebEnv({ HTML_CACHE_MAX_MB: '16' }).HTML_CACHE_MAX_MB).toBe(16);
    for (const bad of ['-1', '100001', '2.5', 'many'])
      expect(() => parseWebEnv({ HTML_CACHE_MAX_ENTRIES: bad })).toThrowError(/HTML_CACHE_MAX_ENTRIES/);
    for (const bad of ['0', '4097', 'big'])
      expect(() => parseWebEnv({ HTML_CACHE_MAX_MB: bad })).toThrowError(/HTML_CACHE_MAX_MB/);
  });

  it("takes the cache's change stream from API_URL unless set, 'none' to go without, and a bounded TTL", () => {
    expect(parseWebEnv({ API_URL: 'http://api:4100/' }).CACHE_STREAM_URL).toBe(
      'http://api:4100/v1/catalogue-changes',
    );
    expect(parseWebEnv({ CACHE_STREAM_URL: 'http://bus:9000/changes' }).CACHE_STREAM_URL).toBe(
      'http://bus:9000/changes',
    );
    expect(parseWebEnv({ CACHE_STREAM_URL: 'none' }).CACHE_STREAM_URL).toBe('none');
    expect(() => parseWebEnv({ CACHE_STREAM_URL: 'ftp://bus/changes' })).toThrowError(/CACHE_STREAM_URL/);
    expect(parseWebEnv({ CACHE_FALLBACK_TTL_SECONDS: '0' }).CACHE_FALLBACK_TTL_SECONDS).toBe(0);
    expect(parseWebEnv({ CACHE_FALLBACK_TTL_SECONDS: '30' }).CACHE_FALLBACK_TTL_SECONDS).toBe(30);
    for (const bad of ['-1', '301', '1.5', 'soon']) {
      expect(() => parseWebEnv({ CACHE_FALLBACK_TTL_SECONDS: bad })).toThrowError(
        /CACHE_FALLBACK_TTL_SECONDS/,
      );
    }
  });

  it("takes a tile URL template with {z} {x} {y}, or 'none' for maps without tiles", () => {
    expect(parseWebEnv({ MAP_TILE_URL: 'http://tiles.invalid/{z}/{x}/{y}.png' }).MAP_TILE_URL).toBe(
      'http://tiles.invalid/{z}/{x}/{y}.png',
    );
    expect(parseWebEnv({ MAP_TILE_URL: 'none' }).MAP_TILE_URL).toBe('none');
    expect(() => parseWebEnv({ MAP_TILE_URL: 'https://tiles.example/tile.png' })).toThrowError(
      /MAP_TILE_URL/,
    );
    expect(() => parseWebEnv({ MAP_TILE_URL: 'ftp://tiles/{z}/{x}/{y}.png' })).toThrowError(/MAP_TILE_URL/);
  });

  it('takes {s} in the tile host (the policy lists its subdomains) but no other placeholder there', () => {
    const subdomains = 'https://{s}.tile.example.org/{z}/{x}/{y}{r}.png?key={key}';
    expect(parseWebEnv({ MAP_TILE_URL: subdomains }).MAP_TILE_URL).toBe(subdomains);
    expect(() => parseWebEnv({ MAP_TILE_URL: 'https://{z}.tiles.example/{x}/{y}/{z}.png' })).toThrowError(
      /MAP_TILE_URL: may hold no placeholder but \{s\} in its host/,
    );
  });

  it('trims trailing slashes and treats empty strings as unset', () => {
    const env = parseWebEnv({ API_URL: 'http://api:4000/', SITE_URL: '' });
    expect(env.API_URL).toBe('http://api:4000');
    expect(env.SITE_URL).toBe('http://localhost:3000');
  });

  it('names every bad variable at once', () => {
    expect(() => parseWebEnv({ API_URL: 'not a url', SHIPPER_ID: '42', SITE_URL: 'x' })).toThrowError(
      /API_URL[\s\S]*SHIPPER_ID[\s\S]*SITE_URL/,
    );
  });
});
