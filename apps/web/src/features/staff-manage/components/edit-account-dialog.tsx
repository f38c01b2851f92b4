'use client';

import type { TStaffAccount, TStaffBranch } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { notify } from '@/components/ui/toasts';
import { updateAccount } from '../api/manage-api';
import { useAccountDialog, useAccountsRefresh } from '../hooks/use-accounts';
import {
  accountEditForm,
  accountUpdateBody,
  type TAccountEditForm,
  ZAccountEditForm,
} from '../lib/account-form';
import { AccountFields } from './account-fields';
import { FormDialog } from './account-form-dialog';

/** An account's name, phone, role and branch; sends only what changed. */
export function EditAccountDialog({
  account,
  branches,
  onClose,
}: {
  account: TStaffAccount;
  branches: readonly TStaffBranch[];
  onClose: () => void;
}) {
  const { t, api, id, failure, setFailure, failed } = useAccountDialog();
  const refresh = useAccountsRefresh();
  const form = useForm<TAccountEditForm>({
    resolver: zodResolver(ZAccountEditForm),
    defaultValues: accountEditForm(account),
    mode: 'onTouched',
  });
  const { handleSubmit, formState } = form;

  async function submit(values: TAccountEditForm) {
    setFailure(null);
    const body = accountUpdateBody(account, values);
    if (!body) {
      notify('success', t('staff.nothingChanged'));
      onClose();
      return;
    }
    try {
      await updateAccount(api, account.id, body);
      refresh();
      notify('success', t('staff.updated', { name: values.name.trim() }));
      onClose();
    } catch (error) {
      failed(error);
    }
  }

  return (
    <FormDialog
      title={t('staff.editNamed', { name: account.name })}
      description={`${t('staff.login')}: ${account.login}`}
      onClose={onClose}
      onSubmit={handleSubmit(submit)}
      failure={failure}
      submitting={formState.isSubmitting}
      submitLabel={t('common.save')}
    >
      <AccountFields id={id} form={form} branches={branches} />
    </FormDialog>
  );
}
