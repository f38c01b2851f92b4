'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { describedBy, Field, inputClass, Section } from './form-parts';

/**
 * The promo code: Apply asks the discount quote with the code (the server checks it: unknown, not
 * for you, already used, not for this order), and shows its refusal; an applied code can be removed.
 */
export function PromoCodeField({
  applied,
  error,
  disabled,
  onApply,
  onRemove,
}: {
  applied: string | null;
  /** A refusal to show: of the last Apply, or of the applied code when it stopped applying. */
  error: string | null;
  disabled: boolean;
  /** Resolves with the refusal's message, or null when the code applies. */
  onApply: (code: string) => Promise<string | null>;
  onRemove: () => void;
}) {
  const t = useTranslations('order.checkout.promo');
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const shown = localError ?? error;

  const apply = async () => {
    if (busy) return;
    const value = code.trim();
    if (!value) {
      setLocalError(t('needCode'));
      return;
    }
    setBusy(true);
    setLocalError(null);
    const refusal = await onApply(value);
    setBusy(false);
    if (refusal) setLocalError(refusal);
    else setCode('');
  };

  return (
    <Section id={`${id}-title`} title={t('title')}>
      {applied ? (
        <div className="flex flex-wrap items-center justify-between gap-2" data-testid="promo-applied">
          <p role="status" className="font-medium text-brand-800">
            {t('applied', { code: applied })}
          </p>
          <Button
            variant="secondary"
            size="sm"
            onClick={onRemove}
            aria-label={t('removeNamed', { code: applied })}
          >
            {t('remove')}
          </Button>
        </div>
      ) : (
        <Field id={`${id}-code`} label={t('label')} error={shown ? <span role="alert">{shown}</span> : null}>
          <div className="mt-1 flex gap-2">
            <input
              {...describedBy(`${id}-code`, false, shown !== null)}
              value={code}
              maxLength={40}
              autoComplete="off"
              autoCapitalize="characters"
              onChange={(e) => {
                setCode(e.target.value);
                setLocalError(null);
              }}
              onKeyDown={(e) => {
                // Enter applies the code; it does not place the order.
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void apply();
                }
              }}
              className={`${inputClass} mt-0`}
              data-testid="promo-input"
            />
            <Button variant="secondary" onClick={() => void apply()} busy={busy} disabled={disabled}>
              {busy ? t('applying') : t('apply')}
            </Button>
          </div>
        </Field>
      )}
    </Section>
  );
}
