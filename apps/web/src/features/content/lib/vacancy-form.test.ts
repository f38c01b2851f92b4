import { describe, expect, it } from 'vitest';
import { maskPhone, toApplicationRequest, ZVacancyForm } from './vacancy-form';

describe('vacancy form', () => {
  it('masks the phone as +998 99 999 99 99 and accepts digits only', () => {
    expect(maskPhone('998901234567')).toBe('+998 90 123 45 67');
    expect(maskPhone('+998 90 12a3')).toBe('+998 90 123');
    expect(maskPhone('901234567')).toBe('+998 90 123 45 67');
    expect(maskPhone('99890123456789')).toBe('+998 90 123 45 67');
    expect(maskPhone('')).toBe('+998');
    // Backspace into the prefix leaves the prefix.
    expect(maskPhone('+99')).toBe('+998');
    expect(maskPhone('+998 9')).toBe('+998 9');
  });

  it('sends the phone as digits and leaves empty optional fields out', () => {
    expect(
      toApplicationRequest({
        full_name: ' Aziz Karimov ',
        phone: '+998 90 123 45 67',
        birth_date: '',
        message: ' ',
      }),
    ).toEqual({
      full_name: 'Aziz Karimov',
      phone: '998901234567',
      birth_date: undefined,
      message: undefined,
    });
  });

  it('rejects what the API would reject, naming the field', () => {
    const result = ZVacancyForm.safeParse({
      full_name: 'A',
      phone: '+998 90 123',
      birth_date: '2099-01-01',
      message: '',
    });
    expect(result.success).toBe(false);
    const fields = new Set(result.error?.issues.map((i) => i.path[0]));
    expect(fields).toEqual(new Set(['full_name', 'phone', 'birth_date']));
  });

  it('accepts a complete application', () => {
    const result = ZVacancyForm.safeParse({
      full_name: 'Aziz Karimov',
      phone: '+998 90 123 45 67',
      birth_date: '1995-04-12',
      message: 'Cook, 5 years',
    });
    expect(result.success).toBe(true);
  });
});
