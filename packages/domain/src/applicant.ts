import { type CalendarDay, tashkentDay } from './time-zone.ts';

/** Youngest age at which the chain takes applications; the oldest plausible age bounds typos. */
export const MIN_APPLICANT_AGE = 16;
export const MAX_APPLICANT_AGE = 100;

/** The same calendar day `years` earlier ('2026-03-01', 16 → '2010-03-01'); compared as text only. */
const yearsBefore = (day: CalendarDay, years: number): string =>
  `${String(Number(day.slice(0, 4)) - years).padStart(4, '0')}${day.slice(4)}`;

/**
 * What is wrong with a job applicant's birth date ('YYYY-MM-DD', already a real calendar day), or
 * null: it must lie in the past, the applicant must be at least MIN_APPLICANT_AGE on Tashkent's
 * today (the birthday itself counts), and no more than MAX_APPLICANT_AGE years back. The text is the
 * API's English field message (translated by its validation messages).
 */
export function applicantBirthDateProblem(birthDate: CalendarDay, now: Date): string | null {
  const today = tashkentDay(now);
  // ISO dates compare correctly as strings.
  if (birthDate > today) return 'must be a date in the past';
  if (birthDate > yearsBefore(today, MIN_APPLICANT_AGE)) {
    return `applicants must be at least ${MIN_APPLICANT_AGE} years old`;
  }
  if (birthDate <= yearsBefore(today, MAX_APPLICANT_AGE))
    return `must be within the last ${MAX_APPLICANT_AGE} years`;
  return null;
}

/** The part of a zod refinement context the rule needs (the domain does not depend on zod). */
export type TIssueSink = { addIssue(issue: { code: 'custom'; message: string }): void };

/**
 * The applicant rule as a zod `superRefine` step, so the API's request schema and the storefront's
 * form apply the very same rule: `ZApplicantBirthDate.superRefine((v, ctx) => checkApplicantBirthDate(v, ctx))`.
 */
export function checkApplicantBirthDate(
  birthDate: CalendarDay,
  ctx: TIssueSink,
  now: Date = new Date(),
): void {
  const problem = applicantBirthDateProblem(birthDate, now);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}

/** The oldest birth date a customer's profile takes, in years back: older is a typo ('0026-03-01'). */
export const MAX_CUSTOMER_AGE = 120;

/**
 * What is wrong with a customer's birth date ('YYYY-MM-DD', a real calendar day), or null: on or
 * before Tashkent's today, and within MAX_CUSTOMER_AGE years. Unlike an applicant's, no lower age.
 * The text is the API's English field message (translated by its validation messages).
 */
export function customerBirthDateProblem(birthDate: CalendarDay, now: Date): string | null {
  const today = tashkentDay(now);
  if (birthDate > today) return 'must be a date in the past';
  if (birthDate <= yearsBefore(today, MAX_CUSTOMER_AGE))
    return `must be within the last ${MAX_CUSTOMER_AGE} years`;
  return null;
}

/** The customer rule as a zod `superRefine` step (the API's profile body). */
export function checkCustomerBirthDate(
  birthDate: CalendarDay,
  ctx: TIssueSink,
  now: Date = new Date(),
): void {
  const problem = customerBirthDateProblem(birthDate, now);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}
