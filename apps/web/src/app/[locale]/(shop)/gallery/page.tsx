import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { EmptyState, GalleryGrid, PageFrame } from '@/features/content';
import { getNewsEvents, MAX_PAGE_SIZE } from '@/features/content/server';
import { resolvePageLocale, type TLocaleParams } from '@/i18n/page-locale';
import { PageMessages } from '@/i18n/page-messages';
import { paths } from '@/lib/paths';
import { pageMetadata } from '@/lib/seo';

export async function generateMetadata({ params }: { params: TLocaleParams }): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'common.gallery' });
  return pageMetadata({ locale, path: paths.gallery(), title: t('title'), description: t('description') });
}

export default async function GalleryPage({ params }: { params: TLocaleParams }) {
  await resolvePageLocale(params);
  const [{ items }, t] = await Promise.all([
    getNewsEvents('gallery', 1, MAX_PAGE_SIZE),
    getTranslations('common'),
  ]);
  return (
    <PageFrame title={t('gallery.title')} lead={t('gallery.description')} wide>
      {items.length === 0 ? (
        <EmptyState>{t('content.empty')}</EmptyState>
      ) : (
        <PageMessages namespaces={[]} commonSections={['gallery']}>
          <GalleryGrid
            items={items.map(({ id, title, preview, image }) => ({ id, title, preview, image }))}
          />
        </PageMessages>
      )}
    </PageFrame>
  );
}
