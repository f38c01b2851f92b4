'use client';

import { formatPhoneMask, isCodeComplete } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { type ReactNode, useId, useRef, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorClass, inputClass } from '@/components/ui/field-classes';
import { notify } from '@/components/ui/toasts';
import { AddressList } from '@/features/location';
import { useRouter } from '@/i18n/navigation';
import { apiErrorMessage } from '@/lib/api-client';
import { useApi } from '@/lib/config-provider';
import { paths } from '@/lib/paths';
import { type TAuthUser, useAuthStore } from '@/lib/stores/auth';
import { useCommonStore } from '@/lib/stores/common';
import { useRequireCustomer } from '../hooks/use-require-customer';
import { useSignOut } from '../hooks/use-sign-out';
import { confirmNewPhone, updateCustomer } from '../lib/auth-api';
import { nextPhoneValue } from '../lib/phone-input';
import {
  profileFormSchema,
  profileFormValues,
  profileUpdate,
  type TProfileFormValues,
} from '../lib/profile-form';
import { CodeField, useCodeEntry } from './code-field';

/** The code sent to a new phone number; the number changes once it is confirmed. */
function ConfirmPhoneDialog({
  customerId,
  phone,
  onClose,
  onConfirmed,
}: {
  customerId: string;
  phone: string;
  onClose: () => void;
  onConfirmed: (user: { name: string; phone: string; date_of_birth: string | null }) => void;
}) {
  const t = useTranslations('common.auth');
  const api = useApi();
  const inputRef = useRef<HTMLInputElement>(null);
  const entry = useCodeEntry(
    async (value) => {
      const { user } = await confirmNewPhone(api, customerId, phone, value);
      onConfirmed(user);
    },
    t('wrong_code_entered'),
    // A refused code is cleared, which turns Confirm off: the focus goes back to the field for the
    // next try (it may have been on the button).
    () => requestAnimationFrame(() => inputRef.current?.focus()),
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('profile.confirmPhoneTitle')}
      description={t('profile.confirmPhoneText', { phone: formatPhoneMask(phone) })}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void entry.confirm(entry.code);
        }}
        className="flex flex-col gap-4"
      >
        <CodeField
          entry={entry}
          inputRef={inputRef}
          label={t('codeLabel')}
          inputClassName={inputClass}
          errorClassName={errorClass}
        />
        <Button
          type="submit"
          className="justify-center"
          busy={entry.pending}
          disabled={!isCodeComplete(entry.code)}
        >
          {entry.pending ? t('checking') : t('profile.confirm')}
        </Button>
      </form>
    </Dialog>
  );
}

/** Personal data (spec: profile): name, phone, date of birth. */
function PersonalDataForm({ user }: { user: TAuthUser }) {
  const t = useTranslations('common.auth');
  const api = useApi();
  const formId = useId();
  const [pendingPhone, setPendingPhone] = useState<string | null>(null);
  const form = useForm<TProfileFormValues>({
    resolver: zodResolver(profileFormSchema(user.date_of_birth)),
    defaultValues: profileFormValues(user),
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, reset, setValue, watch } = form;

  async function save(values: TProfileFormValues) {
    const update = profileUpdate(user, values);
    if (!update) {
      notify('success', t('profile.nothingChanged'));
      return;
    }
    try {
      const result = await updateCustomer(api, user.id, update.body);
      useAuthStore.getState().updateProfile(result.user);
      // The stored phone stays until the new one is confirmed: the field keeps the new number meanwhile.
      reset({ ...profileFormValues(result.user), phone: values.phone });
      if (update.detailsChanged) notify('success', t('profile.detailsChanged'));
      if (result.phone_confirmation) setPendingPhone(result.phone_confirmation.phone);
    } catch (failure) {
      notify('error', apiErrorMessage(failure, t('wrong_phone_entered')));
    }
  }

  const errorKey = (name: FieldPath<TProfileFormValues>) => formState.errors[name]?.message;
  const errorText = (name: FieldPath<TProfileFormValues>) => {
    const key = errorKey(name);
    return key ? (
      <p id={`${formId}-${name}-error`} className={errorClass}>
        {t(key as 'enter_your_name' | 'wrong_phone_entered' | 'wrong_birth_date')}
      </p>
    ) : null;
  };
  const fieldProps = (name: FieldPath<TProfileFormValues>) => ({
    'aria-invalid': errorKey(name) ? true : undefined,
    'aria-describedby': errorKey(name) ? `${formId}-${name}-error` : undefined,
  });
  const phone = register('phone');
  const phoneValue = watch('phone');

  return (
    <section
      aria-labelledby={`${formId}-title`}
      className="rounded-card bg-white p-5 shadow-card ring-1 ring-line"
    >
      <h2 id={`${formId}-title`} className="mb-4 text-xl font-bold">
        {t('profile.personalData')}
      </h2>
      <form noValidate onSubmit={handleSubmit(save)} className="flex max-w-md flex-col gap-4">
        <div>
          <label className="block">
            <span className="font-semibold">{t('profile.name')}</span>
            <input
              {...register('name')}
              autoComplete="name"
              maxLength={100}
              {...fieldProps('name')}
              className={inputClass}
            />
          </label>
          {errorText('name')}
        </div>
        <div>
          <label className="block">
            <span className="font-semibold">{t('profile.phone')}</span>
            <input
              {...phone}
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              onChange={(event) => {
                setValue('phone', nextPhoneValue(phoneValue, event.target.value), {
                  shouldDirty: true,
                  shouldValidate: formState.isSubmitted,
                });
              }}
              value={phoneValue}
              {...fieldProps('phone')}
              className={inputClass}
            />
          </label>
          {errorText('phone')}
        </div>
        <div>
          <label className="block">
            <span className="font-semibold">
              {t('profile.dateOfBirth')}{' '}
              <span className="font-normal text-muted">({t('profile.optional')})</span>
            </span>
            <input
              {...register('date_of_birth')}
              {...fieldProps('date_of_birth')}
              type="date"
              autoComplete="bday"
              className={inputClass}
            />
          </label>
          {errorText('date_of_birth')}
        </div>
        <Button type="submit" className="self-start" busy={formState.isSubmitting}>
          {formState.isSubmitting ? t('profile.saving') : t('profile.save')}
        </Button>
      </form>
      {pendingPhone ? (
        <ConfirmPhoneDialog
          customerId={user.id}
          phone={pendingPhone}
          onClose={() => {
            setPendingPhone(null);
            // Not confirmed: the number on file is still the old one.
            setValue('phone', formatPhoneMask(user.phone));
          }}
          onConfirmed={(confirmed) => {
            useAuthStore.getState().updateProfile(confirmed);
            reset(profileFormValues(confirmed));
            setPendingPhone(null);
            notify('success', t('profile.phoneChanged'));
          }}
        />
      ) : null}
    </section>
  );
}

/**
 * `/profile`: the signed-in customer's personal data. An anonymous visitor gets the login dialog
 * (and lands back here after signing in) or, having closed it, a sign-in button.
 */
export function ProfileView({ children }: { children?: ReactNode }) {
  const t = useTranslations('common.auth');
  const customer = useRequireCustomer();
  const signOut = useSignOut();
  const router = useRouter();

  if (customer.status === 'loading') {
    return (
      <p className="text-muted" aria-live="polite">
        {t('profile.loading')}
      </p>
    );
  }
  if (customer.status === 'anonymous') {
    return (
      <section className="flex max-w-md flex-col items-start gap-3 rounded-card bg-white p-5 shadow-card ring-1 ring-line">
        <h2 className="text-xl font-bold">{t('signInRequired')}</h2>
        <p className="text-muted">{t('signInRequiredText')}</p>
        <Button onClick={customer.signIn}>{t('signIn')}</Button>
      </section>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <PersonalDataForm key={customer.user.id} user={customer.user} />
      {/* My addresses (issue 4): the saved delivery addresses, inline, with the edit form. */}
      <div className="max-w-md rounded-card bg-white p-5 shadow-card ring-1 ring-line">
        <AddressList variant="inline" onAddNew={() => useCommonStore.getState().setMapModal(true)} />
      </div>
      {/* What other features add for a signed-in customer (the accumulative card, issue 12). */}
      {children}
      <Button
        variant="secondary"
        className="self-start"
        onClick={() => {
          signOut();
          router.push(paths.home());
        }}
      >
        {t('signOut')}
      </Button>
    </div>
  );
}
