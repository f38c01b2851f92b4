import type { TOrderStatusEvent } from '@app/contracts';
import type { OrderEvents } from '../../adapters/order-events/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { readChange, type StaffChangeRow } from './staff-stream.repository.ts';

type Log = { error: (obj: object, msg: string) => void };

export type StaffChangeListener = (change: StaffChangeRow) => void;

/**
 * The one reader of the bus for every staff stream of a process (issue 13). The bus's events carry an
 * order's id, status and time only; a stream needs the order's branch, number, type and courier (to
 * scope it) and the step's event. So each change is looked up once per process, here, and handed to
 * every open stream (each decides whether it is in its reader's scope), not once per stream.
 *
 * - It listens to the bus only while a stream is open (no lookups for nobody).
 * - Changes are looked up one after another and handed over in the bus's order.
 * - Orders waiting for their online payment are nobody's work yet: their changes are never handed over
 *   (the payment's 'payment-received' step announces the order).
 * - When a lookup fails, every stream is ended (`onFailure`): their clients reconnect with
 *   Last-Event-ID and the outbox replays what they missed.
 */
export class StaffFeed {
  readonly #listeners = new Set<StaffChangeListener>();
  #unsubscribe: (() => void) | null = null;
  #queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: {
      db: DbOrTx;
      orderEvents: Pick<OrderEvents, 'onAnyStatus'>;
      log: Log;
      /** A lookup failed: end the streams so they resume from the outbox. */
      onFailure: () => void;
    },
  ) {}

  /** Hands every change from now on to `listener`; returns the unsubscribe. */
  add(listener: StaffChangeListener): () => void {
    const entry: StaffChangeListener = (change) => listener(change);
    this.#listeners.add(entry);
    if (!this.#unsubscribe) {
      this.#unsubscribe = this.deps.orderEvents.onAnyStatus((event, outboxId) =>
        this.#heard(event, outboxId),
      );
    }
    return () => {
      this.#listeners.delete(entry);
      if (this.#listeners.size === 0 && this.#unsubscribe) {
        this.#unsubscribe();
        this.#unsubscribe = null;
      }
    };
  }

  get size(): number {
    return this.#listeners.size;
  }

  /** Resolves once every change heard so far has been handed over (tests). */
  idle(): Promise<void> {
    return this.#queue;
  }

  #heard(event: TOrderStatusEvent, outboxId: number): void {
    if (event.status === 'payment-awaited') return;
    this.#queue = this.#queue.then(async () => {
      if (this.#listeners.size === 0) return;
      let change: StaffChangeRow | undefined;
      try {
        change = await readChange(this.deps.db, {
          outboxId,
          orderId: event.order_id,
          status: event.status,
          at: event.at,
        });
      } catch (error) {
        this.deps.log.error(
          { err: error, outboxId },
          'staff stream: could not read a change; ending the streams',
        );
        this.deps.onFailure();
        return;
      }
      if (!change) return;
      for (const listener of [...this.#listeners]) {
        try {
          listener(change);
        } catch (error) {
          this.deps.log.error({ err: error }, 'staff stream: a listener failed');
        }
      }
    });
  }

  close(): void {
    this.#listeners.clear();
    this.#unsubscribe?.();
    this.#unsubscribe = null;
  }
}
