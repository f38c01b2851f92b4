'use client';

import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { errorClass, hintClass, inputClass } from '@/components/ui/field-classes';

export { errorClass, hintClass, inputClass };

/** One block of the checkout form, titled for screen readers' landmarks and headings. */
export function Section({
  id,
  title,
  children,
  className,
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn('flex flex-col gap-3 rounded-card bg-white p-4 shadow-card md:p-5', className)}
    >
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A labelled field with its hint and error, tied together for assistive technology. */
export function Field({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={errorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes of an input with an optional hint and error (see Field). */
export const describedBy = (id: string, hint: boolean, error: boolean) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby':
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined,
});
