import type { TImage } from '@app/contracts';
import type { ReactNode } from 'react';
import { ApiImage } from '@/components/ui/api-image.server';
import { Link } from '@/i18n/navigation';

/** A card of a content list: picture, title (the link), meta line and a short text. */
export function ContentCard({
  href,
  image,
  title,
  meta,
  text,
  body,
  footer,
  priority,
}: {
  href?: string;
  image: TImage;
  title: string;
  meta?: ReactNode;
  /** A short teaser, cut at three lines. */
  text?: string;
  /** The full text, when the card is all there is (stocks have no page of their own). */
  body?: ReactNode;
  footer?: ReactNode;
  priority?: boolean;
}) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-card bg-white shadow-card ring-1 ring-line">
      <ApiImage
        image={image}
        alt=""
        sizes="(min-width: 1248px) 400px, (min-width: 576px) 50vw, 100vw"
        priority={priority}
        className="aspect-video w-full bg-brand-50 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-5">
        {meta ? <p className="text-sm text-muted">{meta}</p> : null}
        <h2 className="text-xl font-bold">
          {href ? (
            // The whole card is clickable through the title link's stretched hit area.
            <Link href={href} className="after:absolute after:inset-0 hover:text-brand-700">
              {title}
            </Link>
          ) : (
            title
          )}
        </h2>
        {text ? <p className="line-clamp-3 text-muted">{text}</p> : null}
        {body ? <div className="text-muted">{body}</div> : null}
        {footer ? <div className="relative mt-auto pt-2">{footer}</div> : null}
      </div>
    </article>
  );
}
