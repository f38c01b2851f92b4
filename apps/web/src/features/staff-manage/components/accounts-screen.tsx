'use client';

import type { TStaffAccount } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { fetchAccounts, manageKeys } from '../api/manage-api';
import { useSetAccountActive } from '../hooks/use-accounts';
import { useStaffApi } from '../lib/staff';
import { AccountsTable } from './accounts-table';
import { CreateAccountDialog } from './create-account-dialog';
import { EditAccountDialog } from './edit-account-dialog';
import { QueryState, ScreenTitle, useManagedBranches } from './parts';
import { PasswordDialog } from './password-dialog';

type TOpenDialog =
  | { kind: 'create' }
  | { kind: 'edit'; account: TStaffAccount }
  | { kind: 'password'; account: TStaffAccount }
  | { kind: 'disable'; account: TStaffAccount };

/** Staff accounts (issue 13): the table, a new account, edit, password, disable and enable. */
export function AccountsScreen() {
  const t = useTranslations('staff-manage');
  const api = useStaffApi();
  const branches = useManagedBranches();
  const accounts = useQuery({
    queryKey: manageKeys.accounts,
    queryFn: ({ signal }) => fetchAccounts(api, signal),
  });
  const [dialog, setDialog] = useState<TOpenDialog | null>(null);
  const close = () => setDialog(null);
  const branchList = branches.data ?? [];
  const setActive = useSetAccountActive();

  return (
    <section>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <ScreenTitle>{t('staff.title')}</ScreenTitle>
        <Button onClick={() => setDialog({ kind: 'create' })}>{t('staff.create')}</Button>
      </div>
      <QueryState query={accounts}>
        {(accounts.data ?? []).length === 0 ? (
          <p className="text-muted">{t('staff.empty')}</p>
        ) : (
          <AccountsTable
            accounts={accounts.data ?? []}
            branches={branchList}
            busy={setActive.isPending}
            onEdit={(account) => setDialog({ kind: 'edit', account })}
            onResetPassword={(account) => setDialog({ kind: 'password', account })}
            onDisable={(account) => setDialog({ kind: 'disable', account })}
            onEnable={(account) => setActive.mutate({ account, body: { is_active: true } })}
          />
        )}
      </QueryState>
      {dialog?.kind === 'create' ? <CreateAccountDialog branches={branchList} onClose={close} /> : null}
      {dialog?.kind === 'edit' ? (
        <EditAccountDialog account={dialog.account} branches={branchList} onClose={close} />
      ) : null}
      {dialog?.kind === 'password' ? <PasswordDialog account={dialog.account} onClose={close} /> : null}
      <ConfirmDialog
        open={dialog?.kind === 'disable'}
        onOpenChange={(open) => !open && close()}
        title={dialog?.kind === 'disable' ? t('staff.disableTitle', { name: dialog.account.name }) : ''}
        description={t('staff.disableText')}
        confirmLabel={t('staff.disable')}
        destructive
        onConfirm={() => {
          if (dialog?.kind === 'disable')
            setActive.mutate({ account: dialog.account, body: { is_active: false } });
        }}
      />
    </section>
  );
}
