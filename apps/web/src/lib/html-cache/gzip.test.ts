import { randomBytes } from 'node:crypto';
import { deflateRawSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, deflateParts, gzipWithNonce } from './gzip';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const NONCE = 'Q2xhdWRlIHdhcyBoZXJlIQ==';
const OTHER = 'bm90IHRoZSBmaXJzdCBvbmU=';

/** The page `parts` cut, as a response with `nonce` gzips it, decoded again. */
function roundTrip(parts: string[], nonce: string): string {
  const encoded = parts.map(bytes);
  const deflated = deflateParts(encoded, nonce.length);
  return gunzipSync(gzipWithNonce(encoded, deflated, bytes(nonce))).toString('utf8');
}

/** A page like the menu's: repeated markup and Cyrillic text, cut where the nonce goes. */
function page(cards: number): string[] {
  const card = (i: number) =>
    `<li class="flex"><article class="mc"><h3 class="mc-name"><a href="/product/plov-${i}">Плов №${i}</a></h3>` +
    `<p class="mc-desc">Плов как в старой ташкентской чайхане, с казы, ${i * 7} г</p></article></li>`;
  return [
    '<!DOCTYPE html><html><head><script nonce="',
    '" src="/a.js"></script><style nonce="',
    `">.mc{display:flex}</style></head><body><ul>${Array.from({ length: cards }, (_, i) => card(i)).join('')}</ul><script nonce="`,
    `">self.__next_f.push([1,"0:{\\"nonce\\":\\"`,
    '\\"}"])</script></body></html>',
  ];
}

describe('a stored page gzipped once, each response with its own nonce', () => {
  it('decodes to the page with the nonce wherever the placeholder was', () => {
    for (const parts of [page(3), page(400)]) {
      expect(roundTrip(parts, NONCE)).toBe(parts.join(NONCE));
      expect(roundTrip(parts, OTHER)).toBe(parts.join(OTHER));
    }
  });

  it('reaches back across the cuts: as small as gzipping the whole page, not larger for each cut', () => {
    // Many cuts between similar markup, as in the head's scripts and the flight payload.
    const parts = Array.from(
      { length: 60 },
      (_, i) =>
        `"></script><li class="flex"><article class="mc"><h3 class="mc-name">Плов как в старой ташкентской ` +
        `чайхане, с казы</h3><a href="/product/plov-${i}" class="mc-btn mc-choose">Выбрать</a></article></li>` +
        `<script src="/_next/static/chunks/${i.toString(36)}-chunk.js" async="" nonce="`,
    );
    const encoded = parts.map(bytes);
    const body = gzipWithNonce(encoded, deflateParts(encoded, NONCE.length), bytes(NONCE));
    const whole = gzipSync(bytes(parts.join(NONCE))).length;
    // Per cut: the nonce as it is in a stored block (5 + 24 bytes), and the end of a deflate segment.
    expect(body.length).toBeLessThan(whole + parts.length * (5 + NONCE.length + 16));
    // Each part deflated alone (what a page with a NUL byte gets) is correct but several times larger.
    const alone = encoded.map((part) => deflateRawSync(part).length).reduce((a, b) => a + b, 0);
    expect(alone).toBeGreaterThan(body.length * 3);
  });

  it('keeps every odd shape of page correct: empty parts, one part, no text, parts beyond the window', () => {
    const big = 'б'.repeat(50_000);
    const shapes: string[][] = [
      [''],
      ['only one part'],
      ['', ''],
      ['', 'x', '', 'y', ''],
      [big, big, 'z'],
      [`${big}a`, '', `${big.slice(0, 1000)}a`],
    ];
    for (const parts of shapes) expect(roundTrip(parts, NONCE)).toBe(parts.join(NONCE));
  });

  it('stays correct on random bytes and random cuts (NUL bytes included: no dictionary then)', () => {
    for (let round = 0; round < 40; round++) {
      const count = 1 + (round % 7);
      const parts = Array.from({ length: count }, (_, i) => {
        const raw = randomBytes((round * 997 + i * 131) % 5000);
        // Half the rounds without NUL bytes, as HTML is, so the dictionaries are used.
        return round % 2 === 0 ? raw.map((b) => (b === 0 ? 1 : b)) : raw;
      });
      const nonce = randomBytes(16).toString('base64');
      const deflated = deflateParts(parts, nonce.length);
      const body = gunzipSync(gzipWithNonce(parts, deflated, bytes(nonce)));
      const expected = Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [part] : [bytes(nonce), part])));
      expect(body.equals(expected)).toBe(true);
    }
  });

  it('refuses parts that were not deflated together', () => {
    const encoded = page(2).map(bytes);
    expect(() => gzipWithNonce(encoded, deflateParts(encoded.slice(1), 24), bytes(NONCE))).toThrow();
  });
});

describe('acceptsGzip', () => {
  it('reads the Accept-Encoding header as RFC 9110 says', () => {
    for (const header of [
      'gzip',
      'gzip, deflate, br, zstd',
      'br;q=1.0, gzip;q=0.8',
      'x-gzip',
      '*',
      'GZIP',
      'br, *;q=0.1',
    ])
      expect(acceptsGzip(header), header).toBe(true);
    for (const header of [
      null,
      undefined,
      '',
      'identity',
      'br',
      'gzip;q=0',
      'br, gzip;q=0, *',
      '*;q=0',
      'gzip;q=x',
    ])
      expect(acceptsGzip(header), String(header)).toBe(false);
  });
});
