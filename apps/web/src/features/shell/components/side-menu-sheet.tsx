'use client';

import { useTranslations } from 'next-intl';
import type { RefObject } from 'react';
import { Sheet } from '@/components/ui/dialog';
import { Link, usePathname } from '@/i18n/navigation';
import { sideMenuItems, type TSideMenuItem } from '../lib/side-menu';
import { LanguageSwitcher } from './language-switcher';

function NavList({
  items,
  className,
  onNavigate,
}: {
  items: TSideMenuItem[];
  className: string;
  onNavigate: () => void;
}) {
  const t = useTranslations('common.nav');
  const pathname = usePathname();
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.key}>
          <Link
            href={item.href}
            onClick={onNavigate}
            aria-current={pathname === item.href ? 'page' : undefined}
            className="block rounded-xl px-3 py-3 text-lg font-medium hover:bg-brand-100/70 aria-[current=page]:bg-brand-100 aria-[current=page]:text-brand-800"
          >
            {t(item.key)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The slide-in panel of the side menu: language dropdown and the site's pages in the spec's
 * per-layout order. Loaded when the menu button is first pressed (see `SideMenu`).
 */
export function SideMenuSheet({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const t = useTranslations('common.header');
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t('menuTitle')} returnFocusTo={returnFocusTo}>
      <div className="mb-4">
        <LanguageSwitcher align="start" className="ring-1 ring-line" />
      </div>
      <nav aria-label={t('menuTitle')}>
        {/* One list per layout: CSS shows exactly one, so the hidden order is not read out either. */}
        <NavList items={sideMenuItems('desktop')} className="hidden space-y-1 md:block" onNavigate={close} />
        <NavList items={sideMenuItems('mobile')} className="space-y-1 md:hidden" onNavigate={close} />
      </nav>
    </Sheet>
  );
}
