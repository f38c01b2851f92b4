import { formatSum, type MoneyLocale } from '@app/domain';
import { useLocale } from 'next-intl';
import { cn } from './cn';

export type TPriceProps = {
  amount: number;
  /** The price before a discount, shown struck through when higher than `amount`. */
  oldAmount?: number;
  className?: string;
};

/** An amount in sums in the current locale: '32 000 сум', "32 000 so'm", '32,000 sum'. */
export function Price(props: TPriceProps) {
  return <PriceIn locale={useLocale() as MoneyLocale} {...props} />;
}

/**
 * `Price` in a given locale, without hooks: for markup repeated many times whose parent already
 * knows the locale (the menu's cards, issue 11).
 */
export function PriceIn({ amount, oldAmount, className, locale }: TPriceProps & { locale: MoneyLocale }) {
  return (
    <span className={cn('whitespace-nowrap', className)}>
      {oldAmount !== undefined && oldAmount > amount ? (
        <>
          <del className="mr-2 text-sm font-normal text-muted">{formatSum(oldAmount, locale)}</del>{' '}
        </>
      ) : null}
      <span>{formatSum(amount, locale)}</span>
    </span>
  );
}
