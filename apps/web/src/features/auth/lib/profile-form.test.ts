import { describe, expect, it } from 'vitest';
import { profileFormSchema, profileFormValues, profileUpdate } from './profile-form';

const customer = { name: 'Aziz', phone: '998901234567', date_of_birth: '1990-05-17' };

describe('profile form (spec sections 5 and 8)', () => {
  it('starts from the stored customer, with the placeholder name as an empty field', () => {
    expect(profileFormValues(customer)).toEqual({
      name: 'Aziz',
      phone: '+998 90 123 45 67',
      date_of_birth: '1990-05-17',
    });
    expect(profileFormValues({ ...customer, name: 'user', date_of_birth: null })).toMatchObject({
      name: '',
      date_of_birth: '',
    });
  });

  it("is 'Nothing changed' when nothing changed", () => {
    expect(profileUpdate(customer, profileFormValues(customer))).toBeNull();
    expect(profileUpdate(customer, { ...profileFormValues(customer), name: '  Aziz ' })).toBeNull();
  });

  it('sends the name or the birth date only when it changed (a date on file is not sent back)', () => {
    expect(profileUpdate(customer, { ...profileFormValues(customer), name: 'Aziza' })).toEqual({
      body: { name: 'Aziza' },
      phoneChanged: false,
      detailsChanged: true,
    });
    expect(profileUpdate(customer, { ...profileFormValues(customer), date_of_birth: '1991-01-02' })).toEqual({
      body: { date_of_birth: '1991-01-02' },
      phoneChanged: false,
      detailsChanged: true,
    });
  });

  it("sends an empty or 'invalid date' birth date as null", () => {
    for (const typed of ['', 'invalid date', 'Invalid Date']) {
      expect(profileUpdate(customer, { ...profileFormValues(customer), date_of_birth: typed })?.body).toEqual(
        { date_of_birth: null },
      );
    }
  });

  it('sends the phone only when it is a different number', () => {
    expect(profileUpdate(customer, { ...profileFormValues(customer), phone: '+998 90 765 43 21' })).toEqual({
      body: { phone: '998907654321' },
      phoneChanged: true,
      detailsChanged: false,
    });
  });

  it("asks for a name ('enter_your_name') and a whole phone ('wrong_phone_entered')", () => {
    const result = profileFormSchema(customer.date_of_birth).safeParse({
      name: ' ',
      phone: '+998 90 123',
      date_of_birth: '',
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`).sort();
    expect(messages).toEqual(['name:enter_your_name', 'phone:wrong_phone_entered']);
    expect(profileFormSchema(customer.date_of_birth).safeParse(profileFormValues(customer)).success).toBe(
      true,
    );
  });

  it("refuses a birth date ahead of today or 120 years back, as the API does ('wrong_birth_date')", () => {
    const form = profileFormValues(customer);
    const birthDate = (typed: string) =>
      profileFormSchema(customer.date_of_birth)
        .safeParse({ ...form, date_of_birth: typed })
        .error?.issues.map((i) => i.message) ?? [];
    expect(birthDate('9999-12-31')).toEqual(['wrong_birth_date']);
    expect(birthDate('1800-01-01')).toEqual(['wrong_birth_date']);
    // Empty (or what a date field gives for a half-typed date) clears it: nothing to refuse.
    expect(birthDate('')).toEqual([]);
    expect(birthDate('1990-05-17')).toEqual([]);
    // A date already on file is not judged again: the customer can save their name.
    const stored = { ...customer, date_of_birth: '9999-12-31' };
    const values = { ...profileFormValues(stored), name: 'Aziza' };
    expect(profileFormSchema(stored.date_of_birth).safeParse(values).success).toBe(true);
    expect(profileUpdate(stored, values)?.body).toEqual({ name: 'Aziza' });
  });
});
