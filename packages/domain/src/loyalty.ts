/**
 * The accumulative (loyalty) card's rules (issue 12; spec section 5 'Accumulative-card amount: rounded
 * down to the hundredth', read as whole hundreds of sums): how many bonuses an order may use, whether
 * a requested amount is acceptable, and the cashback an order earns. Pure: the balance and the
 * percents are the caller's.
 */

/** Bonus amounts move in whole hundreds of sums. */
export const LOYALTY_STEP = 100;

const assertSum = (name: string, value: number): void => {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number of sums >= 0, got ${value}`);
  }
};

const assertPercent = (name: string, value: number): void => {
  if (!Number.isInteger(value) || value < 0 || value > 100) {
    throw new RangeError(`${name} must be a whole percent 0..100, got ${value}`);
  }
};

/** `amount` rounded down to the hundred (0 for less than 100). */
export const roundDownToHundred = (amount: number): number => {
  assertSum('amount', amount);
  return amount - (amount % LOYALTY_STEP);
};

/**
 * The most bonuses an order of `total` may use: the balance, and at most `maxSharePercent` of the
 * total (rounded down in sums), whichever is lower, rounded down to the hundred.
 */
export const loyaltyMax = (input: { balance: number; total: number; maxSharePercent: number }): number => {
  assertSum('balance', input.balance);
  assertSum('total', input.total);
  assertPercent('maxSharePercent', input.maxSharePercent);
  const cap = Math.floor((input.total * input.maxSharePercent) / 100);
  return roundDownToHundred(Math.min(input.balance, cap));
};

/** Why a requested bonus amount is refused, in the order they are checked. */
export type LoyaltyRefusal = 'not_hundreds' | 'above_cap' | 'above_balance';

/**
 * Whether `amount` bonuses may pay an order of `total`: a whole number of hundreds, no more than the
 * share of the total (`loyaltyMax` without the balance), no more than the balance. 0 is always
 * accepted (the order uses no bonuses).
 */
export const checkLoyaltyAmount = (input: {
  amount: number;
  balance: number;
  total: number;
  maxSharePercent: number;
}): { ok: true } | { ok: false; reason: LoyaltyRefusal } => {
  assertSum('amount', input.amount);
  const cap = loyaltyMax({
    balance: Number.MAX_SAFE_INTEGER,
    total: input.total,
    maxSharePercent: input.maxSharePercent,
  });
  assertSum('balance', input.balance);
  if (input.amount === 0) return { ok: true };
  if (input.amount % LOYALTY_STEP !== 0) return { ok: false, reason: 'not_hundreds' };
  if (input.amount > cap) return { ok: false, reason: 'above_cap' };
  if (input.amount > input.balance) return { ok: false, reason: 'above_balance' };
  return { ok: true };
};

/**
 * The cashback an order earns once received: `cashbackPercent` of the part paid with money
 * (`total - loyaltyAmount`, never the part paid with bonuses), rounded down to the hundred.
 */
export const loyaltyCashback = (input: {
  total: number;
  loyaltyAmount: number;
  cashbackPercent: number;
}): number => {
  assertSum('total', input.total);
  assertSum('loyaltyAmount', input.loyaltyAmount);
  assertPercent('cashbackPercent', input.cashbackPercent);
  const paidWithMoney = Math.max(0, input.total - input.loyaltyAmount);
  return roundDownToHundred(Math.floor((paidWithMoney * input.cashbackPercent) / 100));
};
