'use client';

import type { TStaffAccount, TStaffBranch } from '@app/contracts';
import { formatPhoneMask } from '@app/domain';
import { useTranslations } from 'next-intl';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '@/components/ui/cn';
import { inputClass } from '@/components/ui/field-classes';
import { ACCOUNT_ROLES, branchRule } from '../lib/account-form';
import { Field } from './account-field';
import { useAppLocale } from './parts';

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

/** What of a form the account fields use: the create and the edit form both fit it. */
type TAccountFieldsForm = {
  register: (name: 'name' | 'phone' | 'role' | 'branch_id') => UseFormRegisterReturn;
  watch: (name: 'role') => TStaffAccount['role'];
  setValue: (name: 'phone', value: string, options: { shouldValidate: boolean }) => void;
  formState: { errors: FieldErrors; isSubmitted: boolean };
};

/** The fields the create and the edit form share: name, phone, role and branch. */
export function AccountFields({
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
