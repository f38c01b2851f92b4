import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
// The parser next-intl itself uses (through use-intl); it also proves every message is valid ICU.
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { NAMESPACES, routing } from './routing';

const MESSAGES_DIR = join(import.meta.dirname, '../../messages');

type TTree = { [key: string]: string | TTree };

function load(locale: string, namespace: string): TTree {
  return JSON.parse(readFileSync(join(MESSAGES_DIR, locale, `${namespace}.json`), 'utf8')) as TTree;
}

/** Every leaf as [dotted.key, value]. */
function leaves(tree: TTree, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? leaves(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

/** Argument names of an ICU message (`{count}`, `{count, plural, ...}`); throws on a syntax error. */
function argumentNames(message: string): Set<string> {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if ('value' in element && element.type !== TYPE.literal && typeof element.value === 'string') {
        names.add(element.value);
      }
      if ('options' in element) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
      if ('children' in element) walk(element.children);
    }
  };
  walk(parse(message));
  return names;
}

describe('translation files', () => {
  it('exist for exactly the routing locales and the six namespaces', () => {
    expect(readdirSync(MESSAGES_DIR).sort()).toEqual([...routing.locales].sort());
    for (const locale of routing.locales) {
      const files = readdirSync(join(MESSAGES_DIR, locale)).sort();
      expect(files).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    }
  });

  for (const namespace of NAMESPACES) {
    it(`${namespace}: every locale has exactly the keys of ru, each a non-empty string`, () => {
      const reference = leaves(load('ru', namespace))
        .map(([key]) => key)
        .sort();
      expect(reference.length).toBeGreaterThan(0);
      for (const locale of routing.locales) {
        const entries = leaves(load(locale, namespace));
        expect(entries.map(([key]) => key).sort(), `${locale}/${namespace}.json keys`).toEqual(reference);
        const bad = entries.filter(([, value]) => typeof value !== 'string' || value.trim() === '');
        expect(bad, `${locale}/${namespace}.json empty or non-string values`).toEqual([]);
      }
    });
  }

  it('uz is written in the Latin script (no Cyrillic letters)', () => {
    for (const namespace of NAMESPACES) {
      const cyrillic = leaves(load('uz', namespace)).filter(([, v]) => /[\u0400-\u04ff]/.test(String(v)));
      expect(cyrillic, `uz/${namespace}.json`).toEqual([]);
    }
  });

  it('parses as ICU messages with the same arguments as ru in every locale', () => {
    for (const namespace of NAMESPACES) {
      const ru = Object.fromEntries(leaves(load('ru', namespace)));
      for (const locale of routing.locales) {
        for (const [key, value] of leaves(load(locale, namespace))) {
          expect(argumentNames(String(value)), `${locale}/${namespace}.json ${key}`).toEqual(
            argumentNames(String(ru[key])),
          );
        }
      }
    }
  });

  it('carries the spec texts of the error pages in English', () => {
    const common = load('en', 'common') as { errors: Record<string, string> };
    expect(common.errors.notFoundTitle).toBe('Page not found');
    expect(common.errors.notFoundText).toBe('The resource requested could not be found in this server.');
    expect(common.errors.serverErrorTitle).toBe('Internal server error');
    expect(common.errors.serverErrorText).toBe('We are currently working on a fix');
    expect(common.errors.unavailable).toBe('Unavailable');
    expect(common.errors.restaurantNotFound).toBe('Restaurant not found');
  });
});
