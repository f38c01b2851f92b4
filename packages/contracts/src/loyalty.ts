import { z } from 'zod';
import { ZId, ZPageQuery, ZSum } from './common.ts';

/**
 * The accumulative (loyalty) card. POST /v2/crm/iiko-customer-info (signed in; the customer's own
 * card, never another phone's) answers its balance in sums, from the chain's loyalty system
 * (LOYALTY_PROVIDER: the local ledger or iiko Cloud).
 */
export const ZLoyaltyBalanceResponse = z.object({
  balance: ZSum,
  /** Percent of the part paid with money credited once an order is delivered or finished. */
  cashback_percent: z.number().int().min(0).max(100),
  /** At most this percent of an order's total may be paid with bonuses. */
  max_share_percent: z.number().int().min(0).max(100),
});
export type TLoyaltyBalanceResponse = z.infer<typeof ZLoyaltyBalanceResponse>;

/**
 * Its query (no body): `phone` may name the card, and must then be the signed-in customer's own
 * (anything else is refused with 400); absent, the signed-in customer's card.
 */
export const ZLoyaltyBalanceQuery = z.object({
  phone: z
    .string()
    .trim()
    .regex(/^\+?998\d{9}$/, 'must be 998 followed by 9 digits, with or without +')
    .optional(),
});
export type TLoyaltyBalanceQuery = z.infer<typeof ZLoyaltyBalanceQuery>;

/** Why the balance moved: a welcome gift, bonuses spent on an order, given back (cancelled), earned. */
export const LOYALTY_REASONS = ['welcome', 'spent', 'refund', 'earned'] as const;
export const ZLoyaltyReason = z.enum(LOYALTY_REASONS);
export type TLoyaltyReason = z.infer<typeof ZLoyaltyReason>;

export const ZLoyaltyMovement = z.object({
  id: ZId,
  /** Negative when spent. */
  amount: z.number().int(),
  reason: ZLoyaltyReason,
  /** The order it belongs to; null for a welcome gift. */
  order_id: ZId.nullable(),
  external_order_id: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type TLoyaltyMovement = z.infer<typeof ZLoyaltyMovement>;

/** GET /v2/crm/loyalty-history (signed in): the card's movements, newest first. */
export const ZLoyaltyHistoryQuery = ZPageQuery;
export const ZLoyaltyHistoryResponse = z.object({
  balance: ZSum,
  count: z.number().int().nonnegative(),
  movements: z.array(ZLoyaltyMovement),
});
export type TLoyaltyHistoryResponse = z.infer<typeof ZLoyaltyHistoryResponse>;
