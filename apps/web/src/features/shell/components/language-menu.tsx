'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react';
import { cn } from '@/components/ui/cn';
import { localeHref, stripLocalePrefix } from '@/i18n/locale-href';
import { LOCALE_NAMES, SWITCHER_ORDER, type TAppLocale } from '@/i18n/routing';

const menuItems = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
];

/**
 * The language switcher's open menu (`language-switcher.tsx`), loaded at its first opening (issue 11:
 * a visit that never opens it needs only the button). Takes focus when it mounts (the current
 * language, or the last one after ArrowUp); arrows, Home and End move between the languages, Escape
 * closes and returns focus to the button, Tab or a press outside `root` closes.
 */
export function LanguageMenu({
  id,
  align,
  focusOnOpen,
  root,
  onClose,
}: {
  id: string;
  align: 'start' | 'end';
  focusOnOpen: 'current' | 'last';
  /** The switcher: a press inside it (its button) is the button's own. */
  root: RefObject<HTMLElement | null>;
  onClose: (returnFocus: boolean) => void;
}) {
  const t = useTranslations('common.header');
  const locale = useLocale() as TAppLocale;
  // The page without its locale prefix, with its query: the same page in another language.
  const query = useSearchParams().toString();
  const page = `${stripLocalePrefix(usePathname())}${query ? `?${query}` : ''}`;
  const menuRef = useRef<HTMLDivElement>(null);
  // The first focus is decided once, at the opening.
  const firstFocus = useRef(focusOnOpen);

  useEffect(() => {
    const items = menuItems(menuRef.current);
    const target =
      firstFocus.current === 'last'
        ? items.at(-1)
        : (items.find((item) => item.getAttribute('aria-current') === 'true') ?? items[0]);
    target?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) onClose(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [root, onClose]);

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
      onClose(true);
    } else if (event.key === 'Tab') onClose(false);
  };

  return (
    <div
      ref={menuRef}
      id={id}
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
          onClick={() => onClose(false)}
          className={cn(
            'flex items-center rounded-lg px-3 py-2 outline-none hover:bg-brand-100 focus-visible:bg-brand-100 focus-visible:outline-2 focus-visible:-outline-offset-2',
            code === locale && 'font-bold text-brand-700',
          )}
        >
          {LOCALE_NAMES[code]}
        </a>
      ))}
    </div>
  );
}
