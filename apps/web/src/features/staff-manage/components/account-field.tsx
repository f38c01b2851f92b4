'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { errorClass, hintClass, inputClass } from '@/components/ui/field-classes';

type TFieldName = 'login' | 'name' | 'phone' | 'role' | 'branch_id' | 'password';

/** A labelled field with its error (the field's own rule, in the page's language) and an optional hint. */
export function Field({
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

/** A new password with its rule as the hint (the create form and the password reset). */
export function PasswordField({
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
