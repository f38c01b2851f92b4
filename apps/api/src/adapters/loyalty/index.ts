import type { Env } from '../../env.ts';
import { createIikoLoyalty } from './iiko.ts';
import { createLocalLoyalty } from './local.ts';
import type { LoyaltyProgram } from './loyalty-program.ts';

export type {
  LoyaltyCustomer,
  LoyaltyMovementRow,
  LoyaltyOrder,
  LoyaltyProgram,
  LoyaltyRules,
} from './loyalty-program.ts';
export {
  isLoyaltyUnavailable,
  LoyaltyOutcomeUnknownError,
  LoyaltyRefusedError,
  LoyaltyUnavailableError,
} from './loyalty-program.ts';

/**
 * The card LOYALTY_PROVIDER names (env.ts has already checked iiko's settings). `clock` is the app's
 * (tests move it): iiko's token, its breaker and the guests' ids it keeps are timed by it.
 */
export function createLoyaltyProgram(
  env: Pick<
    Env,
    | 'LOYALTY_PROVIDER'
    | 'LOYALTY_CASHBACK_PERCENT'
    | 'LOYALTY_MAX_SHARE_PERCENT'
    | 'IIKO_API_URL'
    | 'IIKO_API_LOGIN'
    | 'IIKO_ORGANIZATION_ID'
  >,
  clock: () => Date = () => new Date(),
): LoyaltyProgram {
  const rules = {
    cashbackPercent: env.LOYALTY_CASHBACK_PERCENT,
    maxSharePercent: env.LOYALTY_MAX_SHARE_PERCENT,
  };
  if (env.LOYALTY_PROVIDER === 'iiko') {
    // Checked here as well as in env.ts: buildApp also takes env overrides that skip loadEnv.
    if (!env.IIKO_API_LOGIN || !env.IIKO_ORGANIZATION_ID) {
      throw new Error("LOYALTY_PROVIDER is 'iiko' but IIKO_API_LOGIN or IIKO_ORGANIZATION_ID is not set");
    }
    return createIikoLoyalty({
      baseUrl: env.IIKO_API_URL,
      apiLogin: env.IIKO_API_LOGIN,
      organizationId: env.IIKO_ORGANIZATION_ID,
      rules,
      now: () => clock().getTime(),
    });
  }
  return createLocalLoyalty(rules);
}
