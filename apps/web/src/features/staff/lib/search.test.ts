import { describe, expect, it } from 'vitest';
import { readSearch } from './search';

describe('the operator search', () => {
  it('sends an order number or a phone with at least two digits, as the API reads them', () => {
    for (const text of ['B-10001', 'b10001', '10001', ' 90 ', '+998 90 123-45-67', '(90) 12']) {
      expect(readSearch(text), text).toEqual({ q: text.trim(), valid: true });
    }
  });

  it('sends nothing for an empty field', () => {
    expect(readSearch('  ')).toEqual({ q: undefined, valid: true });
  });

  it('keeps back what the API refuses: one digit, a half-typed number, a name', () => {
    for (const text of ['9', 'B-', 'B', 'Aziz', 'ABCD-1', '+', '9a']) {
      expect(readSearch(text).valid, text).toBe(false);
    }
  });
});
