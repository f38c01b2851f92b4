import type { TDeliveryType, TLatLong } from '@app/contracts';
import { DEFAULT_DELIVERY_TYPE } from '@app/domain';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { followOtherTabs, persistOptions, registerPersistedStore } from './persist';

/** A saved delivery address (spec section 3, "Address point"). */
export type TAddressPoint = {
  id: string;
  location: [lat: number, long: number];
  address: string;
  name: string;
  city: string;
  isActive: boolean;
  /** Details of a saved address (spec section 3, "Address"); empty when not given. */
  house?: string;
  floor?: string;
  porch?: string;
  apartment?: string;
};

/** The branch fields kept after a self-pickup choice or a nearest-branch lookup (spec section 4). */
export type TSelectedBranch = {
  id: string;
  slug: string;
  menu_id: string;
  name: string;
  address: string;
  location: TLatLong;
  delivery_time: number;
  future_delivery_order_time: number;
  future_self_pickup_order_time: number;
  /** 'HH:mm' Tashkent time: a closed current branch blocks ordering (spec section 5). */
  work_hour_start: string;
  work_hour_end: string;
};

export type TBranchHours = Pick<TSelectedBranch, 'work_hour_start' | 'work_hour_end'>;

export type TCommonData = {
  isMapModal: boolean;
  /** The tab the map dialog opens on (the checkout's 'Order pickup'); null: the current delivery type. */
  mapTab: TDeliveryType | null;
  isReservation: boolean;
  location: TLatLong | null;
  deliveryType: TDeliveryType;
  branch: TSelectedBranch | null;
  orderIds: string[];
  deliveryZoneId: string | null;
  searchedProduct: string;
  points: TAddressPoint[];
};

export const COMMON_DEFAULTS: TCommonData = {
  isMapModal: false,
  mapTab: null,
  isReservation: false,
  location: null,
  deliveryType: DEFAULT_DELIVERY_TYPE,
  branch: null,
  orderIds: [],
  deliveryZoneId: null,
  searchedProduct: '',
  points: [],
};

type TCommonState = TCommonData & {
  /** Opens or closes the map dialog; `tab` picks the tab it opens on (default: the delivery type). */
  setMapModal: (open: boolean, tab?: TDeliveryType) => void;
  setReservation: (value: boolean) => void;
  setLocation: (location: TLatLong | null) => void;
  setDeliveryType: (type: TDeliveryType) => void;
  setBranch: (branch: TSelectedBranch | null) => void;
  /**
   * The chosen branch's working hours as the live read last gave them (a manager changed them after
   * the branch was chosen); nothing is written for another branch or the same hours.
   */
  setBranchHours: (branchId: string, hours: TBranchHours) => void;
  addOrderId: (id: string) => void;
  setDeliveryZoneId: (id: string | null) => void;
  setSearchedProduct: (text: string) => void;
  /** Point rules (save, update, activate, remove) arrive with the location issue; they replace the list. */
  setPoints: (points: TAddressPoint[]) => void;
  reset: () => void;
};

export const useCommonStore = create<TCommonState>()(
  persist(
    (set) => ({
      ...COMMON_DEFAULTS,
      setMapModal: (isMapModal, tab) => set({ isMapModal, mapTab: isMapModal ? (tab ?? null) : null }),
      setReservation: (isReservation) => set({ isReservation }),
      setLocation: (location) => set({ location }),
      setDeliveryType: (deliveryType) => set({ deliveryType }),
      setBranch: (branch) => set({ branch }),
      setBranchHours: (branchId, hours) =>
        set((state) =>
          state.branch?.id === branchId &&
          (state.branch.work_hour_start !== hours.work_hour_start ||
            state.branch.work_hour_end !== hours.work_hour_end)
            ? { branch: { ...state.branch, ...hours } }
            : state,
        ),
      addOrderId: (id) =>
        set((state) => ({
          orderIds: state.orderIds.includes(id) ? state.orderIds : [...state.orderIds, id],
        })),
      setDeliveryZoneId: (deliveryZoneId) => set({ deliveryZoneId }),
      setSearchedProduct: (searchedProduct) => set({ searchedProduct }),
      setPoints: (points) => set({ points }),
      reset: () => set(COMMON_DEFAULTS),
    }),
    {
      ...persistOptions<TCommonState>('common'),
      // The map dialog being open (and on which tab) is not something to restore after a reload.
      // Actions are functions, which JSON storage drops anyway.
      partialize: ({ isMapModal: _open, mapTab: _tab, ...rest }) => rest,
    },
  ),
);
registerPersistedStore(useCommonStore);
// A tab still holding an older address, branch or order type would write it back over another tab's
// newer choice with its next change (the cookies, which choose the menu, would then disagree).
followOtherTabs('common', useCommonStore);
