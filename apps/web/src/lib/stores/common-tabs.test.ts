// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** What another tab writes to the shared entry (zustand's persist format, version 1). */
const writeAsAnotherTab = (state: object) => {
  const value = JSON.stringify({ state, version: 1 });
  localStorage.setItem('common', value);
  // The browser tells the other tabs, never the writer: dispatched here by hand.
  window.dispatchEvent(
    new StorageEvent('storage', { key: 'common', newValue: value, storageArea: localStorage }),
  );
};

/** A fresh module graph: the store, its listener and the hydration registry are module state. */
async function load() {
  vi.resetModules();
  const { useCommonStore } = await import('./common');
  await (await import('./persist')).rehydrateAllStores();
  return useCommonStore;
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('the common store follows the other tabs (address, branch, order type)', () => {
  it('takes the address and order type another tab chose, so its next change does not write the old ones back', async () => {
    const store = await load();
    store.getState().setMapModal(true, 'delivery');
    writeAsAnotherTab({ deliveryType: 'self-pickup', location: { lat: 41.3, long: 69.2 }, points: [] });
    await vi.waitFor(() => expect(store.getState().deliveryType).toBe('self-pickup'));
    expect(store.getState().location).toEqual({ lat: 41.3, long: 69.2 });
    // What is not kept in storage stays this tab's: its open map dialog.
    expect(store.getState().isMapModal).toBe(true);
    // This tab's next change writes on top of the other tab's choice, not over it.
    store.getState().setSearchedProduct('osh');
    const saved = JSON.parse(localStorage.getItem('common') ?? '{}').state;
    expect(saved).toMatchObject({ deliveryType: 'self-pickup', location: { lat: 41.3, long: 69.2 } });
  });

  it('ignores the other keys and listens once however often the stores hydrate', async () => {
    const store = await load();
    await (await import('./persist')).rehydrateAllStores();
    const rehydrate = vi.spyOn(store.persist, 'rehydrate');
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart', storageArea: localStorage }));
    expect(rehydrate).not.toHaveBeenCalled();
    writeAsAnotherTab({ deliveryType: 'self-pickup' });
    await vi.waitFor(() => expect(store.getState().deliveryType).toBe('self-pickup'));
    expect(rehydrate).toHaveBeenCalledTimes(1);
  });
});
