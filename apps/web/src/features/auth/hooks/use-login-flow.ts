'use client';

import type { TAuthResponse, TCustomer } from '@app/contracts';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useAuthStore } from '@/lib/stores/auth';
import type { TLoginOutcome } from '../lib/auth-api';
import { resendDeadline } from '../lib/countdown';
import { needsName } from '../lib/customer-name';
import { pushAuthorizationSuccessful, type TDataLayerTarget } from '../lib/data-layer';
import { markSessionChecked } from '../lib/session-checked';
import { useAuthHydrated } from './use-auth-hydrated';
import { closeLogin, currentPathForNext } from './use-open-login';

export type TLoginStep =
  | { kind: 'phone' }
  | { kind: 'code'; outcome: TLoginOutcome; phone: string; deadline: number }
  | { kind: 'name'; auth: TAuthResponse };

/**
 * The sign-in's steps (spec section 4, "Login"): phone → code → (name) → completion. Each opening
 * starts at the phone step. Completion stores the customer (and cookie `user_id`), pushes
 * 'Authorization_successful' to the dataLayer, closes the dialog and goes on to `next`; a customer
 * already signed in when it opens (a stale link, another tab) goes there at once.
 */
export function useLoginFlow({ open, next }: { open: boolean; next: string | null }) {
  const router = useRouter();
  const hydrated = useAuthHydrated();
  const signedIn = useAuthStore((s) => s.user !== null);
  const [step, setStep] = useState<TLoginStep>({ kind: 'phone' });
  /** Set at completion until the dialog has closed, so going on to `next` happens once. */
  const finished = useRef(false);

  // Closing brings the next opening back to the phone step (the number and the ticked box are kept
  // by the dialog).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) setStep({ kind: 'phone' });
  }

  function goNext() {
    const here = currentPathForNext();
    closeLogin();
    if (next && next !== here) router.push(next);
  }

  // The URL and the router are outside React: an opening for a customer already signed in leaves at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the state it reads changes.
  useEffect(() => {
    if (!open) {
      finished.current = false;
      return;
    }
    if (hydrated && signedIn && step.kind !== 'name' && !finished.current) {
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

  return {
    step,
    /** Shown while open, once the stored customer is known, unless signed in (the name step excepted). */
    visible: open && hydrated && (!signedIn || step.kind === 'name'),
    codeSent: (outcome: TLoginOutcome, phone: string) =>
      setStep({ kind: 'code', outcome, phone, deadline: resendDeadline(Date.now()) }),
    /** The resend link restarts the countdown. */
    restartCountdown: () =>
      setStep((current) =>
        current.kind === 'code' ? { ...current, deadline: resendDeadline(Date.now()) } : current,
      ),
    changePhone: () => setStep({ kind: 'phone' }),
    confirmed: (auth: TAuthResponse) => {
      // Spec section 4: the name step when registering, or when the stored name is the placeholder.
      if (step.kind === 'code' && needsName(step.outcome, auth.user.name)) setStep({ kind: 'name', auth });
      else complete(auth.user, auth.access_token);
    },
    named: (customer: TCustomer) => {
      if (step.kind === 'name') complete(customer, step.auth.access_token);
    },
    /** Closing at the name step still signs in: the code was right, the name can come later. */
    close: () => {
      if (step.kind === 'name') complete(step.auth.user, step.auth.access_token);
      else closeLogin();
    },
  };
}
