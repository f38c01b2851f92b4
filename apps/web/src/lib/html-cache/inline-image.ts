/**
 * The page's LCP picture with the document (issue 11). The menu's first card picture is the largest
 * element of the first screen; as a separate request it paints one round trip after the document at
 * best (on a mobile network ~0.6 s, the gap to a page whose largest element is text). For the pages
 * the HTML cache keeps, the stored render carries that picture's file in the `<img>` itself, as a
 * `data:` URL (the policy's img-src allows `data:`), and drops its `<link rel="preload">`, which would
 * fetch it a second time. Only the one picture marked `fetchpriority="high"` (the menu's first card,
 * a product's main picture), only files up to INLINE_IMAGE_MAX_BYTES. React does not rewrite an
 * attribute when hydrating, so the element keeps its inlined source. Pure functions: the proxy fetches
 * the file (serve.ts).
 */

/** The largest file inlined: a card's 640 px WebP is 3-10 KB; base64 adds a third. */
export const INLINE_IMAGE_MAX_BYTES = 16 * 1024;

const HIGH_PRIORITY_IMG = /<img\s[^>]*fetchPriority="high"[^>]*\/>/;

const attribute = (tag: string, name: string): string | null =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;

/**
 * The file to inline for the page's high-priority picture: the widest of its srcset (sharp on every
 * screen the card is shown on), else its src; only same-origin paths. Null when the page has none.
 */
export function lcpImagePath(html: string): string | null {
  const body = html.slice(html.indexOf('<body'));
  const tag = HIGH_PRIORITY_IMG.exec(body)?.[0];
  if (!tag) return null;
  const candidates = (attribute(tag, 'srcSet') ?? '')
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/))
    .map(([url = '', width = '']) => ({ url, width: Number.parseInt(width, 10) || 0 }))
    .filter((candidate) => candidate.url !== '')
    .sort((a, b) => b.width - a.width);
  const path = candidates[0]?.url ?? attribute(tag, 'src');
  return path && /^\/[^/]/.test(path) ? path : null;
}

/** A `data:` URL of an image file, or null when it is not an image or too large to inline. */
export function imageDataUrl(contentType: string | null, bytes: Uint8Array): string | null {
  const type = contentType?.split(';')[0]?.trim() ?? '';
  if (!/^image\/(webp|png|jpeg|avif|gif)$/.test(type) || bytes.length > INLINE_IMAGE_MAX_BYTES) return null;
  return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
}

/**
 * The page with its high-priority picture's source replaced by `dataUrl` (no srcset or sizes left to
 * pick another file; decoded with the first paint) and its image preloads removed. Null when the
 * page has no such picture.
 */
export function withInlineImage(html: string, dataUrl: string): string | null {
  const bodyStart = html.indexOf('<body');
  if (bodyStart < 0) return null;
  const match = HIGH_PRIORITY_IMG.exec(html.slice(bodyStart));
  if (!match) return null;
  const tag = match[0];
  const inlined = tag
    .replace(/\s(srcSet|sizes|decoding)="[^"]*"/g, '')
    .replace(/\ssrc="[^"]*"/, ` src="${dataUrl}"`);
  const start = bodyStart + match.index;
  const head = html.slice(0, bodyStart).replace(/<link rel="preload" as="image"[^>]*\/>/g, '');
  return `${head}${html.slice(bodyStart, start)}${inlined}${html.slice(start + tag.length)}`;
}
