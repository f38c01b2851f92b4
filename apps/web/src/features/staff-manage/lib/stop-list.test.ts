import type { TStopListItem } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { groupStopList, withStopChange } from './stop-list';

const PLOV = '00000000-0000-4000-8000-000000000001';
const SOMSA = '00000000-0000-4000-8000-000000000002';
const CHEESE = '00000000-0000-4000-8000-000000000010';
const ONION = '00000000-0000-4000-8000-000000000011';

const title = (ru: string, uz: string, en: string) => ({ ru, uz, en });
const items: TStopListItem[] = [
  { kind: 'product', id: PLOV, product_id: PLOV, title: title('Плов', 'Osh', 'Plov'), stopped: false },
  { kind: 'modifier', id: CHEESE, product_id: PLOV, title: title('Сыр', 'Pishloq', 'Cheese'), stopped: true },
  { kind: 'product', id: SOMSA, product_id: SOMSA, title: title('Самса', 'Somsa', 'Somsa'), stopped: true },
  { kind: 'modifier', id: ONION, product_id: SOMSA, title: title('Лук', 'Piyoz', 'Onion'), stopped: false },
  {
    kind: 'modifier',
    id: CHEESE,
    product_id: SOMSA,
    title: title('Сыр', 'Pishloq', 'Cheese'),
    stopped: true,
  },
];

describe('the stop list screen', () => {
  it('lists every product with its modifiers under it', () => {
    const groups = groupStopList(items, 'en');
    expect(groups.map((g) => [g.product.title.en, g.modifiers.map((m) => m.title.en)])).toEqual([
      ['Plov', ['Cheese']],
      ['Somsa', ['Onion', 'Cheese']],
    ]);
  });

  it('finds a product by its name in any language, with all its modifiers', () => {
    expect(groupStopList(items, 'ru', 'плов').map((g) => g.modifiers.length)).toEqual([1]);
    expect(groupStopList(items, 'ru', 'OSH').map((g) => g.product.id)).toEqual([PLOV]);
    expect(groupStopList(items, 'en', '  somsa ').map((g) => g.modifiers.length)).toEqual([2]);
  });

  it('finds a modifier, showing its products with the matching modifiers only', () => {
    const found = groupStopList(items, 'en', 'onion');
    expect(found).toHaveLength(1);
    expect(found[0]?.product.id).toBe(SOMSA);
    expect(found[0]?.modifiers.map((m) => m.id)).toEqual([ONION]);
    expect(groupStopList(items, 'en', 'cheese').map((g) => g.product.id)).toEqual([PLOV, SOMSA]);
    expect(groupStopList(items, 'en', 'lagman')).toEqual([]);
  });

  it('changes one product or modifier at once (the optimistic answer), the others stay', () => {
    const list = { branch_id: PLOV, items };
    const next = withStopChange(list, { kind: 'product', id: SOMSA, stopped: false });
    expect(next.items.map((i) => i.stopped)).toEqual([false, true, false, false, true]);
    expect(list.items[2]?.stopped).toBe(true);
    // A modifier shared by two products is one thing on the stop list.
    const cheese = withStopChange(list, { kind: 'modifier', id: CHEESE, stopped: false });
    expect(cheese.items.map((i) => i.stopped)).toEqual([false, false, true, false, false]);
    // A product and a modifier never share a change even with the same id.
    const byKind = withStopChange(list, { kind: 'modifier', id: SOMSA, stopped: false });
    expect(byKind.items[2]?.stopped).toBe(true);
  });
});
