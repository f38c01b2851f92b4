'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { errorClass, hintClass, inputClass } from '@/components/ui/field-classes';
import { apiErrorMessage } from '@/lib/api-client';
import { contract } from '@/lib/browser-contracts';
import { useStaffApi } from '../api';
import { type TStaffSignInForm, ZStaffSignInForm } from '../lib/sign-in-form';
import { useStaffSession } from '../session';

type TFieldKey = 'loginTooShort' | 'passwordTooShort';
const fieldKey = (message: string | undefined): TFieldKey | null =>
  message === 'loginTooShort' || message === 'passwordTooShort' ? message : null;

/**
 * The session ended without the member's sign-out: the server refused its token (a 401 of a call or
 * of the stream: expired, revoked, the account disabled), or the stored one has expired.
 */
function useSessionEndedByServer(): boolean {
  const endedBy = useStaffSession((state) => state.endedBy);
  const session = useStaffSession((state) => state.session);
  const [now] = useState(() => Date.now());
  return endedBy === 'server' || (session !== null && Date.parse(session.expiresAt) <= now);
}

/**
 * The workspace's sign-in (POST /v1/staff/login): login and password. The API's refusal is shown as
 * it says it (a wrong pair; too many attempts with the seconds to wait, 429; busy, 503). A session
 * the server ended is said above the form. Signed in, the shell sends the member to the role's screen.
 */
export function StaffSignIn() {
  const t = useTranslations('staff.signIn');
  const api = useStaffApi();
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const ended = useSessionEndedByServer();
  const form = useForm<TStaffSignInForm>({
    resolver: zodResolver(ZStaffSignInForm),
    defaultValues: { login: '', password: '' },
  });
  const { register, handleSubmit, formState } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await api.post('/v1/staff/login', {
        schema: contract('ZStaffLoginResponse'),
        body: values,
      });
      useStaffSession.getState().signIn({
        staff: answer.staff,
        token: answer.access_token,
        expiresAt: answer.expires_at,
      });
    } catch (error) {
      setFailure(apiErrorMessage(error, t('failed')));
    }
  });

  const loginError = fieldKey(formState.errors.login?.message);
  const passwordError = fieldKey(formState.errors.password?.message);
  return (
    <section className="mx-auto mt-6 w-full max-w-sm rounded-card bg-white p-5 shadow-card sm:p-6">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      {ended ? (
        <p
          role="status"
          data-testid="session-ended"
          className="mt-3 rounded-xl bg-[#fef3c6] px-3 py-2 font-semibold text-[#7b3306]"
        >
          {t('sessionEnded')}
        </p>
      ) : null}
      <p className={hintClass}>{t('intro')}</p>
      <form className="mt-4 flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <div>
          <label htmlFor={`${id}-login`} className="font-semibold">
            {t('login')}
          </label>
          <input
            id={`${id}-login`}
            className={inputClass}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={loginError ? true : undefined}
            aria-describedby={loginError ? `${id}-login-error` : undefined}
            {...register('login')}
          />
          {loginError ? (
            <p id={`${id}-login-error`} className={errorClass}>
              {t(loginError)}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={`${id}-password`} className="font-semibold">
            {t('password')}
          </label>
          <input
            id={`${id}-password`}
            type="password"
            className={inputClass}
            autoComplete="current-password"
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? `${id}-password-error` : undefined}
            {...register('password')}
          />
          {passwordError ? (
            <p id={`${id}-password-error`} className={errorClass}>
              {t(passwordError)}
            </p>
          ) : null}
        </div>
        {failure ? (
          <p
            role="alert"
            data-testid="sign-in-error"
            className="rounded-xl bg-[#fef2f2] px-3 py-2 text-[#9f0712]"
          >
            {failure}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="justify-center" busy={formState.isSubmitting}>
          {formState.isSubmitting ? t('submitting') : t('submit')}
        </Button>
      </form>
    </section>
  );
}
