import { describe, expect, it } from 'vitest';
import {
  applicantBirthDateProblem,
  checkApplicantBirthDate,
  checkCustomerBirthDate,
  customerBirthDateProblem,
  MAX_CUSTOMER_AGE,
} from './applicant.ts';

// 1 March 2026, 00:30 in Tashkent: still 28 February in UTC and in most of the world.
const justAfterMidnight = new Date('2026-02-28T19:30:00Z');

describe('applicantBirthDateProblem (ages on the Tashkent calendar)', () => {
  it('accepts an applicant whose 16th birthday is today in Tashkent', () => {
    expect(applicantBirthDateProblem('2010-03-01', justAfterMidnight)).toBeNull();
  });

  it('refuses one day short of the minimum age', () => {
    expect(applicantBirthDateProblem('2010-03-02', justAfterMidnight)).toBe(
      'applicants must be at least 16 years old',
    );
  });

  it('refuses a birth date after today, and today itself as too young', () => {
    expect(applicantBirthDateProblem('2026-03-01', justAfterMidnight)).toBe(
      'applicants must be at least 16 years old',
    );
    expect(applicantBirthDateProblem('2026-03-02', justAfterMidnight)).toBe('must be a date in the past');
  });

  it('refuses a birth date more than the oldest plausible age back', () => {
    expect(applicantBirthDateProblem('1926-03-01', justAfterMidnight)).toBe(
      'must be within the last 100 years',
    );
    expect(applicantBirthDateProblem('1926-03-02', justAfterMidnight)).toBeNull();
  });

  it('reads today in Tashkent, not in UTC', () => {
    // In UTC it is 28 February, when this applicant would still be 15.
    const utcDay = new Date('2026-02-28T12:00:00Z');
    expect(applicantBirthDateProblem('2010-03-01', utcDay)).not.toBeNull();
    expect(applicantBirthDateProblem('2010-03-01', justAfterMidnight)).toBeNull();
  });
});

describe('checkApplicantBirthDate as a refinement step', () => {
  it('adds one custom issue with the message, or none', () => {
    const issues: { code: string; message: string }[] = [];
    const ctx = { addIssue: (issue: { code: 'custom'; message: string }) => issues.push(issue) };
    checkApplicantBirthDate('2010-03-01', ctx, justAfterMidnight);
    expect(issues).toEqual([]);
    checkApplicantBirthDate('2099-01-01', ctx, justAfterMidnight);
    expect(issues).toEqual([{ code: 'custom', message: 'must be a date in the past' }]);
  });
});

describe('customerBirthDateProblem (a profile’s birth date, on the Tashkent calendar)', () => {
  // 2026-03-01 20:00 UTC is already 2026-03-02 in Tashkent.
  const now = new Date('2026-03-01T20:00:00Z');

  it('takes today in Tashkent and any day within 120 years, a newborn included', () => {
    expect(customerBirthDateProblem('2026-03-02', now)).toBeNull();
    expect(customerBirthDateProblem('2000-02-29', now)).toBeNull();
    expect(customerBirthDateProblem('1906-03-03', now)).toBeNull();
  });

  it('refuses a day after Tashkent’s today, and one 120 years back or more', () => {
    expect(customerBirthDateProblem('2026-03-03', now)).toBe('must be a date in the past');
    expect(customerBirthDateProblem('9999-12-31', now)).toBe('must be a date in the past');
    expect(customerBirthDateProblem('1906-03-02', now)).toBe(
      `must be within the last ${MAX_CUSTOMER_AGE} years`,
    );
    expect(customerBirthDateProblem('0000-02-29', now)).toBe(
      `must be within the last ${MAX_CUSTOMER_AGE} years`,
    );
  });

  it('adds the problem to a zod context', () => {
    const issues: string[] = [];
    const ctx = { addIssue: (issue: { message: string }) => void issues.push(issue.message) };
    checkCustomerBirthDate('2026-03-03', ctx, now);
    checkCustomerBirthDate('1990-05-05', ctx, now);
    expect(issues).toEqual(['must be a date in the past']);
  });
});
