'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslations } from 'next-intl';
import { UserIcon } from '@/components/ui/icons';
import { useSignOut } from '@/features/auth';
import { Link } from '@/i18n/navigation';
import { paths } from '@/lib/paths';

const itemClass =
  'flex cursor-pointer items-center rounded-lg px-3 py-2 outline-none data-[highlighted]:bg-brand-100';

/** The signed-in customer's menu (profile, my orders, sign out); loaded only for a signed-in visitor. */
export function AccountMenu() {
  const t = useTranslations('common');
  const signOut = useSignOut();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        // The menu holds more than the profile (orders, signing out): it is the account's.
        aria-label={t('header.account')}
        className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800 sm:h-11 sm:w-11"
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
          <DropdownMenu.Item className={itemClass} onSelect={() => signOut()}>
            {t('header.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
