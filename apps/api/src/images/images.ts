/**
 * Pictures of the demo chain, drawn from the Fluent Emoji (flat) set by Microsoft (MIT licence,
 * npm @iconify-json/fluent-emoji-flat): the emoji on a soft tinted background, written as WebP
 * files at the widths the storefront shows.
 *
 * How every image gets made: the file name describes its content completely
 * (`/images/r1/products/plov--pot-of-food--f5e6d3-320.webp` = renderer version, kind, key, icon,
 * background, width). `imageFor` is pure and only builds that descriptor; the seed (and the content
 * loader) store it in the database. At start, `imagesInDb` finds every image path the image columns
 * mention (`IMAGE_COLUMNS`: catalogue and content, a test keeps the list complete) and `ensureImages`
 * renders the missing files. So a deleted images folder heals on the next start, and as a name never
 * changes meaning the files can be cached forever.
 */
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { TImage, TLocalizedText } from '@app/contracts';
import { getIconData, iconToSVG, replaceIDs } from '@iconify/utils';
import { icons } from '@iconify-json/fluent-emoji-flat';
import sharp from 'sharp';
import type { SeedImage } from '../db/seed/types.ts';

/** Bump when the drawing changes: every URL changes with it, so cached old files are never reused. */
export const RENDER_VERSION = 'r1';

export const SQUARE_KINDS = ['products', 'logos'] as const;
export const WIDE_KINDS = ['news', 'gallery', 'stocks', 'recipes', 'branches'] as const;
export type ImageKind = (typeof SQUARE_KINDS)[number] | (typeof WIDE_KINDS)[number];

const SQUARE_WIDTHS = [160, 320, 640] as const;
const WIDE_WIDTHS = [640, 1280] as const;

export type ImageFile = {
  kind: ImageKind;
  key: string;
  icon: string;
  /** 'rrggbb', lower case, no '#'. */
  background: string;
  width: number;
  height: number;
  /** URL path on the API origin, also the file's path below the images folder (without '/images/'). */
  url: string;
};

const isSquare = (kind: ImageKind) => (SQUARE_KINDS as readonly string[]).includes(kind);
const heightFor = (kind: ImageKind, width: number) => (isSquare(kind) ? width : Math.round((width * 9) / 16));
const widthsFor = (kind: ImageKind): readonly number[] => (isSquare(kind) ? SQUARE_WIDTHS : WIDE_WIDTHS);

/** Keys become part of a file name: lower-case letters, digits and single dashes only. */
function fileKey(key: string): string {
  const cleaned = key
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!cleaned) throw new Error(`Image key ${JSON.stringify(key)} has no usable characters`);
  return cleaned;
}

function normalizeBackground(background: string): string {
  const match = /^#?([0-9a-f]{6})$/i.exec(background.trim());
  if (!match?.[1]) throw new Error(`Image background ${JSON.stringify(background)} must be '#rrggbb'`);
  return match[1].toLowerCase();
}

function fileUrl(kind: ImageKind, key: string, icon: string, background: string, width: number): string {
  return `/images/${RENDER_VERSION}/${kind}/${key}--${icon}--${background}-${width}.webp`;
}

const FILE_URL = new RegExp(
  `/images/(${RENDER_VERSION})/([a-z]+)/([a-z0-9]+(?:-[a-z0-9]+)*)--([a-z0-9]+(?:-[a-z0-9]+)*)--([0-9a-f]{6})-(\\d+)\\.webp`,
  'g',
);

/** Every image file named in a text (a jsonb value, a column, a whole response). */
export function imageFilesIn(text: string): ImageFile[] {
  const files = new Map<string, ImageFile>();
  for (const m of text.matchAll(FILE_URL)) {
    const [url, , kind, key, icon, background, widthText] = m;
    const width = Number(widthText);
    const allKinds: readonly string[] = [...SQUARE_KINDS, ...WIDE_KINDS];
    if (!kind || !allKinds.includes(kind) || !key || !icon || !background) continue;
    const imageKind = kind as ImageKind;
    if (!widthsFor(imageKind).includes(width) || !getIconData(icons, icon)) continue;
    files.set(url, {
      kind: imageKind,
      key,
      icon,
      background,
      width,
      height: heightFor(imageKind, width),
      url,
    });
  }
  return [...files.values()];
}

/**
 * The descriptor of one picture (pure: no files are touched). Throws on an icon the set does not
 * have, so a typo in the demo data fails the seed instead of serving a broken image.
 */
export function imageFor(kind: ImageKind, key: string, seedImage: SeedImage, alt: TLocalizedText): TImage {
  if (!getIconData(icons, seedImage.icon)) {
    throw new Error(`Unknown Fluent Emoji icon ${JSON.stringify(seedImage.icon)} (image ${kind}/${key})`);
  }
  const name = fileKey(key);
  const background = normalizeBackground(seedImage.background);
  const sources = widthsFor(kind).map((width) => ({
    width,
    url: fileUrl(kind, name, seedImage.icon, background, width),
  }));
  const smallest = sources[0];
  if (!smallest) throw new Error(`No widths for image kind ${kind}`);
  return { alt, width: smallest.width, height: heightFor(kind, smallest.width), url: smallest.url, sources };
}

/** Every file of every image, for `ensureImages`. */
export function imageFilesOf(images: readonly TImage[]): ImageFile[] {
  return imageFilesIn(JSON.stringify(images));
}

function mix(hex: string, toward: number, amount: number): string {
  const channels = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `#${channels
    .map((c) =>
      Math.round(c + (toward - c) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The SVG of one file: a radial wash of the background, a soft plate shadow and the emoji. */
export function renderSvg(file: Pick<ImageFile, 'icon' | 'background' | 'width' | 'height'>): string {
  const data = getIconData(icons, file.icon);
  if (!data) throw new Error(`Unknown Fluent Emoji icon ${JSON.stringify(file.icon)}`);
  const icon = iconToSVG(data, { height: 'auto' });
  const { width: w, height: h } = file;
  const size = Math.round(Math.min(w, h) * (w === h ? 0.62 : 0.6));
  const x = Math.round((w - size) / 2);
  const y = Math.round((h - size) / 2 - h * 0.03);
  const light = mix(file.background, 255, 0.55);
  const deep = mix(file.background, 0, 0.08);
  const shadow = mix(file.background, 0, 0.35);
  // Fresh ids: the emoji's own gradients must not collide with the background's.
  const body = replaceIDs(icon.body);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs>
<radialGradient id="bgwash" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${deep}"/></radialGradient>
<radialGradient id="bgshadow" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="${shadow}" stop-opacity="0.35"/><stop offset="1" stop-color="${shadow}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${w}" height="${h}" fill="url(#bgwash)"/>
<ellipse cx="${w / 2}" cy="${y + size * 0.97}" rx="${size * 0.46}" ry="${size * 0.1}" fill="url(#bgshadow)"/>
<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="${icon.attributes.viewBox}">${body}</svg>
</svg>`;
}

export async function renderWebp(file: ImageFile): Promise<Buffer> {
  return sharp(Buffer.from(renderSvg(file)))
    .webp({ quality: 82, effort: 4 })
    .toBuffer();
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

export type EnsureImagesResult = { total: number; written: number };

/**
 * Writes the files that are missing under `dir` (the folder served at /images/). Cheap when they
 * all exist (one stat each). A file is written under a temporary name and renamed, so a crash
 * never leaves a half-written file that would then be served forever.
 */
export async function ensureImages(
  dir: string,
  files: readonly ImageFile[],
  options: { concurrency?: number } = {},
): Promise<EnsureImagesResult> {
  const unique = [...new Map(files.map((f) => [f.url, f])).values()];
  let written = 0;
  let next = 0;
  const worker = async () => {
    while (next < unique.length) {
      const file = unique[next++];
      if (!file) break;
      const target = join(dir, file.url.replace(/^\/images\//, ''));
      if (await exists(target)) continue;
      await mkdir(dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.tmp`;
      await writeFile(temporary, await renderWebp(file));
      await rename(temporary, target);
      written++;
    }
  };
  // sharp has its own thread pool; two files at a time keep a small shared machine responsive.
  const concurrency = Math.max(1, options.concurrency ?? 2);
  await Promise.all(Array.from({ length: Math.min(concurrency, unique.length) }, worker));
  return { total: unique.length, written };
}
