import { LOCALES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { LOCALE_NAMES, routing, SWITCHER_ORDER } from './routing';

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
});
