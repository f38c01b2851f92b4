'use client';

import type { TStaffAccount } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { notify } from '@/components/ui/toasts';
import { resetPassword } from '../api/manage-api';
import { useAccountDialog } from '../hooks/use-accounts';
import { type TPasswordForm, ZPasswordForm } from '../lib/account-form';
import { PasswordField } from './account-field';
import { FormDialog } from './account-form-dialog';

/** A new password for an account (the manager's reset). */
export function PasswordDialog({ account, onClose }: { account: TStaffAccount; onClose: () => void }) {
  const { t, api, id, failure, setFailure, failed } = useAccountDialog();
  const form = useForm<TPasswordForm>({
    resolver: zodResolver(ZPasswordForm),
    defaultValues: { password: '' },
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState } = form;

  async function submit(values: TPasswordForm) {
    setFailure(null);
    try {
      await resetPassword(api, account.id, values.password);
      notify('success', t('staff.passwordChanged', { name: account.name }));
      onClose();
    } catch (error) {
      failed(error);
    }
  }

  return (
    <FormDialog
      title={t('staff.resetPasswordNamed', { name: account.name })}
      description={t('staff.passwordText', { name: account.name })}
      onClose={onClose}
      onSubmit={handleSubmit(submit)}
      failure={failure}
      submitting={formState.isSubmitting}
      submitLabel={t('common.save')}
    >
      <PasswordField
        id={id}
        label={t('staff.newPassword')}
        errors={formState.errors}
        field={register('password')}
      />
    </FormDialog>
  );
}
