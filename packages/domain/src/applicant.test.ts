import { describe, expect, it } from 'vitest';
import { applicantBirthDateProblem, checkApplicantBirthDate } from './applicant.ts';

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
