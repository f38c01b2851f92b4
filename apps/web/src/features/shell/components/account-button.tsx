'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslations } from 'next-intl';
import { UserIcon } from '@/components/ui/icons';
import { Link } from '@/i18n/navigation';
import { paths } from '@/lib/paths';
import { useAuthStore } from '@/lib/stores/auth';
import { useOpenLogin } from '../hooks/use-open-login';

const itemClass =
  'flex cursor-pointer items-center rounded-lg px-3 py-2 outline-none data-[highlighted]:bg-brand-100';

/** Top bar: a login icon for an anonymous visitor, a menu (profile, my orders) for a signed-in one. */
export function AccountButton() {
  const t = useTranslations('common');
  const user = useAuthStore((s) => s.user);
  const logout = useAuthStore((s) => s.logout);
  const openLogin = useOpenLogin();

  if (!user) {
    return (
      <button
        type="button"
        onClick={openLogin}
        aria-label={t('header.login')}
        className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-brand-100/60"
      >
        <UserIcon />
      </button>
    );
  }
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t('nav.profile')}
        className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-brand-100 text-brand-700"
      >
        <UserIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-[60] min-w-44 rounded-xl bg-white p-1 shadow-card ring-1 ring-line"
        >
          <DropdownMenu.Item asChild>
            <Link href={paths.profile()} className={itemClass}>
              {t('nav.profile')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link href={paths.myOrders()} className={itemClass}>
              {t('nav.myOrders')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => logout()}>
            {t('header.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
