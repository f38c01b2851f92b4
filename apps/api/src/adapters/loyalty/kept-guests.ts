/** What a movement needs of an iiko guest: their id and their bonus wallet's. */
export type GuestIds = { id: string; walletId: string };

export type KeptGuests = {
  /** Keeps a guest's ids read now by phone, for ttlMs (a phone kept again starts anew, as the newest). */
  keep(phone: string, ids: GuestIds): void;
  /** The ids kept for a phone, or null when none are, or they are older than ttlMs. */
  get(phone: string): GuestIds | null;
  forget(phone: string): void;
};

/**
 * Guests' ids by phone, each reused for ttlMs after its read, for at most `max` phones: past it, the
 * oldest read is dropped first (a Map keeps insertion order, and a phone kept again moves to its end).
 */
export function createKeptGuests(options: { ttlMs: number; max: number; now: () => number }): KeptGuests {
  const kept = new Map<string, GuestIds & { until: number }>();
  return {
    keep(phone, ids) {
      kept.delete(phone);
      kept.set(phone, { id: ids.id, walletId: ids.walletId, until: options.now() + options.ttlMs });
      for (const oldest of kept.keys()) {
        if (kept.size <= options.max) break;
        kept.delete(oldest);
      }
    },
    get(phone) {
      const known = kept.get(phone);
      if (!known) return null;
      if (known.until > options.now()) return { id: known.id, walletId: known.walletId };
      kept.delete(phone);
      return null;
    },
    forget(phone) {
      kept.delete(phone);
    },
  };
}
