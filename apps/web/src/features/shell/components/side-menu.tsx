'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { lazyClient } from '@/components/lazy-client';
import { MenuIcon } from '@/components/ui/icons';

// The panel (Radix Dialog and the page list) loads when the menu is first wanted, not with the page.
const loadSheet = () => import('./side-menu-sheet');
const SideMenuSheet = lazyClient(() => loadSheet().then((m) => m.SideMenuSheet));

/** The button of the slide-in side menu; hovering or focusing it starts loading the panel. */
export function SideMenu() {
  const t = useTranslations('common.header');
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const preload = () => void loadSheet();
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        onPointerEnter={preload}
        onFocus={preload}
        className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-brand-100/60 sm:h-11 sm:w-11"
      >
        <MenuIcon />
      </button>
      {wanted ? <SideMenuSheet open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} /> : null}
    </>
  );
}
