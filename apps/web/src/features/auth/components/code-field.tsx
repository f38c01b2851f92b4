'use client';

import { isCodeComplete, sanitizeCode } from '@app/domain';
import { type Ref, useId, useState } from 'react';
import { codeErrorText } from '../lib/auth-errors';

export type TCodeEntry = ReturnType<typeof useCodeEntry>;

/**
 * The state of a one-time-code field (spec section 5): letters are dropped, anything past six digits
 * is ignored, six digits submit at once; a refused code is cleared and its error shown.
 */
export function useCodeEntry(
  submit: (code: string) => Promise<void>,
  wrongCodeText: string,
  onRefused?: () => void,
) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function confirm(value: string) {
    if (!isCodeComplete(value) || pending) return;
    setPending(true);
    setError(null);
    try {
      // On success the caller moves on; the field stays pending until it unmounts.
      await submit(value);
    } catch (failure) {
      setError(codeErrorText(failure, wrongCodeText));
      setCode('');
      setPending(false);
      onRefused?.();
    }
  }

  function change(raw: string) {
    const next = sanitizeCode(raw);
    setCode(next);
    setError(null);
    if (isCodeComplete(next)) void confirm(next);
  }

  return { code, error, pending, confirm, change, setCode, setError };
}

/** The labelled code input with its error, for the sign-in dialog and the phone change on /profile. */
export function CodeField({
  entry,
  label,
  inputRef,
  inputClassName,
  errorClassName,
}: {
  entry: TCodeEntry;
  label: string;
  inputRef?: Ref<HTMLInputElement>;
  inputClassName: string;
  errorClassName: string;
}) {
  const id = useId();
  return (
    <>
      <label className="block">
        <span className="font-semibold">{label}</span>
        <input
          ref={inputRef}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          value={entry.code}
          readOnly={entry.pending}
          onChange={(event) => entry.change(event.target.value)}
          aria-invalid={entry.error ? true : undefined}
          aria-describedby={entry.error ? `${id}-error` : undefined}
          className={`${inputClassName} tracking-[0.4em]`}
        />
      </label>
      {entry.error ? (
        <p id={`${id}-error`} role="alert" className={errorClassName}>
          {entry.error}
        </p>
      ) : null}
    </>
  );
}
