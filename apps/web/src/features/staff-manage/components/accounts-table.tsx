'use client';

import type { TStaffAccount, TStaffBranch } from '@app/contracts';
import { formatPhoneMask } from '@app/domain';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useAppLocale } from './parts';

type TAccountActions = {
  /** A disable or enable is on its way: both buttons wait for it. */
  busy: boolean;
  onEdit: (account: TStaffAccount) => void;
  onResetPassword: (account: TStaffAccount) => void;
  onDisable: (account: TStaffAccount) => void;
  onEnable: (account: TStaffAccount) => void;
};

/** An account's buttons: edit, reset password, and disable (an active one) or enable. */
function AccountActions({
  account,
  busy,
  onEdit,
  onResetPassword,
  onDisable,
  onEnable,
}: TAccountActions & { account: TStaffAccount }) {
  const t = useTranslations('staff-manage');
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="secondary"
        className="min-h-11"
        aria-label={t('staff.editNamed', { name: account.name })}
        onClick={() => onEdit(account)}
      >
        {t('staff.edit')}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        className="min-h-11"
        aria-label={t('staff.resetPasswordNamed', { name: account.name })}
        onClick={() => onResetPassword(account)}
      >
        {t('staff.resetPassword')}
      </Button>
      {account.is_active ? (
        <Button
          size="sm"
          variant="danger"
          className="min-h-11"
          aria-label={t('staff.disableNamed', { name: account.name })}
          busy={busy}
          onClick={() => onDisable(account)}
        >
          {t('staff.disable')}
        </Button>
      ) : (
        <Button
          size="sm"
          className="min-h-11"
          aria-label={t('staff.enableNamed', { name: account.name })}
          busy={busy}
          onClick={() => onEnable(account)}
        >
          {t('staff.enable')}
        </Button>
      )}
    </div>
  );
}

/** The staff accounts, one row each: name and login, role, branch, phone, status and the actions. */
export function AccountsTable({
  accounts,
  branches,
  ...actions
}: TAccountActions & { accounts: readonly TStaffAccount[]; branches: readonly TStaffBranch[] }) {
  const t = useTranslations('staff-manage');
  const locale = useAppLocale();
  const branchName = (branchId: string | null) =>
    branchId ? (branches.find((b) => b.id === branchId)?.name[locale] ?? '—') : '—';
  return (
    <section
      className="overflow-x-auto rounded-card bg-white shadow-card ring-1 ring-line"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on a phone; a scrolling region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      aria-label={t('staff.title')}
    >
      <table className="w-full min-w-[44rem] text-left">
        <thead className="bg-brand-50 text-sm">
          <tr>
            <th scope="col" className="p-3">
              {t('staff.name')}
            </th>
            <th scope="col" className="p-3">
              {t('staff.role')}
            </th>
            <th scope="col" className="p-3">
              {t('staff.branch')}
            </th>
            <th scope="col" className="p-3">
              {t('staff.phone')}
            </th>
            <th scope="col" className="p-3">
              {t('staff.status')}
            </th>
            <th scope="col" className="p-3">
              {t('staff.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account) => (
            <tr key={account.id} className="border-t border-line align-top">
              <th scope="row" className="p-3 font-semibold">
                {account.name}
                <span className="block text-sm font-normal text-muted">{account.login}</span>
              </th>
              <td className="p-3">{t(`roles.${account.role}`)}</td>
              <td className="p-3">{branchName(account.branch_id)}</td>
              <td className="p-3 whitespace-nowrap">{formatPhoneMask(account.phone)}</td>
              <td className="p-3">
                <span
                  className={cn('font-semibold', account.is_active ? 'text-herb-600' : 'text-paprika-600')}
                >
                  <span aria-hidden="true">{account.is_active ? '● ' : '○ '}</span>
                  {account.is_active ? t('staff.active') : t('staff.disabled')}
                </span>
              </td>
              <td className="p-3">
                <AccountActions account={account} {...actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
