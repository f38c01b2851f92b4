import { PLACEHOLDER_NAME as CONTRACT_PLACEHOLDER } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { codeErrorText, phoneErrorText } from './auth-errors';
import { formatCountdown, resendDeadline, secondsLeft } from './countdown';
import { needsName, PLACEHOLDER_NAME } from './customer-name';
import { pushAuthorizationSuccessful } from './data-layer';
import { nextPhoneValue } from './phone-input';

const failure = (status: number, code: string, message: string) => ({
  status,
  data: { statusCode: status, code, message },
});

describe('resend countdown (spec sections 4 and 9)', () => {
  it('starts at 0:60 and counts down in seconds to 0:00', () => {
    const start = 1_000_000;
    const deadline = resendDeadline(start);
    expect(formatCountdown(secondsLeft(deadline, start))).toBe('0:60');
    expect(formatCountdown(secondsLeft(deadline, start + 1))).toBe('0:60');
    expect(formatCountdown(secondsLeft(deadline, start + 1000))).toBe('0:59');
    expect(formatCountdown(secondsLeft(deadline, start + 51_000))).toBe('0:09');
    expect(secondsLeft(deadline, start + 60_000)).toBe(0);
    expect(secondsLeft(deadline, start + 90_000)).toBe(0);
  });

  it('shows a jump ahead (a sleeping tab) at the next tick', () => {
    const deadline = resendDeadline(0);
    expect(secondsLeft(deadline, 59_001)).toBe(1);
  });

  it('shows longer waits as minutes and seconds', () => {
    expect(formatCountdown(61)).toBe('1:01');
    expect(formatCountdown(125)).toBe('2:05');
  });
});

describe('phone field', () => {
  it('masks as +998 99 999 99 99 while typing and keeps only digits', () => {
    expect(nextPhoneValue('', '9')).toBe('+998 9');
    expect(nextPhoneValue('+998', '+9989')).toBe('+998 9');
    expect(nextPhoneValue('+998 90 12', '+998 90 123')).toBe('+998 90 123');
    expect(nextPhoneValue('+998 90 123 45 6', '+998 90 123 45 67')).toBe('+998 90 123 45 67');
    // Letters never get in: the value stays as it was.
    expect(nextPhoneValue('+998 90', '+998 90a')).toBe('+998 90');
    // Extra digits past the full number are ignored.
    expect(nextPhoneValue('+998 90 123 45 67', '+998 90 123 45 678')).toBe('+998 90 123 45 67');
  });

  it('deletes back to the fixed +998 without reading its digits as the operator code', () => {
    expect(nextPhoneValue('+998 9', '+998 ')).toBe('+998');
    expect(nextPhoneValue('+998', '+99')).toBe('+998');
    expect(nextPhoneValue('+998', '')).toBe('+998');
  });

  it('takes a pasted number with or without the country code', () => {
    expect(nextPhoneValue('', '901234567')).toBe('+998 90 123 45 67');
    expect(nextPhoneValue('', '+998 (90) 123-45-67')).toBe('+998 90 123 45 67');
  });
});

describe('sign-in errors (spec section 8)', () => {
  it("shows 'wrong_code_entered' for a wrong or malformed code", () => {
    expect(codeErrorText(failure(400, 'WRONG_CODE', 'Wrong code'), 'Wrong code entered')).toBe(
      'Wrong code entered',
    );
    expect(codeErrorText(failure(400, 'VALIDATION_ERROR', 'code: invalid'), 'Wrong code entered')).toBe(
      'Wrong code entered',
    );
  });

  it("shows the API's message for a code that cannot be used any more (ask for a new one)", () => {
    const cases = [
      ['TOO_MANY_ATTEMPTS', 'Слишком много неверных попыток; запросите новый код'],
      ['CODE_EXPIRED', 'Срок действия кода истёк или он уже использован; запросите новый'],
      ['CODE_NOT_FOUND', 'Код не отправлялся; запросите новый'],
    ] as const;
    for (const [code, message] of cases) {
      expect(codeErrorText(failure(400, code, message), 'Неверно введён код')).toBe(message);
    }
    expect(codeErrorText(failure(401, 'UNAUTHORIZED', 'Войдите снова'), 'W')).toBe('Войдите снова');
  });

  it("shows the API's data.message where it says more", () => {
    expect(codeErrorText(failure(429, 'PHONE_LIMIT', 'Try again in 5 minutes'), 'W')).toBe(
      'Try again in 5 minutes',
    );
    expect(codeErrorText(failure(503, 'SMS_UNAVAILABLE', 'Temporarily unavailable'), 'W')).toBe(
      'Temporarily unavailable',
    );
    expect(phoneErrorText(failure(429, 'RESEND_TOO_EARLY', 'A new code in 42 s'), 'W')).toBe(
      'A new code in 42 s',
    );
  });

  it('falls back to the given text, never a program’s own English message', () => {
    expect(phoneErrorText(new Error('offline'), 'W')).toBe('W');
    expect(phoneErrorText('???', 'W')).toBe('W');
  });
});

describe('name step (spec section 4)', () => {
  it("follows a registration, or a sign-in whose name is the placeholder 'user'", () => {
    expect(PLACEHOLDER_NAME).toBe(CONTRACT_PLACEHOLDER);
    expect(needsName('register', 'Aziz')).toBe(true);
    expect(needsName('login', 'user')).toBe(true);
    expect(needsName('login', '  ')).toBe(true);
    expect(needsName('login', 'Aziz')).toBe(false);
  });
});

describe('completion analytics', () => {
  it("creates window.dataLayer when missing and pushes 'Authorization_successful'", () => {
    const target: { dataLayer?: unknown[] } = {};
    pushAuthorizationSuccessful(target);
    expect(target.dataLayer).toEqual([{ event: 'Authorization_successful' }]);
  });

  it('appends to an existing dataLayer', () => {
    const target = { dataLayer: [{ event: 'gtm.js' }] as unknown[] };
    pushAuthorizationSuccessful(target);
    expect(target.dataLayer).toEqual([{ event: 'gtm.js' }, { event: 'Authorization_successful' }]);
  });
});
