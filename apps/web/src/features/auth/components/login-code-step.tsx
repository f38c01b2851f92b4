'use client';

import type { TAuthResponse } from '@app/contracts';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { notify } from '@/components/ui/toasts';
import type { TApiClient } from '@/lib/api-client';
import { useFocusOnMount } from '../hooks/use-focus-on-mount';
import type { TLoginStep } from '../hooks/use-login-flow';
import { confirmCode, sendCode } from '../lib/auth-api';
import { phoneErrorText } from '../lib/auth-errors';
import { formatCountdown, secondsLeft } from '../lib/countdown';
import { CodeField, useCodeEntry } from './code-field';
import { loginErrorClass, loginInputClass, loginLinkButtonClass } from './login-styles';

/** 'Resend in 0:60' counting down to the deadline (the clock is outside React), then the resend link. */
function ResendCountdown({ deadline, onResend }: { deadline: number; onResend: () => void }) {
  const t = useTranslations('common.auth');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  const left = secondsLeft(deadline, now);
  if (left > 0) {
    return (
      <p className="text-sm text-muted" data-testid="resend-countdown">
        {t('resendIn', { time: formatCountdown(left) })}
      </p>
    );
  }
  return (
    <button type="button" onClick={onResend} className={`${loginLinkButtonClass} self-start text-sm`}>
      {t('resend')}
    </button>
  );
}

/**
 * The code step (spec sections 4 and 5): six digits confirm at once (login-confirm, then
 * register-confirm); a refused code is cleared with its message; the resend link after the countdown
 * restarts it and sends a new code; the phone can be changed.
 */
export function CodeStep({
  api,
  step,
  maskedPhone,
  onRestart,
  onConfirmed,
  onChangePhone,
}: {
  api: TApiClient;
  step: Extract<TLoginStep, { kind: 'code' }>;
  maskedPhone: string;
  onRestart: () => void;
  onConfirmed: (auth: TAuthResponse) => void;
  onChangePhone: () => void;
}) {
  const t = useTranslations('common.auth');
  const inputRef = useFocusOnMount<HTMLInputElement>();
  const entry = useCodeEntry(
    async (value) => onConfirmed(await confirmCode(api, step.outcome, step.phone, value)),
    t('wrong_code_entered'),
    // The field was read-only while checking; put the cursor back for the next try.
    () => requestAnimationFrame(() => inputRef.current?.focus()),
  );

  async function resend() {
    // Spec section 4: pressing it restarts the 60 seconds and sends a new code.
    onRestart();
    entry.setError(null);
    entry.setCode('');
    inputRef.current?.focus();
    try {
      await sendCode(api, step.outcome, step.phone);
      notify('success', t('codeResent'));
    } catch (failure) {
      entry.setError(phoneErrorText(failure, t('wrong_code_entered')));
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="rounded-card bg-brand-50 p-3 text-sm">
        <span className="block font-semibold">{t('phone_number_is_submitted')}</span>
        {t('codeSentTo', { phone: maskedPhone })}
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void entry.confirm(entry.code);
        }}
      >
        <CodeField
          entry={entry}
          label={t('codeLabel')}
          inputRef={inputRef}
          inputClassName={loginInputClass}
          errorClassName={loginErrorClass}
        />
        {/* A live region present before the check starts, so 'Checking…' is announced. */}
        <p className="text-sm text-muted" aria-live="polite">
          {entry.pending ? <span className="mt-2 block">{t('checking')}</span> : null}
        </p>
      </form>
      <ResendCountdown deadline={step.deadline} onResend={() => void resend()} />
      <button type="button" onClick={onChangePhone} className={`${loginLinkButtonClass} self-start text-sm`}>
        {t('changePhone')}
      </button>
    </div>
  );
}
