import type { TImage } from '@app/contracts';
import { imageSrcSet, imageUrl } from './image-url';

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

/**
 * A picture from the API: responsive srcset, intrinsic size (no layout shift), lazy by default.
 * No hooks and no directive, so it renders as plain markup in server and client components alike;
 * `api-image.server.tsx` and `api-image.tsx` supply the API origin and the default alt text.
 */
export function ApiImg({
  image,
  sizes,
  alt,
  priority,
  className,
  apiUrl,
}: Omit<TApiImageProps, 'alt' | 'image'> & {
  /** The files only: the alt text is given. */
  image: Omit<TImage, 'alt'>;
  alt: string;
  apiUrl: string;
}) {
  return (
    // biome-ignore lint/performance/noImgElement: the API already serves resized WebP files with a srcset.
    <img
      src={imageUrl(apiUrl, image.url)}
      srcSet={imageSrcSet(apiUrl, image)}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}
