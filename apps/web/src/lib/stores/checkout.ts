import type { TPaymentType } from '@app/contracts';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistOptions, registerPersistedStore } from './persist';

/** The checkout form (spec section 3), kept for the browser session only. */
export type TCheckoutForm = {
  payment_type: TPaymentType;
  accommodation: string;
  apartment: string;
  building: string;
  floor: string;
  description: string;
  /** ISO date-time of a scheduled order; null means as soon as possible. */
  future_time: string | null;
  is_courier_call: boolean;
  is_preorder: boolean;
  /** Cash only: the banknote sum the customer pays with; null: no change needed. */
  change_from: number | null;
  comment: string;
  /** The promo code the customer applied (checked by the discount quote); empty: none. */
  promo_code: string;
};

export const CHECKOUT_DEFAULTS: TCheckoutForm = {
  payment_type: 'cash',
  accommodation: '',
  apartment: '',
  building: '',
  floor: '',
  description: '',
  future_time: null,
  is_courier_call: true,
  is_preorder: false,
  change_from: null,
  comment: '',
  promo_code: '',
};

type TCheckoutState = TCheckoutForm & {
  setFields: (patch: Partial<TCheckoutForm>) => void;
  reset: () => void;
};

export const useCheckoutStore = create<TCheckoutState>()(
  persist(
    (set) => ({
      ...CHECKOUT_DEFAULTS,
      setFields: (patch) => set(patch),
      reset: () => set(CHECKOUT_DEFAULTS),
    }),
    persistOptions<TCheckoutState>('checkout'),
  ),
);
registerPersistedStore(useCheckoutStore);
