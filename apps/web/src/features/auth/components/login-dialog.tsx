'use client';

import type { TAuthResponse, TCustomer } from '@app/contracts';
import { isNameValid, isPhoneValid, toApiPhone } from '@app/domain';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { notify } from '@/components/ui/toasts';
import { Link } from '@/i18n/navigation';
import type { TApiClient } from '@/lib/api-client';
import { useApi, useApiFactory } from '@/lib/config-provider';
import { paths } from '@/lib/paths';
import { useAuthStore } from '@/lib/stores/auth';
import { useAuthHydrated } from '../hooks/use-auth-hydrated';
import { closeLogin, currentPathForNext } from '../hooks/use-open-login';
import { confirmCode, lookupPhone, sendCode, type TLoginOutcome, updateCustomer } from '../lib/auth-api';
import { phoneErrorText } from '../lib/auth-errors';
import { formatCountdown, resendDeadline, secondsLeft } from '../lib/countdown';
import { needsName } from '../lib/customer-name';
import { pushAuthorizationSuccessful, type TDataLayerTarget } from '../lib/data-layer';
import { nextPhoneValue } from '../lib/phone-input';
import { markSessionChecked } from '../lib/session-checked';
import { CodeField, useCodeEntry } from './code-field';

const inputClass =
  'mt-1 block w-full rounded-xl border border-line bg-white px-3 py-3 text-lg focus:border-brand-600 aria-[invalid=true]:border-paprika-500';
const errorClass = 'mt-2 text-sm text-paprika-600';
const linkButtonClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline disabled:text-muted';

type TStep =
  | { kind: 'phone' }
  | { kind: 'code'; outcome: TLoginOutcome; phone: string; deadline: number }
  | { kind: 'name'; auth: TAuthResponse };

/** Focuses an element when it mounts (a step's field); Radix focused the first field of the dialog. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

function PhoneStep({
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
          className={inputClass}
        />
      </label>
      {error ? (
        <p id={`${id}-error`} role="alert" className={errorClass}>
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
      <Button type="submit" size="lg" className="w-full justify-center" disabled={!offer || pending}>
        {pending ? t('sending') : t('getCode')}
      </Button>
    </form>
  );
}

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
    <button type="button" onClick={onResend} className={`${linkButtonClass} self-start text-sm`}>
      {t('resend')}
    </button>
  );
}

function CodeStep({
  api,
  step,
  maskedPhone,
  onRestart,
  onConfirmed,
  onChangePhone,
}: {
  api: TApiClient;
  step: Extract<TStep, { kind: 'code' }>;
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
          inputClassName={inputClass}
          errorClassName={errorClass}
        />
        {entry.pending ? (
          <p className="mt-2 text-sm text-muted" aria-live="polite">
            {t('checking')}
          </p>
        ) : null}
      </form>
      <ResendCountdown deadline={step.deadline} onResend={() => void resend()} />
      <button type="button" onClick={onChangePhone} className={`${linkButtonClass} self-start text-sm`}>
        {t('changePhone')}
      </button>
    </div>
  );
}

function NameStep({ auth, onNamed }: { auth: TAuthResponse; onNamed: (customer: TCustomer) => void }) {
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
          className={inputClass}
        />
      </label>
      {error ? (
        <p id={`${id}-error`} role="alert" className={errorClass}>
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full justify-center" disabled={pending}>
        {pending ? t('sending') : t('continue')}
      </Button>
    </form>
  );
}

/**
 * The sign-in dialog (spec section 4, "Login"): phone → code → (name) → completion. Open while the URL
 * has `?login`; closing removes it. Completion stores the customer (and cookie `user_id`), pushes
 * 'Authorization_successful' to the dataLayer, closes the dialog and goes on to `next`, the page the
 * customer was on their way to (the spec's onLastConfirm).
 */
export function LoginDialog({ open, next }: { open: boolean; next: string | null }) {
  const t = useTranslations('common.auth');
  const api = useApi();
  const router = useRouter();
  const hydrated = useAuthHydrated();
  const signedIn = useAuthStore((s) => s.user !== null);
  const [step, setStep] = useState<TStep>({ kind: 'phone' });
  const [phone, setPhone] = useState('');
  const [offer, setOffer] = useState(false);
  /** Set at completion until the dialog has closed, so the "already signed in" check does not go on twice. */
  const finished = useRef(false);

  // Each opening starts at the phone step (the typed number and the ticked box are kept).
  useEffect(() => {
    if (!open) {
      setStep({ kind: 'phone' });
      finished.current = false;
    }
  }, [open]);

  function goNext() {
    const here = currentPathForNext();
    closeLogin();
    if (next && next !== here) router.push(next);
  }

  // Already signed in (a stale link, another tab): nothing to ask, go where the link meant to go.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the state it reads changes.
  useEffect(() => {
    if (open && hydrated && signedIn && step.kind !== 'name' && !finished.current) {
      finished.current = true;
      goNext();
    }
  }, [open, hydrated, signedIn]);

  function complete(customer: TCustomer, accessToken: string) {
    finished.current = true;
    markSessionChecked(accessToken);
    useAuthStore.getState().setUser({
      id: customer.id,
      name: customer.name,
      phone: customer.phone,
      date_of_birth: customer.date_of_birth,
      access_token: accessToken,
    });
    pushAuthorizationSuccessful(window as Window & TDataLayerTarget);
    setStep({ kind: 'phone' });
    goNext();
  }

  function onConfirmed(auth: TAuthResponse) {
    // Spec section 4: the name step when registering, or when the stored name is the placeholder.
    if (step.kind === 'code' && needsName(step.outcome, auth.user.name)) {
      setStep({ kind: 'name', auth });
      return;
    }
    complete(auth.user, auth.access_token);
  }

  function onOpenChange(nextOpen: boolean) {
    if (nextOpen) return;
    // The code was right: closing at the name step still signs the customer in (the name can be
    // given later in the profile), rather than throwing away a confirmed sign-in.
    if (step.kind === 'name') complete(step.auth.user, step.auth.access_token);
    else closeLogin();
  }

  const title = step.kind === 'name' ? t('nameTitle') : t('title');
  const visible = open && hydrated && (!signedIn || step.kind === 'name');

  return (
    <Dialog open={visible} onOpenChange={onOpenChange} title={title} fullScreenOnMobile>
      {step.kind === 'phone' ? (
        <PhoneStep
          api={api}
          phone={phone}
          onPhoneChange={setPhone}
          offer={offer}
          onOfferChange={setOffer}
          onCodeSent={(outcome, apiPhone) =>
            setStep({ kind: 'code', outcome, phone: apiPhone, deadline: resendDeadline(Date.now()) })
          }
        />
      ) : step.kind === 'code' ? (
        <CodeStep
          key={step.phone}
          api={api}
          step={step}
          maskedPhone={phone}
          onRestart={() => setStep({ ...step, deadline: resendDeadline(Date.now()) })}
          onConfirmed={onConfirmed}
          onChangePhone={() => setStep({ kind: 'phone' })}
        />
      ) : (
        <NameStep auth={step.auth} onNamed={(customer) => complete(customer, step.auth.access_token)} />
      )}
    </Dialog>
  );
}
