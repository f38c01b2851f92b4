'use client';

import { useTranslations } from 'next-intl';

/** − n + with labelled buttons; the value is announced as it changes. */
export function QuantityStepper({
  value,
  onChange,
  min = 1,
  max = 99,
  label,
  testId,
  size = 'md',
}: {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  /** What is being counted, for the buttons' accessible names ("Remove one Cheese"). */
  label?: string;
  testId?: string;
  size?: 'sm' | 'md';
}) {
  const t = useTranslations('common.product');
  const button =
    size === 'sm'
      ? 'inline-flex h-8 w-8 items-center justify-center rounded-full text-lg font-bold hover:bg-brand-100 disabled:text-line disabled:hover:bg-transparent'
      : 'inline-flex h-10 w-10 items-center justify-center rounded-full text-xl font-bold hover:bg-brand-100 disabled:text-line disabled:hover:bg-transparent';
  return (
    <div
      className="inline-flex items-center gap-1 rounded-full bg-white ring-1 ring-line"
      data-testid={testId}
    >
      <button
        type="button"
        className={button}
        onClick={() => onChange(value - 1)}
        disabled={value <= min}
        aria-label={label ? t('decreaseNamed', { name: label }) : t('decrease')}
        data-testid={testId ? `${testId}-decrease` : undefined}
      >
        −
      </button>
      <output
        aria-live="polite"
        className="min-w-6 text-center font-semibold tabular-nums"
        data-testid={testId ? `${testId}-value` : undefined}
      >
        {value}
      </output>
      <button
        type="button"
        className={button}
        onClick={() => onChange(value + 1)}
        disabled={value >= max}
        aria-label={label ? t('increaseNamed', { name: label }) : t('increase')}
        data-testid={testId ? `${testId}-increase` : undefined}
      >
        +
      </button>
    </div>
  );
}
