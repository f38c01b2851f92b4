import { describe, expect, it } from 'vitest';
import { createKeptGuests } from './kept-guests.ts';

const ids = (n: number) => ({ id: `guest-${n}`, walletId: `wallet-${n}` });

function store(max = 3, ttlMs = 60_000) {
  let t = 1_000;
  const guests = createKeptGuests({ ttlMs, max, now: () => t });
  return { guests, pass: (ms: number) => (t += ms) };
}

describe('kept guests', () => {
  it('gives back the ids kept for a phone, and nothing for another phone', () => {
    const { guests } = store();
    guests.keep('998901112233', ids(1));
    expect(guests.get('998901112233')).toEqual(ids(1));
    expect(guests.get('998901112234')).toBeNull();
  });

  it('reuses ids until ttlMs after their read, not at it', () => {
    const { guests, pass } = store(3, 60_000);
    guests.keep('p', ids(1));
    pass(59_999);
    expect(guests.get('p')).toEqual(ids(1));
    pass(1);
    expect(guests.get('p')).toBeNull();
  });

  it('starts the time anew when a phone is read again, with the new ids', () => {
    const { guests, pass } = store(3, 60_000);
    guests.keep('p', ids(1));
    pass(50_000);
    guests.keep('p', ids(2));
    pass(50_000);
    expect(guests.get('p')).toEqual(ids(2));
  });

  it('keeps at most max phones, dropping the oldest read first', () => {
    const { guests } = store(2);
    guests.keep('a', ids(1));
    guests.keep('b', ids(2));
    guests.keep('a', ids(3)); // read again: now the newest
    guests.keep('c', ids(4));
    expect(guests.get('b')).toBeNull();
    expect(guests.get('a')).toEqual(ids(3));
    expect(guests.get('c')).toEqual(ids(4));
  });

  it('forgets a phone at once', () => {
    const { guests } = store();
    guests.keep('p', ids(1));
    guests.forget('p');
    expect(guests.get('p')).toBeNull();
  });

  it('keeps a copy: changing the object kept changes nothing', () => {
    const { guests } = store();
    const given = ids(1);
    guests.keep('p', given);
    given.id = 'changed';
    expect(guests.get('p')).toEqual(ids(1));
  });
});
