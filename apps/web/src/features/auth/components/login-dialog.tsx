'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { useApi } from '@/lib/config-provider';
import { useLoginFlow } from '../hooks/use-login-flow';
import { CodeStep } from './login-code-step';
import { NameStep } from './login-name-step';
import { PhoneStep } from './login-phone-step';

/**
 * The sign-in dialog (spec section 4, "Login"): phone → code → (name) → completion, the steps kept
 * by useLoginFlow. Open while the URL has `?login`; closing removes it; completion goes on to `next`,
 * the page the customer was on their way to (the spec's onLastConfirm).
 */
export function LoginDialog({ open, next }: { open: boolean; next: string | null }) {
  const t = useTranslations('common.auth');
  const api = useApi();
  const flow = useLoginFlow({ open, next });
  const { step } = flow;
  // Kept across the steps and openings: the number as typed and the ticked offer box.
  const [phone, setPhone] = useState('');
  const [offer, setOffer] = useState(false);

  return (
    <Dialog
      open={flow.visible}
      onOpenChange={(nextOpen) => !nextOpen && flow.close()}
      title={step.kind === 'name' ? t('nameTitle') : t('title')}
      fullScreenOnMobile
    >
      {step.kind === 'phone' ? (
        <PhoneStep
          api={api}
          phone={phone}
          onPhoneChange={setPhone}
          offer={offer}
          onOfferChange={setOffer}
          onCodeSent={flow.codeSent}
        />
      ) : step.kind === 'code' ? (
        <CodeStep
          key={step.phone}
          api={api}
          step={step}
          maskedPhone={phone}
          onRestart={flow.restartCountdown}
          onConfirmed={flow.confirmed}
          onChangePhone={flow.changePhone}
        />
      ) : (
        <NameStep auth={step.auth} onNamed={flow.named} />
      )}
    </Dialog>
  );
}
