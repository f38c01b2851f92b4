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
export function Price({ amount, oldAmount, className }: TPriceProps) {
  const locale = useLocale() as MoneyLocale;
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
