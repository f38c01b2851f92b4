import type { TImage } from '@app/contracts';

/** The API serves image paths; the browser loads them from the public API origin. */
export function imageUrl(apiUrl: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${apiUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}

export function imageSrcSet(apiUrl: string, image: Pick<TImage, 'sources'>): string {
  return [...image.sources]
    .sort((a, b) => a.width - b.width)
    .map((source) => `${imageUrl(apiUrl, source.url)} ${source.width}w`)
    .join(', ');
}
