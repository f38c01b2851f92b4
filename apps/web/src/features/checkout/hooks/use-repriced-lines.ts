'use client';

import type { TLocalizedText } from '@app/contracts';
import type { CartLine } from '@app/domain';
import { useEffect, useState } from 'react';
import { cartStore } from '@/features/cart';
import { priceChanges } from '../lib/quote';
import type { TOrderQuoteState } from './use-checkout-quote';

export type TRepricedLine = { key: string; name: TLocalizedText };

/**
 * A cart price that is not the server's takes the server's (the cart store is outside React, so an
 * effect writes it), and the dishes whose price changed are remembered for the page to name.
 */
export function useRepricedLines(lines: readonly CartLine[], quote: TOrderQuoteState): TRepricedLine[] {
  const changes =
    quote.status === 'ready' && quote.current ? priceChanges(lines, quote.lineKeys, quote.quote.lines) : [];
  const [repriced, setRepriced] = useState<TRepricedLine[]>([]);
  const unnamed = changes.filter((c) => !repriced.some((r) => r.key === c.key));
  if (unnamed.length > 0) {
    setRepriced([...repriced, ...unnamed.map(({ key, name }) => ({ key, name }))]);
  }

  const changesKey = JSON.stringify(changes.map((c) => [c.key, c.unitPrice]));
  // biome-ignore lint/correctness/useExhaustiveDependencies: changesKey stands for the changes' content.
  useEffect(() => {
    if (changes.length > 0) cartStore.getState().setUnitPrices(changes);
  }, [changesKey]);

  return repriced;
}
