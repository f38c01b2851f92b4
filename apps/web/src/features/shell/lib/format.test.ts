import { describe, expect, it } from 'vitest';
import { formatPhone, phoneHref, truncate } from './format';

describe('shell formatting', () => {
  it('formats Uzbek numbers and keeps short ones', () => {
    expect(formatPhone('998712005050')).toBe('+998 71 200 50 50');
    expect(phoneHref('998712005050')).toBe('tel:+998712005050');
    expect(formatPhone('1234')).toBe('1234');
    expect(phoneHref('1234')).toBe('tel:1234');
  });

  it('cuts the mobile address at 40 characters with an ellipsis', () => {
    const long = 'Toshkent shahri, Chilonzor tumani, Bunyodkor ko‘chasi, 12-uy';
    expect(truncate(long, 40)).toBe(`${long.slice(0, 40).trimEnd()}…`);
    expect(truncate('short', 40)).toBe('short');
  });
});
