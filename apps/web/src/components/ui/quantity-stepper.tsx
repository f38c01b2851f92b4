'use client';

import { useTranslations } from 'next-intl';

/**
 * − n + with labelled buttons; the value is announced as it changes. A button at its limit is marked
 * `aria-disabled` and does nothing, rather than `disabled`: pressing '−' down to the minimum would
 * otherwise disable the button under the keyboard's focus and drop the focus to the page.
 */
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
      ? 'inline-flex h-8 w-8 items-center justify-center rounded-full text-lg font-bold hover:bg-brand-100 aria-disabled:cursor-default aria-disabled:text-line aria-disabled:hover:bg-transparent'
      : 'inline-flex h-10 w-10 items-center justify-center rounded-full text-xl font-bold hover:bg-brand-100 aria-disabled:cursor-default aria-disabled:text-line aria-disabled:hover:bg-transparent';
  return (
    <div
      className="inline-flex items-center gap-1 rounded-full bg-white ring-1 ring-line"
      data-testid={testId}
    >
      <button
        type="button"
        className={button}
        onClick={() => {
          if (value > min) onChange(value - 1);
        }}
        aria-disabled={value <= min || undefined}
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
        onClick={() => {
          if (value < max) onChange(value + 1);
        }}
        aria-disabled={value >= max || undefined}
        aria-label={label ? t('increaseNamed', { name: label }) : t('increase')}
        data-testid={testId ? `${testId}-increase` : undefined}
      >
        +
      </button>
    </div>
  );
}
