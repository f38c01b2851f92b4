import type { TApiClient } from '@/lib/api-client';

/**
 * The page's API client and locale for the location choices (`choose.ts`), kept apart from them so
 * `<LocationSlot>` (in every page's first load) registers them without bringing the choices' code:
 * a saved point picked on the profile page before the slot's work has loaded still finds the client.
 */
export type TLocationContext = { api: TApiClient; locale: string };

let context: TLocationContext | null = null;

/** `<LocationSlot>` keeps the page's client and locale here; returns the unregister function. */
export function registerLocationContext(value: TLocationContext): () => void {
  context = value;
  return () => {
    if (context === value) context = null;
  };
}

export function locationContext(): TLocationContext | null {
  return context;
}
