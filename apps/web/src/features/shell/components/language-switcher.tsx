'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { ChevronDownIcon, GlobeIcon } from '@/components/ui/icons';
import { localeHref, stripLocalePrefix } from '@/i18n/locale-href';
import { LOCALE_NAMES, SWITCHER_ORDER, type TAppLocale } from '@/i18n/routing';

const menuItems = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
];

/**
 * Switches the interface language on the same page with the same query (spec section 2). A menu
 * button (WAI-ARIA APG pattern): arrows, Home and End move between the languages, Escape closes and
 * returns focus to the button, Tab or a click outside closes. Items are real links, so crawlers see
 * every language version. Three links need no popper library: it stays out of the header's script.
 *
 * The links load the page anew rather than navigating inside the app: a client-side navigation to
 * `/en/product/...` is caught by the product dialog's intercepting route (`@modal/(.)product`),
 * which would open the dialog over the old language's page instead of showing the page in the new
 * one. A new language changes every text of the page anyway.
 */
export function LanguageSwitcher({
  compact,
  align = 'end',
  className,
}: {
  compact?: boolean;
  /** Which edge of the button the menu lines up with. */
  align?: 'start' | 'end';
  className?: string;
}) {
  const t = useTranslations('common.header');
  const locale = useLocale() as TAppLocale;
  // The page without its locale prefix, with its query: the same page in another language.
  const query = useSearchParams().toString();
  const page = `${stripLocalePrefix(usePathname())}${query ? `?${query}` : ''}`;
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  // Which item takes focus when the menu opens: the current language, or the last one (ArrowUp).
  const focusOnOpen = useRef<'current' | 'last'>('current');

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const items = menuItems(menuRef.current);
    const target =
      focusOnOpen.current === 'last'
        ? items.at(-1)
        : (items.find((item) => item.getAttribute('aria-current') === 'true') ?? items[0]);
    target?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const openWith = (focus: 'current' | 'last') => {
    focusOnOpen.current = focus;
    setOpen(true);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWith(event.key === 'ArrowUp' ? 'last' : 'current');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = menuItems(menuRef.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => {
      event.preventDefault();
      items[(next + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(items.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  return (
    <div ref={rootRef} className="relative shrink-0">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openWith('current'))}
        onKeyDown={onButtonKeyDown}
        className={cn(
          'inline-flex h-10 items-center gap-1 rounded-full px-1.5 font-semibold hover:bg-brand-100/60 sm:h-11 sm:gap-1.5 sm:px-3',
          className,
        )}
      >
        <GlobeIcon className={cn('h-5 w-5', compact && 'hidden sm:block')} />
        {/* Named by what it shows ('Language: EN' on a phone): the visible text is in the name (WCAG 2.5.3). */}
        <span className="sr-only">{`${t('language')}: `}</span>
        {compact ? (
          <>
            <span className="md:hidden">{locale.toUpperCase()}</span>
            <span className="hidden md:inline">{LOCALE_NAMES[locale]}</span>
          </>
        ) : (
          <span>{LOCALE_NAMES[locale]}</span>
        )}
        <ChevronDownIcon className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} />
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={t('chooseLanguage')}
          onKeyDown={onMenuKeyDown}
          className={cn(
            'absolute top-full z-[60] mt-1.5 min-w-40 rounded-xl bg-white p-1 shadow-card ring-1 ring-line',
            align === 'end' ? 'right-0' : 'left-0',
          )}
        >
          {SWITCHER_ORDER.map((code) => (
            <a
              key={code}
              role="menuitem"
              tabIndex={-1}
              href={localeHref(page, code)}
              lang={code}
              hrefLang={code}
              aria-current={code === locale ? 'true' : undefined}
              onClick={() => setOpen(false)}
              className={cn(
                'flex items-center rounded-lg px-3 py-2 outline-none hover:bg-brand-100 focus-visible:bg-brand-100 focus-visible:outline-2 focus-visible:-outline-offset-2',
                code === locale && 'font-bold text-brand-700',
              )}
            >
              {LOCALE_NAMES[code]}
            </a>
          ))}
        </div>
      ) : null}
    </div>
  );
}
