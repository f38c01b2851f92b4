import { parseSum } from './order-request';

/**
 * Paying part of the order with the accumulative card's bonuses. The server decides how much may be
 * used (the quote's `loyalty_max`: the balance and the chain's share of the total, already rounded
 * down to the hundred) and checks the amount again when the order is placed; the page only turns what
 * the customer typed into a whole number of hundreds (spec section 5: 'Accumulative-card amount:
 * rounded down to the hundredth') no larger than that maximum.
 */

/** The longest bonus sum the field takes (digits and the spaces of '20 000'). */
export const BONUS_MAX_CHARS = 12;

export const roundDownToHundred = (amount: number): number => Math.floor(amount / 100) * 100;

/** What is wrong with the bonus sum as typed: empty is fine (it means the maximum). */
export function bonusProblem(typed: string): 'bonusNotNumber' | null {
  if (typed.trim() === '') return null;
  return typed.length > BONUS_MAX_CHARS || parseSum(typed) === null ? 'bonusNotNumber' : null;
}

/**
 * The bonus part the order is sent with: nothing unless chosen; the maximum when no sum is typed; else
 * the typed sum rounded down to the hundred and at most the maximum. `max`: the quote's loyalty_max,
 * null while it is not known (then nothing is used yet).
 */
export function bonusAmount(choice: { use: boolean; typed: string }, max: number | null): number {
  if (!choice.use || max === null || max <= 0) return 0;
  if (choice.typed.trim() === '') return max;
  if (bonusProblem(choice.typed)) return 0;
  return Math.min(roundDownToHundred(parseSum(choice.typed) ?? 0), max);
}
