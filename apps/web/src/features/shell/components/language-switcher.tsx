'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { cn } from '@/components/ui';
import { ChevronDownIcon, GlobeIcon } from '@/components/ui/icons';
import { Link, usePathname } from '@/i18n/navigation';
import { LOCALE_NAMES, SWITCHER_ORDER, type TAppLocale } from '@/i18n/routing';

/**
 * Switches the interface language on the same page with the same query (spec section 2). Items are
 * real links, so they work before hydration and crawlers see every language version.
 */
export function LanguageSwitcher({ compact, className }: { compact?: boolean; className?: string }) {
  const t = useTranslations('common.header');
  const locale = useLocale() as TAppLocale;
  const pathname = usePathname();
  const search = useSearchParams();
  const query = Object.fromEntries(search.entries());
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`${t('language')}: ${LOCALE_NAMES[locale]}`}
        className={cn(
          'inline-flex h-11 items-center gap-1 rounded-full px-2 font-semibold hover:bg-brand-100/60 sm:gap-1.5 sm:px-3',
          className,
        )}
      >
        <GlobeIcon className={cn('h-5 w-5', compact && 'hidden sm:block')} />
        {compact ? (
          <>
            <span className="md:hidden">{locale.toUpperCase()}</span>
            <span className="hidden md:inline">{LOCALE_NAMES[locale]}</span>
          </>
        ) : (
          <span>{LOCALE_NAMES[locale]}</span>
        )}
        <ChevronDownIcon className="h-4 w-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-[60] min-w-40 rounded-xl bg-white p-1 shadow-card ring-1 ring-line"
        >
          {SWITCHER_ORDER.map((code) => (
            <DropdownMenu.Item key={code} asChild>
              <Link
                href={{ pathname, query }}
                locale={code}
                lang={code}
                hrefLang={code}
                aria-current={code === locale ? 'true' : undefined}
                className={cn(
                  'flex cursor-pointer items-center rounded-lg px-3 py-2 outline-none data-[highlighted]:bg-brand-100',
                  code === locale && 'font-bold text-brand-700',
                )}
              >
                {LOCALE_NAMES[code]}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
