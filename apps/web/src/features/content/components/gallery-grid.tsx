'use client';

import type { TNewsEvent } from '@app/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { type KeyboardEvent, useState } from 'react';
import { ApiImage } from '@/components/ui/api-image';
import { Dialog } from '@/components/ui/dialog';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { pick } from '@/lib/localized';

export type TGalleryItem = Pick<TNewsEvent, 'id' | 'title' | 'preview' | 'image'>;

/**
 * Photo grid with a lightbox: each tile is a button, the dialog traps focus, arrow keys and the
 * Previous/Next buttons move through the photos, Escape closes and focus returns to the tile.
 */
export function GalleryGrid({ items }: { items: TGalleryItem[] }) {
  const t = useTranslations('common');
  const locale = useLocale();
  const [index, setIndex] = useState<number | null>(null);
  const current = index === null ? null : items[index];
  const step = (delta: number) =>
    setIndex((i) => (i === null ? i : (i + delta + items.length) % items.length));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') step(1);
    if (event.key === 'ArrowLeft') step(-1);
  };

  return (
    <>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4">
        {items.map((item, i) => (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => setIndex(i)}
              aria-label={t('gallery.open', { title: pick(item.title, locale) })}
              className="block w-full overflow-hidden rounded-card bg-brand-50 ring-1 ring-line transition hover:ring-brand-400"
            >
              <ApiImage
                image={item.image}
                alt=""
                sizes="(min-width: 1248px) 300px, (min-width: 992px) 33vw, 50vw"
                priority={i < 4}
                className="aspect-video w-full object-cover transition group-hover:scale-105"
              />
            </button>
          </li>
        ))}
      </ul>
      <Dialog
        open={current != null}
        onOpenChange={(open) => !open && setIndex(null)}
        title={current ? pick(current.title, locale) : ''}
        description={current ? pick(current.preview, locale) : undefined}
        className="md:w-[min(94vw,64rem)]"
        fullScreenOnMobile
      >
        {current && index !== null ? (
          // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys add to the buttons, which remain the accessible way.
          <div onKeyDown={onKeyDown} className="flex flex-col gap-4">
            <ApiImage
              image={current.image}
              sizes="(min-width: 992px) 1000px, 100vw"
              priority
              className="max-h-[70vh] w-full rounded-xl bg-brand-50 object-contain"
            />
            <div className="flex items-center justify-between gap-3">
              <button
                type="button"
                onClick={() => step(-1)}
                className="inline-flex h-11 items-center gap-1 rounded-full px-4 font-semibold ring-1 ring-line hover:bg-brand-50"
              >
                <ChevronLeftIcon className="h-5 w-5" />
                {t('actions.previous')}
              </button>
              <p className="text-muted" aria-live="polite">
                {t('gallery.counter', { current: index + 1, total: items.length })}
              </p>
              <button
                type="button"
                onClick={() => step(1)}
                className="inline-flex h-11 items-center gap-1 rounded-full px-4 font-semibold ring-1 ring-line hover:bg-brand-50"
              >
                {t('actions.next')}
                <ChevronRightIcon className="h-5 w-5" />
              </button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </>
  );
}
