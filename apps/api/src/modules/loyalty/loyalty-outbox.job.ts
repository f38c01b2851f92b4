import { isCancelledStatus, type OrderStatus } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import { LoyaltyRefusedError } from '../../adapters/loyalty/index.ts';
import {
  claimDueMovement,
  dropMovement,
  movementDelivered,
  movementFailed,
  type PendingMovement,
  queuedMovements,
} from '../../adapters/loyalty/outbox.ts';
import { registerIntervalJob } from '../../jobs/interval-job.ts';

/**
 * How often the loyalty outbox is read for retries (besides once at start, and at once after any
 * status change that settles an order's card, in any process: see registerLoyaltyOutboxJob).
 */
export const LOYALTY_OUTBOX_INTERVAL_MS = 15_000;
/**
 * Movements a process makes at once. One at a time, 60 cashbacks took 61 s against an iiko answering
 * in 500 ms (each movement is two calls: the guest, then the topup); docs/perf/orders.md, round 9.
 */
export const LOYALTY_OUTBOX_CONCURRENCY = 4;

type JobApp = Pick<FastifyInstance, 'db' | 'clock' | 'loyalty' | 'log'>;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What the log says of a movement (never the customer's phone). */
const logged = (movement: PendingMovement) => ({
  ledgerId: movement.ledgerId,
  orderId: movement.order.id,
  externalOrderId: movement.order.externalOrderId,
  reason: movement.reason,
  amount: movement.amount,
  attempts: movement.attempts,
});

/**
 * Makes at the loyalty provider (app.loyalty.deliver: iiko) every refund and cashback of the outbox
 * that is due (and every give-back of bonuses charged for an order that was then not placed), LOYALTY_OUTBOX_CONCURRENCY at a time, each worker claiming one row at a time
 * (adapters/loyalty/outbox.ts: a lease, so two workers or processes never make the same one at once),
 * until none is due or `closing` is aborted (the app closes after the movements in hand). What the
 * provider does not take:
 * - a cashback for a customer with no card there: nobody gets it, its ledger row goes;
 * - any other refusal for good (a 4xx): left for a person at once, with an error in the log;
 * - no answer, a 5xx, a 408 or a 429: tried again later with a growing wait, and left for a person,
 *   with an error in the log, once LOYALTY_OUTBOX_GIVE_UP_MS have passed.
 * Returns the orders whose movement was made: their ids, or the number of an order never written
 * (bonuses charged ahead of it and given back, modules/ordering/order-charge.ts).
 */
export async function runLoyaltyOutboxJob(
  app: JobApp,
  closing: AbortSignal = new AbortController().signal,
): Promise<string[]> {
  const deliver = app.loyalty.deliver;
  if (!deliver) return [];
  const delivered: string[] = [];
  // LOYALTY_OUTBOX_CONCURRENCY workers, each claiming its own rows: a backlog drains that many times
  // faster than one call after another (a slow iiko's second a movement). Every worker ends before the
  // round does, so the close still waits for the calls in hand only.
  const workers = await Promise.allSettled(
    Array.from({ length: LOYALTY_OUTBOX_CONCURRENCY }, () => work(app, deliver, closing, delivered)),
  );
  const failed = workers.find((w) => w.status === 'rejected');
  if (failed) throw failed.reason;
  return delivered;
}

/** One worker of a round: claims, makes and settles rows until none is due or the app closes. */
async function work(
  app: JobApp,
  deliver: NonNullable<JobApp['loyalty']['deliver']>,
  closing: AbortSignal,
  delivered: string[],
): Promise<void> {
  while (!closing.aborted) {
    const movement = await claimDueMovement(app.db, app.clock());
    if (movement === undefined) break;
    if (movement === 'skipped') continue;
    if ('setAside' in movement) {
      app.log.error(
        { ledgerId: movement.setAside },
        'loyalty: bonuses charged for an order that was not placed, whether iiko took them unknown (the placement stopped); left for the chain manager (/staff/manager/loyalty)',
      );
      continue;
    }
    try {
      await deliver(movement);
    } catch (error) {
      await settleFailure(app, movement, error);
      continue;
    }
    try {
      await movementDelivered(app.db, movement.ledgerId);
    } catch (error) {
      app.log.error(
        { ...logged(movement), err: error },
        'loyalty: a movement made at the provider is still queued; it will be made again when its lease ends',
      );
      throw error;
    }
    delivered.push(movement.order.id ?? movement.order.externalOrderId);
  }
}

/** A round's call outlived its lease, and the row moved on (another round, or a manager). */
const CLAIM_LOST =
  'loyalty: a movement changed hands while its call was under way (its lease ended); this round leaves it as it is';

async function settleFailure(app: JobApp, movement: PendingMovement, error: unknown): Promise<void> {
  const where = { ...logged(movement), err: error };
  if (error instanceof LoyaltyRefusedError && error.why === 'no-card' && movement.reason === 'earned') {
    if (await dropMovement(app.db, movement)) {
      app.log.info(where, 'loyalty: no card at the provider for a cashback; nothing is credited');
    } else app.log.warn(where, CLAIM_LOST);
    return;
  }
  const final = error instanceof LoyaltyRefusedError;
  const outcome = await movementFailed(app.db, movement, describe(error), app.clock(), final);
  if (outcome === 'claim-lost') {
    app.log.warn(where, CLAIM_LOST);
  } else if (outcome === 'gave-up') {
    app.log.error(
      where,
      'loyalty: the provider has not taken a movement, and its tries stopped; it is left for the chain manager (/staff/manager/loyalty)',
    );
  } else {
    app.log.warn(where, 'loyalty: the provider did not take a movement; it is tried again later');
  }
}

/** A status that settles an order's card (settleOrderLoyalty): received, or cancelled. */
const settlesCard = (status: OrderStatus) =>
  status === 'delivered' || status === 'finished' || isCancelledStatus(status);

/**
 * Runs the job once when the app is ready, every `intervalMs` after, and at once when any process
 * commits a status that settles an order's card (the order events' bus): the outbox row was written
 * in that same transaction, so it is there to be read. A provider without `deliver` (local) runs no
 * job, and warns at start about rows an earlier provider left queued: nothing will make them.
 */
export function registerLoyaltyOutboxJob(
  app: FastifyInstance,
  intervalMs = LOYALTY_OUTBOX_INTERVAL_MS,
): void {
  if (!app.loyalty.deliver) {
    app.addHook('onReady', async () => {
      const queued = await queuedMovements(app.db);
      if (queued > 0) {
        app.log.warn(
          { queued, provider: app.loyalty.name },
          'loyalty: the outbox holds movements for a provider that is no longer configured; nothing makes them',
        );
      }
    });
    return;
  }
  const { nudge } = registerIntervalJob(app, {
    name: 'the loyalty outbox job',
    run: (closing) => runLoyaltyOutboxJob(app, closing),
    didWork: 'loyalty: refunds and cashback made at the provider',
    intervalMs,
  });
  // Placing an order gives back bonuses charged for it when it is not written (order-charge.ts).
  app.decorate('nudgeLoyaltyOutbox', () => void nudge());
  const stop = app.orderEvents.onAnyStatus((event) => {
    if (settlesCard(event.status)) void nudge();
  });
  app.addHook('onClose', async () => stop());
}
