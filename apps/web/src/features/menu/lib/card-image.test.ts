import { describe, expect, it } from 'vitest';
import { CARD_IMAGE_SIZES, CARD_MIN_FILE_WIDTH, cardImageFiles, LAZY_CARD_IMAGE_SIZES } from './card-image';
import { toMenuImage } from './menu-view';

/** The width a card really has at a viewport width (the grid in menu-grid.tsx, the frame in menu-page.tsx). */
function cardWidth(viewport: number): number {
  const frame = Math.min(viewport, 1440);
  if (viewport >= 1248) return (frame - 48 - 3 * 16) / 4;
  if (viewport >= 992) return (frame - 48 - 2 * 16) / 3;
  if (viewport >= 576) return (frame - 32 - 2 * 12) / 3;
  return (frame - 32 - 12) / 2;
}

/** What a browser takes from the short `sizes` list (min-width conditions, vw lengths). */
function statedWidth(sizes: string, viewport: number): number {
  for (const entry of sizes.split(',')) {
    const match = /^(?:\(min-width:(\d+)px\) )?(\d+)vw$/.exec(entry.trim());
    if (!match) throw new Error(`unexpected sizes entry: ${entry}`);
    const [, min, vw] = match;
    if (min === undefined || viewport >= Number(min)) return (Number(vw) * viewport) / 100;
  }
  throw new Error('no default entry');
}

const FILES = [320, 640];
/** The file a browser picks: the narrowest at least as wide as the slot in device pixels. */
const pick = (slot: number, dpr: number) => FILES.find((w) => w >= slot * dpr) ?? 640;

describe('card image sizes', () => {
  it('states within 7 px the width a card has, from a 320 px phone to a 1440 px screen', () => {
    for (let viewport = 320; viewport <= 1440; viewport += 1) {
      expect(
        Math.abs(statedWidth(CARD_IMAGE_SIZES, viewport) - cardWidth(viewport)),
        `${viewport}px`,
      ).toBeLessThan(7);
    }
  });

  it('makes the browser pick the same file as the exact width would beyond 1440 px', () => {
    for (let viewport = 1441; viewport <= 2560; viewport += 7) {
      for (const dpr of [1, 1.5, 2, 3]) {
        expect(pick(statedWidth(CARD_IMAGE_SIZES, viewport), dpr), `${viewport}px @${dpr}x`).toBe(
          pick(cardWidth(viewport), dpr),
        );
      }
    }
  });

  it('lets lazy pictures use their laid-out width, with the list as the fallback', () => {
    expect(LAZY_CARD_IMAGE_SIZES).toBe(`auto,${CARD_IMAGE_SIZES}`);
  });

  it('would never pick the 160 px file it leaves out: phones are 1.5x and more, 1x screens wider', () => {
    const pickOfAll = (slot: number, dpr: number) => [160, 320, 640].find((w) => w >= slot * dpr) ?? 640;
    for (let viewport = 320; viewport <= 2560; viewport += 1) {
      for (const dpr of viewport >= 576 ? [1, 1.5, 2, 3] : [1.5, 2, 3]) {
        expect(pickOfAll(cardWidth(viewport), dpr), `${viewport}px @${dpr}x`).toBeGreaterThanOrEqual(
          CARD_MIN_FILE_WIDTH,
        );
      }
    }
  });
});

describe('cardImageFiles', () => {
  const image = {
    alt: { ru: 'a', uz: 'a', en: 'a' },
    width: 160,
    height: 160,
    url: '/images/p/osh-160.webp',
    sources: [160, 320, 640].map((width) => ({ width, url: `/images/p/osh-${width}.webp` })),
  };

  it('keeps the smallest file as the src and leaves it out of the srcset', () => {
    const files = cardImageFiles(toMenuImage(image));
    expect(files.url).toBe('/images/p/osh-160.webp');
    expect(files.sources.map((s) => s.width)).toEqual([320, 640]);
  });

  it('keeps a picture that has only small files', () => {
    const small = { ...image, sources: image.sources.slice(0, 1) };
    expect(cardImageFiles(toMenuImage(small)).sources.map((s) => s.width)).toEqual([160]);
  });
});
