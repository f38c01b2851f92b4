'use client';

import type { TAuthResponse, TCustomer } from '@app/contracts';
import { isNameValid } from '@app/domain';
import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useApiFactory } from '@/lib/config-provider';
import { useFocusOnMount } from '../hooks/use-focus-on-mount';
import { updateCustomer } from '../lib/auth-api';
import { phoneErrorText } from '../lib/auth-errors';
import { loginErrorClass, loginInputClass } from './login-styles';

/** The name step (spec section 4): after a registration, or when the stored name is the placeholder. */
export function NameStep({ auth, onNamed }: { auth: TAuthResponse; onNamed: (customer: TCustomer) => void }) {
  const t = useTranslations('common.auth');
  const apiWithToken = useApiFactory();
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inputRef = useFocusOnMount<HTMLInputElement>();
  // The customer is not stored yet (that is the last step), so this call carries the new token itself.
  const api = useMemo(
    () => apiWithToken({ getToken: () => auth.access_token }),
    [apiWithToken, auth.access_token],
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isNameValid(name)) {
      setError(t('enter_your_name'));
      inputRef.current?.focus();
      return;
    }
    setPending(true);
    setError(null);
    try {
      const { user } = await updateCustomer(api, auth.user.id, { name: name.trim() });
      onNamed(user);
    } catch (failure) {
      setError(phoneErrorText(failure, t('enter_your_name')));
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <label className="block">
        <span className="font-semibold">{t('nameLabel')}</span>
        <input
          ref={inputRef}
          value={name}
          autoComplete="given-name"
          maxLength={100}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={loginInputClass}
        />
      </label>
      {error ? (
        <p id={`${id}-error`} role="alert" className={loginErrorClass}>
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full justify-center" busy={pending}>
        {pending ? t('sending') : t('continue')}
      </Button>
    </form>
  );
}
