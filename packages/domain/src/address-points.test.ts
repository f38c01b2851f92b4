import { describe, expect, it } from 'vitest';
import {
  type AddressPoint,
  type AddressPointsState,
  activatePoint,
  activePoint,
  confirmDeliveryPoint,
  removePoint,
  savePoint,
  updatePoint,
} from './address-points.ts';

const ids = (...list: string[]) => {
  let i = 0;
  return () => list[i++] ?? 'out-of-ids';
};

const point = (id: string, isActive: boolean, location: [number, number] = [41.3, 69.2]): AddressPoint => ({
  id,
  location,
  address: `Street ${id}`,
  name: `Home ${id}`,
  city: 'tashkent',
  isActive,
});

const state: AddressPointsState = {
  points: [point('a', true, [41.1, 69.1]), point('b', false, [41.2, 69.2])],
  location: [41.1, 69.1],
};

const activeIds = (s: AddressPointsState) => s.points.filter((p) => p.isActive).map((p) => p.id);

describe('savePoint', () => {
  const input = {
    location: [41.5, 69.5] as [number, number],
    address: 'Amir Temur 1',
    name: 'Work',
    city: 'tashkent',
  };

  it('adds the point with a generated id as the only active one and sets the location', () => {
    const next = savePoint(state, input, ids('c'));
    expect(next.points.map((p) => [p.id, p.isActive])).toEqual([
      ['a', false],
      ['b', false],
      ['c', true],
    ]);
    expect(next.points[2]).toEqual({ ...input, id: 'c', isActive: true });
    expect(next.location).toEqual([41.5, 69.5]);
  });

  it('works on an empty state and generates a uuid by default', () => {
    const next = savePoint({ points: [], location: null }, input);
    expect(next.points[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(activeIds(next)).toHaveLength(1);
  });

  it('refuses an id that is already taken', () => {
    expect(() => savePoint(state, input, ids('a'))).toThrow(/already in use/);
  });

  it('does not mutate the state or share the location array', () => {
    const snapshot = structuredClone(state);
    const next = savePoint(state, input, ids('c'));
    expect(state).toEqual(snapshot);
    expect(next.location).not.toBe(input.location);
  });
});

describe('updatePoint', () => {
  it('updates the point and deactivates all others', () => {
    const next = updatePoint(state, 'b', { name: 'Parents', address: 'Navoi 5' });
    expect(next.points.find((p) => p.id === 'b')).toMatchObject({
      name: 'Parents',
      address: 'Navoi 5',
      isActive: true,
    });
    expect(activeIds(next)).toEqual(['b']);
  });

  it('moves the location to the updated point', () => {
    expect(updatePoint(state, 'b', { location: [40, 70] }).location).toEqual([40, 70]);
    expect(updatePoint(state, 'b', { name: 'x' }).location).toEqual([41.2, 69.2]);
  });

  it('keeps the id even if the patch tries to change it', () => {
    const patch = { id: 'z' } as unknown as Partial<AddressPoint>;
    expect(updatePoint(state, 'b', patch).points.map((p) => p.id)).toEqual(['a', 'b']);
  });

  it('an unknown id changes nothing', () => {
    expect(updatePoint(state, 'zz', { name: 'x' })).toEqual(state);
  });
});

describe('activatePoint', () => {
  it('makes only that point active and moves the location to it', () => {
    const next = activatePoint(state, 'b');
    expect(activeIds(next)).toEqual(['b']);
    expect(next.location).toEqual([41.2, 69.2]);
  });

  it('an unknown id changes nothing', () => {
    expect(activatePoint(state, 'zz')).toEqual(state);
  });
});

describe('removePoint', () => {
  it('removes the point and clears the location', () => {
    const next = removePoint(state, 'b');
    expect(next.points.map((p) => p.id)).toEqual(['a']);
    expect(next.location).toBeNull();
  });

  it('clears the location when the active point is removed', () => {
    expect(removePoint(state, 'a')).toEqual({ points: [state.points[1]], location: null });
  });

  it('an unknown id changes nothing', () => {
    expect(removePoint(state, 'zz')).toEqual(state);
  });
});

describe('activePoint', () => {
  it('finds the active point or null', () => {
    expect(activePoint(state)?.id).toBe('a');
    expect(activePoint({ points: [point('x', false)], location: null })).toBeNull();
  });
});

describe('confirmDeliveryPoint', () => {
  const input = {
    location: [41.9, 69.9] as [number, number],
    address: 'Navoi 5',
    name: '',
    city: 'tashkent',
  };

  it('updates the point being edited', () => {
    const next = confirmDeliveryPoint(state, input, 'b', ids('new'));
    expect(next.points.map((p) => p.id)).toEqual(['a', 'b']);
    expect(next.points[1]).toMatchObject({ address: 'Navoi 5', isActive: true });
    expect(next.location).toEqual([41.9, 69.9]);
  });

  it('selects a saved point with the same address (ignoring case and spacing)', () => {
    const next = confirmDeliveryPoint(state, { ...input, address: '  street   B ' }, null, ids('new'));
    expect(next.points).toHaveLength(2);
    expect(activeIds(next)).toEqual(['b']);
  });

  it('moves the saved point with the same address to the new pin when that lies elsewhere', () => {
    const next = confirmDeliveryPoint(state, { ...input, address: 'Street b' }, null, ids('new'));
    expect(next.points.map((p) => p.id)).toEqual(['a', 'b']);
    expect(next.points[1]).toMatchObject({ address: 'Street b', name: 'Home b', location: [41.9, 69.9] });
    expect(activeIds(next)).toEqual(['b']);
    expect(next.location).toEqual([41.9, 69.9]);
  });

  it('keeps the saved point where it is when the new pin is within a metre of it', () => {
    const next = confirmDeliveryPoint(
      state,
      { ...input, address: 'Street b', location: [41.200001, 69.200001] },
      null,
      ids('new'),
    );
    expect(next.points[1]?.location).toEqual([41.2, 69.2]);
    expect(next.location).toEqual([41.2, 69.2]);
  });

  it('otherwise saves a new active point', () => {
    const next = confirmDeliveryPoint(state, input, null, ids('new'));
    expect(next.points.map((p) => p.id)).toEqual(['a', 'b', 'new']);
    expect(activeIds(next)).toEqual(['new']);
    expect(next.location).toEqual([41.9, 69.9]);
  });

  it('saves a new point when the edited id no longer exists', () => {
    expect(confirmDeliveryPoint(state, input, 'gone', ids('new')).points.map((p) => p.id)).toEqual([
      'a',
      'b',
      'new',
    ]);
  });
});
