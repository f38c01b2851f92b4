import { useSyncExternalStore } from 'react';

/** A branch's pauses as the API gives them (issue 13): ISO times, or null when never paused. */
export type TLivePauses = { paused_until: string | null; delivery_paused_until: string | null };

type TEntry = { branchId: string; pauses: TLivePauses };

let current: TEntry | null = null;
const listeners = new Set<() => void>();

/**
 * The chosen branch's pauses as the live-state poller (features/live-stop) last read them: one read
 * every few seconds serves the menu's stop marks, the prices and the ordering block alike, however
 * many parts of the page show whether ordering is open. A plain module (no store library), so the
 * parts that read it add almost nothing to the first load.
 */
export function publishLivePauses(branchId: string, pauses: TLivePauses): void {
  if (
    current?.branchId === branchId &&
    current.pauses.paused_until === pauses.paused_until &&
    current.pauses.delivery_paused_until === pauses.delivery_paused_until
  ) {
    return;
  }
  current = { branchId, pauses };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const snapshot = () => current;
const serverSnapshot = () => null;

/** The pauses last read for `branchId` (null: none read yet for it, or no branch). */
export function useLivePauses(branchId: string | null): TLivePauses | null {
  const entry = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  return branchId !== null && entry?.branchId === branchId ? entry.pauses : null;
}

/** For tests: forget what was read. */
export function resetLivePauses(): void {
  current = null;
  for (const listener of listeners) listener();
}
