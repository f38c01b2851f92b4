import type { TLocale, TStopListItem, TStopListResponse } from '@app/contracts';

/** A product of the branch's menu and its modifiers, as the stop-list screen lists them. */
export type TStopListGroup = { product: TStopListItem; modifiers: TStopListItem[] };

const matches = (item: TStopListItem, needle: string, locale: TLocale) =>
  item.title[locale].toLocaleLowerCase(locale).includes(needle) ||
  // A cook may type the dish's name in another of the chain's languages.
  Object.values(item.title).some((title) => title.toLocaleLowerCase().includes(needle));

/**
 * Every product with its modifiers under it, in the API's order. A search keeps a product whose name
 * matches (with all its modifiers) or one of whose modifiers matches (with those modifiers only).
 */
export function groupStopList(items: TStopListItem[], locale: TLocale, query = ''): TStopListGroup[] {
  const groups = new Map<string, TStopListGroup>();
  for (const item of items) {
    if (item.kind === 'product') groups.set(item.id, { product: item, modifiers: [] });
  }
  for (const item of items) {
    if (item.kind === 'modifier') groups.get(item.product_id)?.modifiers.push(item);
  }
  const needle = query.trim().toLocaleLowerCase(locale);
  if (!needle) return [...groups.values()];
  const found: TStopListGroup[] = [];
  for (const group of groups.values()) {
    if (matches(group.product, needle, locale)) found.push(group);
    else {
      const modifiers = group.modifiers.filter((m) => matches(m, needle, locale));
      if (modifiers.length > 0) found.push({ product: group.product, modifiers });
    }
  }
  return found;
}

/** The stop list with one product or modifier stopped or back on (the screen's optimistic answer). */
export function withStopChange(
  list: TStopListResponse,
  change: { kind: TStopListItem['kind']; id: string; stopped: boolean },
): TStopListResponse {
  return {
    ...list,
    items: list.items.map((item) =>
      item.kind === change.kind && item.id === change.id ? { ...item, stopped: change.stopped } : item,
    ),
  };
}
