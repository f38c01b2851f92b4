import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistOptions, registerPersistedStore } from './persist';

/** Per-browser-session state (spec section 3, "Session state"). */
export type TSessionData = {
  mobileAd: boolean;
  isLocation: boolean;
  caniuseCookies: boolean;
  addressAccepted: boolean;
  crm_table_number: string | null;
  crm_table_id: string | null;
  is_hall: boolean;
  branch_id: string | null;
  shipper_id: string | null;
  platform_id: string | null;
  menu_id: string | null;
  fcm_token: string | null;
  chat_id: string | null;
  source: string | null;
};

export const SESSION_DEFAULTS: TSessionData = {
  mobileAd: true,
  isLocation: false,
  caniuseCookies: false,
  addressAccepted: false,
  crm_table_number: null,
  crm_table_id: null,
  is_hall: false,
  branch_id: null,
  shipper_id: null,
  platform_id: null,
  menu_id: null,
  fcm_token: null,
  chat_id: null,
  source: null,
};

type TSessionState = TSessionData & {
  setSession: (patch: Partial<TSessionData>) => void;
  reset: () => void;
};

export const useSessionStore = create<TSessionState>()(
  persist(
    (set) => ({
      ...SESSION_DEFAULTS,
      setSession: (patch) => set(patch),
      reset: () => set(SESSION_DEFAULTS),
    }),
    persistOptions<TSessionState>('session'),
  ),
);
registerPersistedStore(useSessionStore);
