/**
 * A payment begun and not finished when its order can no longer be paid: the order cancelled while it
 * awaited its online payment (the payment timeout, an operator). applyEvent (order-status.service.ts)
 * calls this in the cancellation's own transaction, so every way of cancelling does it and the
 * providers' state agrees with the order's at once: Payme's CheckTransaction answers cancelled before
 * Payme calls again, and no transaction of the order stays open.
 */
import type { Tx } from '../../db/client.ts';
import { cancelPreparedClickTransactions } from './click.repository.ts';
import {
  cancelOpenPaymeTransactions,
  PAYME_REASON_EXECUTION_FAILED,
  PAYME_REASON_TIMEOUT,
} from './payme.repository.ts';

/**
 * Payme's cancel reason for a created transaction whose order is `status` and no longer payable: 4
 * (timeout) when the server cancelled it (only the payment timeout cancels an unpaid order as the
 * server), else 3 (execution failed: an operator cancelled it, or it was paid otherwise).
 */
export const paymeReasonFor = (status: string | undefined): number =>
  status === 'server-cancelled' ? PAYME_REASON_TIMEOUT : PAYME_REASON_EXECUTION_FAILED;

/**
 * Cancels the order's open transactions of both providers, the order now `status` (cancelled), at
 * `at`: Payme's created ones (state 1 -> -1, paymeReasonFor's reason), Click's prepared one (-1; a
 * later Complete answers -9).
 */
export async function cancelOpenPayments(tx: Tx, orderId: string, status: string, at: Date): Promise<void> {
  await cancelOpenPaymeTransactions(tx, orderId, paymeReasonFor(status), at);
  await cancelPreparedClickTransactions(tx, orderId, at, {
    cancelled_by: 'order-not-payable',
    order_status: status,
  });
}
