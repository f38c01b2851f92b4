import type { TUpdateCustomerRequest } from '@app/contracts';
import {
  customerBirthDateProblem,
  formatPhoneMask,
  isNameValid,
  isPhoneValid,
  parseDateOfBirth,
  toApiPhone,
} from '@app/domain';
import { z } from 'zod';

/** The profile form as typed: the phone masked, the birth date as a date field gives it ('' or ISO). */
export type TProfileFormValues = { name: string; phone: string; date_of_birth: string };

/** What the form starts from: the stored customer. */
export type TProfileSource = { name: string; phone: string; date_of_birth: string | null };

/**
 * The form's rules; the error texts are translation keys of `common.auth` (spec section 5 names two
 * of them). `storedBirthDate`: the date on file, never judged again (a date stored before the rule,
 * or imported, does not stop the customer saving something else).
 */
export const profileFormSchema = (storedBirthDate: string | null) =>
  z.object({
    name: z.string().refine(isNameValid, 'enter_your_name'),
    phone: z.string().refine(isPhoneValid, 'wrong_phone_entered'),
    // The API's rule (not ahead of today, within 120 years), said at the field before anything is
    // sent; an empty field clears the date.
    date_of_birth: z.string().refine((typed) => {
      const date = parseDateOfBirth(typed);
      return date === null || date === storedBirthDate || customerBirthDateProblem(date, new Date()) === null;
    }, 'wrong_birth_date'),
  });

export function profileFormValues(customer: TProfileSource): TProfileFormValues {
  return {
    // The placeholder 'user' means "no name yet": the field starts empty and asks for one.
    name: customer.name === 'user' ? '' : customer.name,
    phone: formatPhoneMask(customer.phone),
    date_of_birth: customer.date_of_birth ?? '',
  };
}

export type TProfileUpdate = {
  body: TUpdateCustomerRequest;
  /** The phone changes only after the code sent to the new number is confirmed. */
  phoneChanged: boolean;
  /** Name or birth date changed (saved at once). */
  detailsChanged: boolean;
};

/**
 * The PUT /v1/customers/{id} body for what the customer changed, or null when nothing changed
 * ('Nothing changed', spec section 8): the name and the birth date each only when changed (an empty
 * or 'invalid date' birth date is sent as null, spec section 5), so a date on file is never sent back
 * to be judged again; the phone only when it is a different number, since a new number starts a
 * confirmation.
 */
export function profileUpdate(customer: TProfileSource, values: TProfileFormValues): TProfileUpdate | null {
  const name = values.name.trim();
  const dateOfBirth = parseDateOfBirth(values.date_of_birth);
  const phone = toApiPhone(values.phone);
  const nameChanged = name !== customer.name;
  const dateChanged = dateOfBirth !== customer.date_of_birth;
  const detailsChanged = nameChanged || dateChanged;
  const phoneChanged = phone !== null && phone !== customer.phone;
  if (!detailsChanged && !phoneChanged) return null;
  const body: TUpdateCustomerRequest = {};
  if (nameChanged) body.name = name;
  if (dateChanged) body.date_of_birth = dateOfBirth;
  if (phoneChanged) body.phone = phone;
  return { body, phoneChanged, detailsChanged };
}
