import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZImage } from '@app/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureImages, imageFilesIn, imageFilesOf, imageFor } from './images.ts';

const alt = { ru: 'Плов', uz: 'Palov', en: 'Plov' };
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'images-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('imageFor', () => {
  it('describes a square image at 160, 320 and 640 with content-describing file names', () => {
    const image = imageFor('products', 'Plov Tashkent', { icon: 'pot-of-food', background: '#F5E6D3' }, alt);
    expect(ZImage.parse(image)).toEqual({
      alt,
      width: 160,
      height: 160,
      url: '/images/r1/products/plov-tashkent--pot-of-food--f5e6d3-160.webp',
      sources: [160, 320, 640].map((width) => ({
        width,
        url: `/images/r1/products/plov-tashkent--pot-of-food--f5e6d3-${width}.webp`,
      })),
    });
  });

  it('describes a wide (16:9) image at 640 and 1280', () => {
    const image = imageFor('news', 'opening', { icon: 'party-popper', background: '#dceefb' }, alt);
    expect([image.width, image.height]).toEqual([640, 360]);
    expect(image.sources.map((s) => s.width)).toEqual([640, 1280]);
  });

  it('is pure: the same input gives the same urls, another colour another url', () => {
    const a = imageFor('products', 'x', { icon: 'pizza', background: '#ffffff' }, alt);
    expect(imageFor('products', 'x', { icon: 'pizza', background: '#ffffff' }, alt)).toEqual(a);
    expect(imageFor('products', 'x', { icon: 'pizza', background: '#fffffe' }, alt).url).not.toBe(a.url);
  });

  it('refuses an icon the set does not have and a malformed colour', () => {
    expect(() => imageFor('products', 'x', { icon: 'no-such-emoji', background: '#ffffff' }, alt)).toThrow(
      /no-such-emoji/,
    );
    expect(() => imageFor('products', 'x', { icon: 'pizza', background: 'red' }, alt)).toThrow(/background/);
  });
});

describe('imageFilesIn', () => {
  it('finds every file of the images named in a text (a row, a response)', () => {
    const a = imageFor('products', 'a', { icon: 'pizza', background: '#ffffff' }, alt);
    const b = imageFor('branches', 'b', { icon: 'house', background: '#e2f3e6' }, alt);
    const files = imageFilesIn(JSON.stringify({ rows: [a, { nested: b }], other: '/images/elsewhere.webp' }));
    expect(files.map((f) => `${f.kind} ${f.icon} ${f.width}x${f.height}`)).toEqual([
      'products pizza 160x160',
      'products pizza 320x320',
      'products pizza 640x640',
      'branches house 640x360',
      'branches house 1280x720',
    ]);
  });
});

describe('ensureImages', () => {
  it('writes the missing WebP files at their sizes, then skips them', async () => {
    const image = imageFor('stocks', 'sale', { icon: 'birthday-cake', background: '#fde2e4' }, alt);
    const first = await ensureImages(join(dir, 'images'), imageFilesOf([image, image]));
    expect(first).toEqual({ total: 2, written: 2 });
    const meta = await sharp(
      join(dir, 'images', 'r1', 'stocks', 'sale--birthday-cake--fde2e4-1280.webp'),
    ).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1280, 720]);
    expect(await ensureImages(join(dir, 'images'), imageFilesOf([image]))).toEqual({ total: 2, written: 0 });
    expect((await readdir(join(dir, 'images', 'r1', 'stocks'))).every((f) => f.endsWith('.webp'))).toBe(true);
  });
});
