'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Sheet } from '@/components/ui';
import { MenuIcon } from '@/components/ui/icons';
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
            className="block rounded-xl px-3 py-3 text-lg font-medium hover:bg-brand-100/70 aria-[current=page]:bg-brand-100 aria-[current=page]:text-brand-700"
          >
            {t(item.key)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The slide-in side menu: language dropdown and the site's pages in the spec's per-layout order. */
export function SideMenu() {
  const t = useTranslations('common.header');
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Sheet
      open={open}
      onOpenChange={setOpen}
      title={t('menuTitle')}
      trigger={
        <button
          type="button"
          aria-label={t('openMenu')}
          className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-brand-100/60"
        >
          <MenuIcon />
        </button>
      }
    >
      <div className="mb-4">
        <LanguageSwitcher className="ring-1 ring-line" />
      </div>
      <nav aria-label={t('menuTitle')}>
        {/* One list per layout: CSS shows exactly one, so the hidden order is not read out either. */}
        <NavList items={sideMenuItems('desktop')} className="hidden space-y-1 md:block" onNavigate={close} />
        <NavList items={sideMenuItems('mobile')} className="space-y-1 md:hidden" onNavigate={close} />
      </nav>
    </Sheet>
  );
}
