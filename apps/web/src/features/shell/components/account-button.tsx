'use client';

import { useTranslations } from 'next-intl';
import { lazyClient } from '@/components/lazy-client';
import { UserIcon } from '@/components/ui/icons';
import { useOpenLogin } from '@/features/auth';
import { useAuthStore } from '@/lib/stores/auth';

const iconButton = 'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full sm:h-11 sm:w-11';

// Most visitors are anonymous: the dropdown (Radix and its positioning) loads only for a signed-in one.
const AccountMenu = lazyClient(
  () => import('./account-menu').then((m) => m.AccountMenu),
  () => (
    <span className={`${iconButton} bg-brand-100 text-brand-800`} aria-hidden="true">
      <UserIcon />
    </span>
  ),
);

/** Top bar: a login icon for an anonymous visitor, a menu (profile, my orders) for a signed-in one. */
export function AccountButton() {
  const t = useTranslations('common');
  const user = useAuthStore((s) => s.user);
  const openLogin = useOpenLogin();

  if (user) return <AccountMenu />;
  return (
    <button
      type="button"
      onClick={() => openLogin()}
      aria-label={t('header.login')}
      className={`${iconButton} hover:bg-brand-100/60`}
    >
      <UserIcon />
    </button>
  );
}
