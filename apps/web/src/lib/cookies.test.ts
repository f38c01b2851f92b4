import { describe, expect, it } from 'vitest';
import { cookieString, readCookie, writeCookie } from './cookies';

describe('cookies', () => {
  it('writes 30-day first-party cookies, encoded, and deletes with Max-Age=0', () => {
    expect(cookieString('delivery_type', 'self-pickup')).toBe(
      'delivery_type=self-pickup; Max-Age=2592000; Path=/; SameSite=Lax',
    );
    const written: string[] = [];
    const jar = { write: (c: string) => written.push(c) };
    writeCookie('branch_slug', 'amir temur', jar);
    writeCookie('user_id', null, jar);
    expect(written).toEqual([
      'branch_slug=amir%20temur; Max-Age=2592000; Path=/; SameSite=Lax',
      'user_id=; Max-Age=0; Path=/; SameSite=Lax',
    ]);
  });

  it('reads back what it wrote, and nothing for a missing or malformed cookie', () => {
    expect(readCookie('a=1; branch_slug=amir%20temur; b=2', 'branch_slug')).toBe('amir temur');
    expect(readCookie('a=x=y', 'a')).toBe('x=y');
    expect(readCookie('ab=1', 'a')).toBeNull();
    expect(readCookie('', 'a')).toBeNull();
    expect(readCookie('a=%E0%A4%A', 'a')).toBeNull();
  });
});
