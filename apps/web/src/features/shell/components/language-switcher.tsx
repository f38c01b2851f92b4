'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type KeyboardEvent, useCallback, useId, useRef, useState } from 'react';
import { lazyClient } from '@/components/lazy-client';
import { cn } from '@/components/ui/cn';
import { ChevronDownIcon, GlobeIcon } from '@/components/ui/icons';
import { LOCALE_NAMES, type TAppLocale } from '@/i18n/routing';

// The open menu (its items, keyboard handling and outside-press closing) loads at the first opening,
// or when the pointer or focus reaches the button (issue 11: most visits never open it).
const loadMenu = () => import('./language-menu');
const LanguageMenu = lazyClient(() => loadMenu().then((m) => m.LanguageMenu));
const preloadMenu = () => void loadMenu().catch(() => {});

/**
 * Switches the interface language on the same page with the same query (spec section 2). A menu
 * button (WAI-ARIA APG pattern): ArrowDown or ArrowUp on the button opens the menu on the current or
 * the last language; in the menu (`language-menu.tsx`) arrows, Home and End move between the
 * languages, Escape closes and returns focus to the button, Tab or a click outside closes. Items are
 * real links. Three links need no popper library: it stays out of the header's script.
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
  const [open, setOpen] = useState<false | 'current' | 'last'>(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowUp' ? 'last' : 'current');
    }
  };

  return (
    <div ref={rootRef} className="relative shrink-0">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : setOpen('current'))}
        onKeyDown={onButtonKeyDown}
        onPointerEnter={preloadMenu}
        onFocus={preloadMenu}
        onTouchStart={preloadMenu}
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
        <LanguageMenu id={menuId} align={align} focusOnOpen={open} root={rootRef} onClose={close} />
      ) : null}
    </div>
  );
}
