'use client';

import { isPhoneValid, toApiPhone } from '@app/domain';
import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Link } from '@/i18n/navigation';
import type { TApiClient } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useFocusOnMount } from '../hooks/use-focus-on-mount';
import { lookupPhone, sendCode, type TLoginOutcome } from '../lib/auth-api';
import { phoneErrorText } from '../lib/auth-errors';
import { nextPhoneValue } from '../lib/phone-input';
import { loginErrorClass, loginInputClass } from './login-styles';

/**
 * The phone step (spec sections 4 and 5): the masked number and the offer's consent; the lookup
 * tells login from registration, and the code is sent.
 */
export function PhoneStep({
  api,
  phone,
  onPhoneChange,
  offer,
  onOfferChange,
  onCodeSent,
}: {
  api: TApiClient;
  phone: string;
  onPhoneChange: (value: string) => void;
  offer: boolean;
  onOfferChange: (value: boolean) => void;
  onCodeSent: (outcome: TLoginOutcome, apiPhone: string) => void;
}) {
  const t = useTranslations('common.auth');
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inputRef = useFocusOnMount<HTMLInputElement>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const apiPhone = toApiPhone(phone);
    // Spec section 5: the button needs the offer box, the handler itself checks only the number.
    if (!isPhoneValid(phone) || !apiPhone) {
      setError(t('wrong_phone_entered'));
      inputRef.current?.focus();
      return;
    }
    setError(null);
    setPending(true);
    try {
      const outcome = await lookupPhone(api, apiPhone);
      await sendCode(api, outcome, apiPhone);
      onCodeSent(outcome, apiPhone);
    } catch (failure) {
      setError(phoneErrorText(failure, t('wrong_phone_entered')));
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <label className="block">
        <span className="font-semibold">{t('phoneLabel')}</span>
        <input
          ref={inputRef}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder="+998 __ ___ __ __"
          value={phone}
          onChange={(event) => {
            onPhoneChange(nextPhoneValue(phone, event.target.value));
            setError(null);
          }}
          onFocus={() => {
            if (!phone) onPhoneChange(nextPhoneValue('', ''));
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
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          checked={offer}
          onChange={(event) => onOfferChange(event.target.checked)}
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
        />
        <span>
          {t.rich('offer', {
            link: (chunks) => (
              <Link href={paths.offer()} target="_blank" className="font-semibold text-brand-700 underline">
                {chunks}
              </Link>
            ),
          })}
        </span>
      </label>
      <Button type="submit" size="lg" className="w-full justify-center" busy={pending} disabled={!offer}>
        {pending ? t('sending') : t('getCode')}
      </Button>
    </form>
  );
}
