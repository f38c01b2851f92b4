import { ZApplicantBirthDate, ZVacancyApplicationRequest } from '@app/contracts';
import { checkApplicantBirthDate } from '@app/domain';
import { z } from 'zod';

/** What the form holds: strings as typed (the phone masked, optional fields possibly empty). */
export type TVacancyFormValues = { full_name: string; phone: string; birth_date: string; message: string };

export const EMPTY_VACANCY_FORM: TVacancyFormValues = {
  full_name: '',
  phone: '',
  birth_date: '',
  message: '',
};

const PHONE_PREFIX = '998';
const PHONE_DIGITS = 12;

/**
 * The spec's phone mask '+998 99 999 99 99': keeps digits only (letters never get in), always starts
 * with 998, stops at 12 digits.
 */
export function maskPhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  // The prefix is fixed; what the customer edits is the 9 digits after it. A value cut into the prefix
  // (backspace at '+998') is just the prefix again.
  const rest = digits.startsWith(PHONE_PREFIX)
    ? digits.slice(3)
    : PHONE_PREFIX.startsWith(digits)
      ? ''
      : digits;
  const d = `${PHONE_PREFIX}${rest}`.slice(0, PHONE_DIGITS);
  const parts = [d.slice(0, 3), d.slice(3, 5), d.slice(5, 8), d.slice(8, 10), d.slice(10, 12)];
  return `+${parts.filter(Boolean).join(' ')}`;
}

/** The form's values as the API wants them: the phone as digits, empty optional fields left out. */
export function toApplicationRequest(values: TVacancyFormValues): z.input<typeof ZVacancyApplicationRequest> {
  const message = values.message.trim();
  return {
    full_name: values.full_name.trim(),
    phone: values.phone.replace(/\D/g, ''),
    ...(values.birth_date ? { birth_date: values.birth_date } : {}),
    ...(message ? { message } : {}),
  };
}

/** The form is validated by the very contract the API validates with, and the domain's age rule. */
export const ZVacancyForm = z
  .object({ full_name: z.string(), phone: z.string(), birth_date: z.string(), message: z.string() })
  .transform(toApplicationRequest)
  .pipe(
    ZVacancyApplicationRequest.extend({
      birth_date: ZApplicantBirthDate.superRefine((value, ctx) =>
        checkApplicantBirthDate(value, ctx),
      ).optional(),
    }),
  );
