'use client';

import type { TDeliveryType } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from '@/lib/config-provider';
import {
  CART_DISCOUNT_STALE_MS,
  cartDiscountProducts,
  cartDiscountQueryKey,
  fetchCartDiscounts,
} from '../api/cart-discounts';
import { cartStore, useCart } from '../store';

/**
 * Keeps the cart's discounted prices current (spec section 4, "Cart": the price update): whenever its
 * products, the branch or the order type change, the server's discounts are asked for (debounced, a
 * stale request cancelled: api/cart-discounts.ts) and applied to the lines. Until the server answers,
 * the lines keep their last prices; when it cannot answer, they show the plain prices, since only the
 * server says what is discounted. Needs the QueryProvider; `enabled` once the stored cart is read.
 */
export function useCartDiscounts({
  branchId,
  deliveryType,
  enabled,
}: {
  branchId: string | null;
  deliveryType: TDeliveryType;
  enabled: boolean;
}): void {
  const api = useApi();
  const products = useCart((s) => cartDiscountProducts(s.lines));
  const request = products === null ? null : { branchId, deliveryType, products };
  const query = useQuery({
    queryKey: request ? cartDiscountQueryKey(request) : ['discount-with-products', null],
    queryFn: ({ signal }) => {
      if (!request) throw new Error('useCartDiscounts: the query runs only with products');
      return fetchCartDiscounts(api, request, signal);
    },
    enabled: enabled && request !== null,
    staleTime: CART_DISCOUNT_STALE_MS,
  });

  const { data, isError } = query;
  useEffect(() => {
    if (data) cartStore.getState().setDiscounts(data.products);
    else if (isError) cartStore.getState().setDiscounts([]);
  }, [data, isError]);
}
