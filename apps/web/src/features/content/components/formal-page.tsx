import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { RichText } from '@/components/ui/rich-text';
import { PageMessages } from '@/i18n/page-messages';
import { PAGE_NAMESPACES } from '@/i18n/routing';
import { pick } from '@/lib/localized';
import { getPage } from '../api/content.server';
import { DATE_FORMAT } from '../lib/dates';
import { FORMAL_PAGES, type TFormalSlug } from '../lib/formal-pages';
import { PageFrame } from './page-frame';

/** A legal or service text from `/v1/pages/{slug}` (offer, rules, return policy, ...). */
export async function FormalPage({ slug, locale }: { slug: TFormalSlug; locale: string }) {
  const [page, t, format] = await Promise.all([getPage(slug), getTranslations('formal'), getFormatter()]);
  if (!page) notFound();
  return (
    <PageMessages namespaces={PAGE_NAMESPACES[FORMAL_PAGES[slug]]}>
      <PageFrame
        title={pick(page.title, locale)}
        lead={t('updatedAt', { date: format.dateTime(new Date(page.updated_at), DATE_FORMAT) })}
      >
        <RichText source={pick(page.body, locale)} className="text-lg" />
      </PageFrame>
    </PageMessages>
  );
}
