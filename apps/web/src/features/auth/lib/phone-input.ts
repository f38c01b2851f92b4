import { formatPhoneMask } from '@app/domain';

const PREFIX_DIGITS = '998';

/**
 * The next value of the masked phone field (`+998 99 999 99 99`) after an edit. Only digits get in
 * (a letter typed is dropped, so the value does not change) and deletions work. Deleting into the
 * fixed `+998` leaves just the prefix rather than reading the remaining "99" as the operator code.
 */
export function nextPhoneValue(previous: string, typed: string): string {
  const digits = typed.replace(/\D/g, '');
  const previousDigits = previous.replace(/\D/g, '');
  const deletingIntoPrefix =
    digits.length < PREFIX_DIGITS.length &&
    PREFIX_DIGITS.startsWith(digits) &&
    previousDigits.startsWith(PREFIX_DIGITS);
  if (deletingIntoPrefix) return `+${PREFIX_DIGITS}`;
  return formatPhoneMask(typed);
}

/** The field's value for a stored phone ('998901234567' → '+998 90 123 45 67'). */
export const phoneFieldValue = (apiPhone: string): string => formatPhoneMask(apiPhone);
