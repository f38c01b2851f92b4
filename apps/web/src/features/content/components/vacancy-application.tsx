'use client';

import { ZVacancyApplicationResponse } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { inputClass } from '@/components/ui/field-classes';
import { notify } from '@/components/ui/toasts';
import { apiErrorMessage, isApiFailure } from '@/lib/api-client';
import { useApi } from '@/lib/config-provider';
import { QueryProvider } from '@/lib/query-client';
import { EMPTY_VACANCY_FORM, maskPhone, type TVacancyFormValues, ZVacancyForm } from '../lib/vacancy-form';

type TField = FieldPath<TVacancyFormValues>;
const FIELD_ERROR_KEY = {
  full_name: 'errorFullName',
  phone: 'errorPhone',
  birth_date: 'errorBirthDate',
  message: 'errorMessage',
} as const satisfies Record<TField, string>;

/** The application form of one vacancy, in a dialog opened by its Apply button. */
function VacancyApplicationContent({ vacancyId, title }: { vacancyId: string; title: string }) {
  const t = useTranslations('common');
  const api = useApi();
  const [open, setOpen] = useState(false);
  const formId = useId();
  const form = useForm<TVacancyFormValues, unknown, ReturnType<typeof ZVacancyForm.parse>>({
    resolver: zodResolver(ZVacancyForm),
    defaultValues: EMPTY_VACANCY_FORM,
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError, reset } = form;

  const apply = useMutation({
    mutationFn: (body: ReturnType<typeof ZVacancyForm.parse>) =>
      api.post(`/v1/vacancies/${vacancyId}/applications`, { schema: ZVacancyApplicationResponse, body }),
    retry: false,
    onSuccess: () => {
      notify('success', t('vacancies.success'));
      reset(EMPTY_VACANCY_FORM);
      setOpen(false);
    },
    onError: (error) => {
      // The API names the wrong fields on a 400; show them where the customer looks.
      if (isApiFailure(error)) {
        for (const f of error.data.fields ?? []) {
          if (f.field in FIELD_ERROR_KEY) setError(f.field as TField, { type: 'server', message: f.message });
        }
      }
      notify('error', apiErrorMessage(error, t('errors.generic')));
    },
  });

  const fieldError = (name: TField) =>
    formState.errors[name] ? t(`vacancies.${FIELD_ERROR_KEY[name]}`) : undefined;
  const describedBy = (name: TField) => (formState.errors[name] ? `${formId}-${name}-error` : undefined);
  const errorText = (name: TField) =>
    fieldError(name) ? (
      <p id={`${formId}-${name}-error`} className="mt-1 text-sm text-paprika-600">
        {fieldError(name)}
      </p>
    ) : null;
  const phone = register('phone');

  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('vacancies.apply')}</Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('vacancies.applyFor', { title })}
        fullScreenOnMobile
      >
        <form noValidate onSubmit={handleSubmit((values) => apply.mutate(values))} className="space-y-4">
          <label className="block">
            <span className="font-semibold">{t('vacancies.fullName')}</span>
            <input
              {...register('full_name')}
              autoComplete="name"
              aria-invalid={Boolean(formState.errors.full_name)}
              aria-describedby={describedBy('full_name')}
              className={inputClass}
            />
            {errorText('full_name')}
          </label>
          <label className="block">
            <span className="font-semibold">{t('vacancies.phone')}</span>
            <input
              {...phone}
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              placeholder="+998 __ ___ __ __"
              onChange={(event) => {
                event.target.value = maskPhone(event.target.value);
                return phone.onChange(event);
              }}
              onFocus={(event) => {
                if (!event.target.value) event.target.value = maskPhone('');
              }}
              aria-invalid={Boolean(formState.errors.phone)}
              aria-describedby={describedBy('phone')}
              className={inputClass}
            />
            {errorText('phone')}
          </label>
          <label className="block">
            <span className="font-semibold">
              {t('vacancies.birthDate')}{' '}
              <span className="font-normal text-muted">({t('vacancies.optional')})</span>
            </span>
            <input
              {...register('birth_date')}
              type="date"
              autoComplete="bday"
              aria-invalid={Boolean(formState.errors.birth_date)}
              aria-describedby={describedBy('birth_date')}
              className={inputClass}
            />
            {errorText('birth_date')}
          </label>
          <label className="block">
            <span className="font-semibold">
              {t('vacancies.message')}{' '}
              <span className="font-normal text-muted">({t('vacancies.optional')})</span>
            </span>
            <textarea
              {...register('message')}
              rows={4}
              aria-invalid={Boolean(formState.errors.message)}
              aria-describedby={describedBy('message')}
              className={inputClass}
            />
            {errorText('message')}
          </label>
          <Button type="submit" size="lg" className="w-full justify-center" busy={apply.isPending}>
            {apply.isPending ? t('vacancies.sending') : t('vacancies.send')}
          </Button>
        </form>
      </Dialog>
    </>
  );
}

/** Fetches through the shared query cache, which loads with this component rather than with every page. */
export function VacancyApplication(props: Parameters<typeof VacancyApplicationContent>[0]) {
  return (
    <QueryProvider>
      <VacancyApplicationContent {...props} />
    </QueryProvider>
  );
}
