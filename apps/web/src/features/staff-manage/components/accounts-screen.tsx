'use client';

import type { TStaffAccount, TStaffBranch } from '@app/contracts';
import { formatPhoneMask } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { type FieldErrors, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { errorClass, hintClass, inputClass } from '@/components/ui/field-classes';
import { notify } from '@/components/ui/toasts';
import { apiErrorMessage } from '@/lib/api-client';
import {
  createAccount,
  fetchAccounts,
  manageKeys,
  resetPassword,
  type TAccountUpdateBody,
  updateAccount,
} from '../api/manage-api';
import {
  ACCOUNT_ROLES,
  accountCreateBody,
  accountEditForm,
  accountUpdateBody,
  branchRule,
  emptyAccountForm,
  type TAccountCreateForm,
  type TAccountEditForm,
  type TPasswordForm,
  ZAccountCreateForm,
  ZAccountEditForm,
  ZPasswordForm,
} from '../lib/account-form';
import { useStaffApi } from '../lib/staff';
import { QueryState, ScreenTitle, useAppLocale, useManagedBranches } from './parts';

type TFieldName = 'login' | 'name' | 'phone' | 'role' | 'branch_id' | 'password';

/** A labelled field with its error (the field's own rule, in the page's language) and an optional hint. */
function Field({
  id,
  name,
  label,
  errors,
  hint,
  children,
}: {
  id: string;
  name: TFieldName;
  label: string;
  errors: FieldErrors;
  hint?: string;
  children: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const t = useTranslations('staff-manage.staff');
  const fieldId = `${id}-${name}`;
  const invalid = Boolean(errors[name]);
  const describedBy = [invalid ? `${fieldId}-error` : null, hint ? `${fieldId}-hint` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div>
      <label htmlFor={fieldId} className="font-semibold">
        {label}
      </label>
      {children({
        id: fieldId,
        ...(invalid ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint ? (
        <p id={`${fieldId}-hint`} className={hintClass}>
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={`${fieldId}-error`} className={errorClass}>
          {t(`errors.${name}`)}
        </p>
      ) : null}
    </div>
  );
}

/** The role and branch selects of both forms; the branch only for the roles that have one. */
function RoleBranchFields({
  id,
  errors,
  role,
  roleField,
  branchField,
  branches,
}: {
  id: string;
  errors: FieldErrors;
  role: TStaffAccount['role'];
  roleField: UseFormRegisterReturn;
  branchField: UseFormRegisterReturn;
  branches: readonly TStaffBranch[];
}) {
  const t = useTranslations('staff-manage');
  const locale = useAppLocale();
  const rule = branchRule(role);
  return (
    <>
      <Field id={id} name="role" label={t('staff.role')} errors={errors}>
        {(aria) => (
          <select {...aria} {...roleField} className={cn(inputClass, 'min-h-11')}>
            {ACCOUNT_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {rule === 'none' ? null : (
        <Field id={id} name="branch_id" label={t('staff.branch')} errors={errors}>
          {(aria) => (
            <select
              {...aria}
              {...branchField}
              required={rule === 'required'}
              className={cn(inputClass, 'min-h-11')}
            >
              <option value="">{t('common.noBranch')}</option>
              {branches.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name[locale]}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </>
  );
}

/** The API's refusal of a form ('login taken'), kept in the dialog with the form. */
function FormFailure({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="rounded-xl bg-paprika-500/10 p-3 font-semibold text-paprika-700">
      {message}
    </p>
  ) : null;
}

/** The dialog all three account forms live in: the fields, the API's refusal, cancel and submit. */
function FormDialog({
  title,
  description,
  onClose,
  onSubmit,
  failure,
  submitting,
  submitLabel,
  children,
}: {
  title: string;
  description?: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  failure: string | null;
  submitting: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  const t = useTranslations('staff-manage');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={description}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {children}
        <FormFailure message={failure} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={submitting}>
            {submitting ? t('common.saving') : submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The name and phone inputs of the create and edit forms; the phone is masked as it is typed. */
function NamePhoneFields({
  id,
  errors,
  nameField,
  phoneField,
  onPhoneChange,
}: {
  id: string;
  errors: FieldErrors;
  nameField: UseFormRegisterReturn;
  phoneField: UseFormRegisterReturn;
  onPhoneChange: (masked: string) => void;
}) {
  const t = useTranslations('staff-manage');
  return (
    <>
      <Field id={id} name="name" label={t('staff.name')} errors={errors}>
        {(aria) => <input {...aria} {...nameField} autoComplete="off" className={inputClass} />}
      </Field>
      <Field id={id} name="phone" label={t('staff.phone')} errors={errors}>
        {(aria) => (
          <input
            {...aria}
            {...phoneField}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            className={inputClass}
            onChange={(e) => {
              onPhoneChange(formatPhoneMask(e.target.value));
            }}
          />
        )}
      </Field>
    </>
  );
}

/** A new password with its rule as the hint (the create form and the password reset). */
function PasswordField({
  id,
  label,
  errors,
  field,
}: {
  id: string;
  label: string;
  errors: FieldErrors;
  field: UseFormRegisterReturn;
}) {
  const t = useTranslations('staff-manage');
  return (
    <Field id={id} name="password" label={label} hint={t('staff.passwordHint')} errors={errors}>
      {(aria) => (
        <input {...aria} {...field} type="password" autoComplete="new-password" className={inputClass} />
      )}
    </Field>
  );
}

/** What of a form the account fields use: the create and the edit form both fit it. */
type TAccountFieldsForm = {
  register: (name: 'name' | 'phone' | 'role' | 'branch_id') => UseFormRegisterReturn;
  watch: (name: 'role') => TStaffAccount['role'];
  setValue: (name: 'phone', value: string, options: { shouldValidate: boolean }) => void;
  formState: { errors: FieldErrors; isSubmitted: boolean };
};

/** The fields the create and the edit form share: name, phone, role and branch. */
function AccountFields({
  id,
  form,
  branches,
}: {
  id: string;
  form: TAccountFieldsForm;
  branches: readonly TStaffBranch[];
}) {
  const { register, formState, watch, setValue } = form;
  return (
    <>
      <NamePhoneFields
        id={id}
        errors={formState.errors}
        nameField={register('name')}
        phoneField={register('phone')}
        onPhoneChange={(masked) => setValue('phone', masked, { shouldValidate: formState.isSubmitted })}
      />
      <RoleBranchFields
        id={id}
        errors={formState.errors}
        role={watch('role')}
        roleField={register('role')}
        branchField={register('branch_id')}
        branches={branches}
      />
    </>
  );
}

function useAccountsRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: manageKeys.accounts });
}

/** What each account dialog starts with: its texts, the API, its field ids and the API's refusal. */
function useAccountDialog() {
  const t = useTranslations('staff-manage');
  const api = useStaffApi();
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const failed = (error: unknown) => setFailure(apiErrorMessage(error, t('common.error')));
  return { t, api, id, failure, setFailure, failed };
}

function CreateAccountDialog({
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

function EditAccountDialog({
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

function PasswordDialog({ account, onClose }: { account: TStaffAccount; onClose: () => void }) {
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

type TOpenDialog =
  | { kind: 'create' }
  | { kind: 'edit'; account: TStaffAccount }
  | { kind: 'password'; account: TStaffAccount }
  | { kind: 'disable'; account: TStaffAccount };

/** Staff accounts (issue 13): the table, a new account, edit, password, disable and enable. */
export function AccountsScreen() {
  const t = useTranslations('staff-manage');
  const locale = useAppLocale();
  const api = useStaffApi();
  const refresh = useAccountsRefresh();
  const branches = useManagedBranches();
  const accounts = useQuery({
    queryKey: manageKeys.accounts,
    queryFn: ({ signal }) => fetchAccounts(api, signal),
  });
  const [dialog, setDialog] = useState<TOpenDialog | null>(null);
  const close = () => setDialog(null);
  const branchList = branches.data ?? [];
  const branchName = (branchId: string | null) =>
    branchId ? (branchList.find((b) => b.id === branchId)?.name[locale] ?? '—') : '—';

  const setActive = useMutation({
    mutationFn: (vars: { account: TStaffAccount; body: TAccountUpdateBody }) =>
      updateAccount(api, vars.account.id, vars.body),
    onSuccess: (_data, { account, body }) =>
      notify('success', t(body.is_active ? 'staff.enabled' : 'staff.disabledDone', { name: account.name })),
    onError: (error) => notify('error', apiErrorMessage(error, t('common.error'))),
    onSettled: refresh,
  });

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
                {(accounts.data ?? []).map((account) => (
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
                        className={cn(
                          'font-semibold',
                          account.is_active ? 'text-herb-600' : 'text-paprika-600',
                        )}
                      >
                        <span aria-hidden="true">{account.is_active ? '● ' : '○ '}</span>
                        {account.is_active ? t('staff.active') : t('staff.disabled')}
                      </span>
                    </td>
                    <td className="p-3">
                      <div className="flex flex-wrap gap-2">
                        <Button
                          size="sm"
                          variant="secondary"
                          className="min-h-11"
                          aria-label={t('staff.editNamed', { name: account.name })}
                          onClick={() => setDialog({ kind: 'edit', account })}
                        >
                          {t('staff.edit')}
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          className="min-h-11"
                          aria-label={t('staff.resetPasswordNamed', { name: account.name })}
                          onClick={() => setDialog({ kind: 'password', account })}
                        >
                          {t('staff.resetPassword')}
                        </Button>
                        {account.is_active ? (
                          <Button
                            size="sm"
                            variant="danger"
                            className="min-h-11"
                            aria-label={t('staff.disableNamed', { name: account.name })}
                            disabled={setActive.isPending}
                            onClick={() => setDialog({ kind: 'disable', account })}
                          >
                            {t('staff.disable')}
                          </Button>
                        ) : (
                          <Button
                            size="sm"
                            className="min-h-11"
                            aria-label={t('staff.enableNamed', { name: account.name })}
                            disabled={setActive.isPending}
                            onClick={() => setActive.mutate({ account, body: { is_active: true } })}
                          >
                            {t('staff.enable')}
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
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
