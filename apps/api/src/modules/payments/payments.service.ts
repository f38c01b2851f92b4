/**
 * The order's side of an online payment, shared by Payme and Click: receiving the money moves the
 * order on ('payment-received': to 'new', or 'future' when scheduled) and marks it paid, in the
 * provider call's transaction, through the one state machine (order-status.service.ts), which also
 * publishes the change on the status bus.
 */
import type { OrderEvents } from '../../adapters/order-events/index.ts';
import type { Tx } from '../../db/client.ts';
import type { LoyaltyDeps } from '../loyalty/loyalty.service.ts';
import { applyEvent } from '../order-status/order-status.service.ts';

export type PaymentDeps = { clock: () => Date; orderEvents: Pick<OrderEvents, 'publish'> } & LoyaltyDeps;

/**
 * The provider took the money for `orderId`: 'payment-received' as the server. The caller holds the
 * order's row lock (findPaymentOrder with lock) and has checked it awaits this payment, so this
 * cannot be refused; a refusal here (HttpError) is a programming error and rolls the call back.
 */
export async function receivePayment(deps: PaymentDeps, tx: Tx, orderId: string): Promise<void> {
  await applyEvent(deps, tx, orderId, 'payment-received', 'server');
}
