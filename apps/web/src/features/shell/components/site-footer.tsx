import type { TShipper } from '@app/contracts';
import { tashkentYear } from '@app/domain';
import { getTranslations } from 'next-intl/server';
import { IntentLink } from '@/components/intent-link';
import { formatPhone, phoneHref } from '@/lib/phone';
import { FOOTER_LINKS } from '../lib/side-menu';

/** The white-label platform the storefront runs on, credited in the footer (spec section 2). */
const PLATFORM_VENDOR = 'Oshxona Cloud';

const SOCIAL_LABELS: Record<TShipper['socials'][number]['type'], string> = {
  telegram: 'Telegram',
  instagram: 'Instagram',
  facebook: 'Facebook',
  youtube: 'YouTube',
  tiktok: 'TikTok',
};

export async function SiteFooter({ shipper }: { shipper: TShipper | null }) {
  const t = await getTranslations('common');
  const year = tashkentYear(new Date());
  return (
    <footer className="mt-16 border-t border-line bg-ink text-cream">
      <div className="mx-auto grid max-w-[1440px] gap-8 px-4 py-10 sm:grid-cols-2 md:grid-cols-4 md:px-6">
        <nav aria-label={t('footer.information')} className="md:col-span-2">
          <h2 className="mb-3 text-sm font-bold tracking-wide text-brand-200 uppercase">
            {t('footer.information')}
          </h2>
          <ul className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
            {FOOTER_LINKS.map((link) => (
              <li key={link.key}>
                {/* Not next-intl's Link: rendered here it would bring it and next/link into every page's
                    first load (issue 11); IntentLink navigates the same way, prefetching on hover. */}
                <IntentLink href={link.href} className="text-cream/85 hover:text-white hover:underline">
                  {t(`nav.${link.key}` as 'nav.about')}
                </IntentLink>
              </li>
            ))}
          </ul>
        </nav>
        {shipper ? (
          <div className="space-y-4">
            <div>
              <h2 className="text-sm font-bold tracking-wide text-brand-200 uppercase">
                {t('footer.hotline')}
              </h2>
              <a href={phoneHref(shipper.phone)} className="text-2xl font-bold text-white hover:underline">
                {formatPhone(shipper.phone)}
              </a>
            </div>
            <div>
              <h2 className="text-sm font-bold tracking-wide text-brand-200 uppercase">
                {t('footer.workingHours')}
              </h2>
              <p>{t('footer.hours', { start: shipper.work_hour_start, end: shipper.work_hour_end })}</p>
            </div>
          </div>
        ) : null}
        {shipper ? (
          <div className="space-y-4">
            {shipper.app_links.app_store || shipper.app_links.play_market ? (
              <div>
                <h2 className="mb-2 text-sm font-bold tracking-wide text-brand-200 uppercase">
                  {t('footer.downloadApp')}
                </h2>
                <ul className="flex flex-wrap gap-2">
                  {shipper.app_links.app_store ? (
                    <li>
                      <a
                        href={shipper.app_links.app_store}
                        target="_blank"
                        rel="noopener"
                        className="inline-block rounded-xl bg-white/10 px-3 py-2 text-sm font-semibold hover:bg-white/20"
                      >
                        {t('footer.appStore')}
                      </a>
                    </li>
                  ) : null}
                  {shipper.app_links.play_market ? (
                    <li>
                      <a
                        href={shipper.app_links.play_market}
                        target="_blank"
                        rel="noopener"
                        className="inline-block rounded-xl bg-white/10 px-3 py-2 text-sm font-semibold hover:bg-white/20"
                      >
                        {t('footer.playMarket')}
                      </a>
                    </li>
                  ) : null}
                </ul>
              </div>
            ) : null}
            {shipper.socials.length > 0 ? (
              <div>
                <h2 className="mb-2 text-sm font-bold tracking-wide text-brand-200 uppercase">
                  {t('footer.socials')}
                </h2>
                <ul className="flex flex-wrap gap-3">
                  {shipper.socials.map((social) => (
                    <li key={social.type}>
                      <a
                        href={social.url}
                        target="_blank"
                        rel="noopener me"
                        className="hover:text-white hover:underline"
                      >
                        {SOCIAL_LABELS[social.type]}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-[1440px] flex-col gap-2 px-4 py-4 text-sm text-cream/70 sm:flex-row sm:justify-between md:px-6">
          <p>{t('footer.copyright', { year })}</p>
          <p>{t('footer.credit', { vendor: PLATFORM_VENDOR })}</p>
        </div>
      </div>
    </footer>
  );
}
