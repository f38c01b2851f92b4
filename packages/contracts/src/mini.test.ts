import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { $ZodType, output } from 'zod/v4/core';
import { BROWSER_SCHEMAS, formatted, generateMini, OUTPUT } from '../scripts/generate-mini.ts';
import * as classic from './index.ts';
import * as mini from './mini.generated.ts';

/**
 * The browser's zod/mini schemas are the contracts, not a second description: the file is what the
 * generator writes from the classic schemas now, and every schema in it has the same JSON Schema
 * and the same TypeScript type as the original of the same name.
 */
type TSchemas<M> = { [K in keyof M]: M[K] extends $ZodType ? output<M[K]> : never };

// Plain objects: the tests look the schemas up by name.
const miniSchemas: Record<string, $ZodType> = { ...mini };
const classicSchemas: Record<string, unknown> = { ...classic };
const names = Object.keys(miniSchemas);

describe('the contracts in zod/mini (mini.generated.ts)', () => {
  it('is what the generator writes from the contracts now (npm run generate:mini -w @app/contracts)', () => {
    expect(readFileSync(OUTPUT, 'utf8')).toBe(formatted(generateMini()));
  });

  it('has every schema the browser parses, and only names the contracts have', () => {
    expect(names).toEqual(expect.arrayContaining([...BROWSER_SCHEMAS]));
    for (const name of names) expect(classicSchemas).toHaveProperty(name);
  });

  it.each(names)('%s describes the same JSON as the contract', (name) => {
    expect(z.toJSONSchema(miniSchemas[name] as $ZodType)).toEqual(
      z.toJSONSchema(classicSchemas[name] as $ZodType),
    );
  });

  it('gives every schema the type of the contract of the same name', () => {
    expectTypeOf<TSchemas<typeof mini>>().toEqualTypeOf<Pick<TSchemas<typeof classic>, keyof typeof mini>>();
  });

  it('accepts and refuses what the contract does', () => {
    const event = {
      order_id: '5f1c2a9e-6b7d-4c3e-8a1f-0d2b3c4e5f60',
      status: 'courier-picked',
      at: '2025-06-01T10:00:00.000Z',
      courier: { name: 'Aziz', phone: '998901234567' },
    };
    const variants: unknown[] = [
      event,
      { ...event, courier: null },
      { ...event, status: 'eaten' },
      { ...event, order_id: 'B-1024' },
      { ...event, at: '2025-06-01 10:00' },
      { ...event, courier: { name: 'Aziz', phone: '+998 90' } },
      { ...event, courier: undefined },
      'event',
    ];
    const verdicts = variants.map((v) => mini.ZOrderStatusEvent.safeParse(v).success);
    expect(verdicts).toEqual(variants.map((v) => classic.ZOrderStatusEvent.safeParse(v).success));
    expect(verdicts).toEqual([true, true, false, false, false, false, false, false]);
    // Unknown fields are dropped, as the classic schema drops them.
    expect(mini.ZOrderStatusEvent.parse({ ...event, extra: 1 })).toEqual(event);
  });
});
