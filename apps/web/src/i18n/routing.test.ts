import { LOCALES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { BASE_NAMESPACES, LOCALE_NAMES, PAGE_NAMESPACES, routing, SWITCHER_ORDER } from './routing';

describe('routing', () => {
  it('uses the one list of locales with ru as the unprefixed default and no detection', () => {
    expect([...routing.locales]).toEqual([...LOCALES]);
    expect(routing.defaultLocale).toBe('ru');
    expect(routing.localePrefix).toBe('as-needed');
    expect(routing.localeDetection).toBe(false);
  });

  it('names the languages as the spec switcher does, in its order', () => {
    expect(SWITCHER_ORDER.map((l) => LOCALE_NAMES[l])).toEqual(["O'zbekcha", 'Русский', 'English']);
  });

  it('gives every page common and location', () => {
    expect([...BASE_NAMESPACES]).toEqual(['common', 'location']);
  });

  it('adds the spec namespaces per page', () => {
    expect(PAGE_NAMESPACES.about).toEqual(['about']);
    for (const page of [
      'offer',
      'rules',
      'returnProductRules',
      'deliveryTerms',
      'playgroundRules',
    ] as const) {
      expect(PAGE_NAMESPACES[page]).toEqual(['formal']);
    }
    expect(PAGE_NAMESPACES.branches).toEqual(['branches']);
    expect(PAGE_NAMESPACES.branch).toEqual(['branches']);
    for (const page of ['cart', 'checkout', 'myOrders', 'order', 'orderStatus'] as const) {
      expect(PAGE_NAMESPACES[page]).toEqual(['order']);
    }
  });
});
