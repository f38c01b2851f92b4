import type { TBranchFigures } from '@app/contracts';

/** Average minutes of a stage to one decimal ('12.5'), or null when no order has passed it yet. */
export function formatMinutes(value: number | null, locale: string): string | null {
  if (value === null || !Number.isFinite(value)) return null;
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
}

/** The chain's line under the branches' figures: orders, revenue and cancellations added up. */
export function chainTotals(branches: readonly TBranchFigures[]) {
  return branches.reduce(
    (sum, b) => ({
      orders: sum.orders + b.orders,
      revenue: sum.revenue + b.revenue,
      cancelled: sum.cancelled + b.cancelled,
    }),
    { orders: 0, revenue: 0, cancelled: 0 },
  );
}
