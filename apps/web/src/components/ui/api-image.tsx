'use client';

import type { TImage } from '@app/contracts';
import { useLocale } from 'next-intl';
import { useConfig } from '@/lib/config-provider';
import { pick } from '@/lib/localized';

/** The API serves image paths; the browser loads them from the public API origin. */
export function imageUrl(apiUrl: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${apiUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}

export function imageSrcSet(apiUrl: string, image: TImage): string {
  return [...image.sources]
    .sort((a, b) => a.width - b.width)
    .map((source) => `${imageUrl(apiUrl, source.url)} ${source.width}w`)
    .join(', ');
}

export type TApiImageProps = {
  image: TImage;
  /** The rendered width per breakpoint, e.g. '(min-width: 992px) 320px, 50vw'. */
  sizes: string;
  /** Defaults to the image's own alt text in the current locale; pass '' for a decorative image. */
  alt?: string;
  /** Above-the-fold images load eagerly with high priority. */
  priority?: boolean;
  className?: string;
};

/** A picture from the API: responsive srcset, intrinsic size (no layout shift), lazy by default. */
export function ApiImage({ image, sizes, alt, priority, className }: TApiImageProps) {
  const { apiUrl } = useConfig();
  const locale = useLocale();
  return (
    // biome-ignore lint/performance/noImgElement: the API already serves resized WebP files with a srcset.
    <img
      src={imageUrl(apiUrl, image.url)}
      srcSet={imageSrcSet(apiUrl, image)}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt ?? pick(image.alt, locale)}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}
