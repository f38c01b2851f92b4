'use client';

import type { TStaffBranch } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { inputClass } from '@/components/ui/field-classes';
import { notify } from '@/components/ui/toasts';
import { createAccount } from '../api/manage-api';
import { useAccountDialog, useAccountsRefresh } from '../hooks/use-accounts';
import {
  accountCreateBody,
  emptyAccountForm,
  type TAccountCreateForm,
  ZAccountCreateForm,
} from '../lib/account-form';
import { Field, PasswordField } from './account-field';
import { AccountFields } from './account-fields';
import { FormDialog } from './account-form-dialog';

/** A new staff account: login, name, phone, role, branch and password. */
export function CreateAccountDialog({
  branches,
  onClose,
}: {
  branches: readonly TStaffBranch[];
  onClose: () => void;
}) {
  const { t, api, id, failure, setFailure, failed } = useAccountDialog();
  const refresh = useAccountsRefresh();
  const form = useForm<TAccountCreateForm>({
    resolver: zodResolver(ZAccountCreateForm),
    defaultValues: emptyAccountForm(),
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState } = form;

  async function submit(values: TAccountCreateForm) {
    setFailure(null);
    try {
      const body = accountCreateBody(values);
      await createAccount(api, body);
      refresh();
      notify('success', t('staff.created', { login: body.login }));
      onClose();
    } catch (error) {
      failed(error);
    }
  }

  return (
    <FormDialog
      title={t('staff.create')}
      onClose={onClose}
      onSubmit={handleSubmit(submit)}
      failure={failure}
      submitting={formState.isSubmitting}
      submitLabel={t('staff.create')}
    >
      <Field id={id} name="login" label={t('staff.login')} errors={formState.errors}>
        {(aria) => (
          <input
            {...aria}
            {...register('login')}
            autoComplete="off"
            autoCapitalize="none"
            className={inputClass}
          />
        )}
      </Field>
      <AccountFields id={id} form={form} branches={branches} />
      <PasswordField
        id={id}
        label={t('staff.password')}
        errors={formState.errors}
        field={register('password')}
      />
    </FormDialog>
  );
}
