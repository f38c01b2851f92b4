import { RESEND_SECONDS } from '@app/domain';

/**
 * The resend countdown (spec section 4: "shown from 0:60, counting down in seconds"). The remaining
 * time is derived from a deadline rather than counted tick by tick, so a tab that slept (or a test
 * clock jumping ahead) shows the right value at the next tick.
 */
export function resendDeadline(now: number, seconds: number = RESEND_SECONDS): number {
  return now + seconds * 1000;
}

export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** '0:60', '0:09', '0:00'; longer waits (a server's Retry-After) as 'm:ss'. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s <= 60) return `0:${String(s).padStart(2, '0')}`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
