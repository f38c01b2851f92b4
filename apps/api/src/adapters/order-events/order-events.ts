import {
  CACHE_TAGS,
  type TCatalogueChange,
  type TOrderStatusEvent,
  ZCatalogueChange,
  ZOrderStatusEvent,
} from '@app/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';

/** The PostgreSQL NOTIFY channel every order status change goes through. */
export const ORDER_STATUS_CHANNEL = 'order_status';
/**
 * The channel of customer tokens that stopped working (sign-out): every process ends the status
 * streams opened with them (modules/orders/stream-sessions.ts).
 */
export const TOKENS_REVOKED_CHANNEL = 'customer_tokens_revoked';

/**
 * The channel the database itself announces catalogue, branch, shipper and content writes on
 * (triggers of migration 0009, payload `{"tags":[...]}`): every process drops its cached reads.
 */
export const CATALOGUE_CHANGED_CHANNEL = 'catalogue_changed';

/**
 * A process's own marker (`settled`): PostgreSQL hands a listener the notifications of committed
 * transactions in commit order, so when the marker arrives every change committed before it has
 * been handed over.
 */
export const BUS_BARRIER_CHANNEL = 'bus_barrier';

export type OrderStatusListener = (event: TOrderStatusEvent) => void;
/** A status change of any order, with its outbox row's id (ascending as rows are written; see status-feed.ts). */
export type AnyStatusListener = (event: TOrderStatusEvent, outboxId: number) => void;
export type CatalogueChangeListener = (change: TCatalogueChange) => void;

/**
 * The order status bus (`app.orderEvents`): status changes are written to an outbox table inside the
 * transaction that makes them (status-feed.ts), so a listener hears one only after that transaction
 * commits, never one that rolled back, and, once committed, even if the notification that should
 * announce it is lost: each process reads the outbox on a notification, after a reconnect and on a
 * safety timer, and hands each row to its listeners once, in order. Every API process against the same database hears every
 * change: on PostgreSQL through a dedicated LISTEN connection per process, on PGlite (one process)
 * through PGlite's own `listen()`.
 */
export type OrderEvents = {
  readonly name: 'postgres' | 'pglite';
  /**
   * Writes `event` to the outbox in `tx` (or in a transaction of its own when given the database
   * itself): listeners hear it after that commits.
   */
  publish: (tx: DbOrTx, event: TOrderStatusEvent) => Promise<void>;
  /**
   * `publish` for a writer that wrote the outbox row itself in `tx`, in a statement of its own
   * (status-feed.ts's `outboxInsert` with `outboxPayload(event)`; placing an order writes it with the
   * order's insert, one statement fewer): call it in that transaction once the row is written. It
   * does what publish does after its write (asks the feeds to read once `tx` has committed).
   */
  published: (tx: DbOrTx, event: TOrderStatusEvent) => Promise<void>;
  /**
   * Calls `listener` for every status change of `orderId` that commits from now on (in any process).
   * Returns the unsubscribe function. After the listening connection was lost and re-established, each
   * subscribed order gets its current status once more (it may repeat the last one it heard), so a
   * listener should tolerate a status it already knows.
   */
  subscribe: (orderId: string, listener: OrderStatusListener) => () => void;
  /**
   * Calls `listener` for every status change of every order that commits from now on (any process),
   * with its outbox row's id: the staff stream (modules/staff-stream) fans it out by role and branch.
   * Each row is handed over once per process; rows written while the listening connection was lost are
   * read from the outbox after it comes back (as long as the outbox keeps them). Returns the unsubscribe.
   */
  onAnyStatus: (listener: AnyStatusListener) => () => void;
  /**
   * Calls `listener` whenever customer tokens are revoked (`publishTokensRevoked`, in any process),
   * and with `{ kind: 'maybe-missed' }` after the listening connection was lost and re-established,
   * when a revocation may have gone unheard. Returns the unsubscribe function.
   */
  onTokensRevoked: (listener: TokenRevocationListener) => () => void;
  /**
   * Calls `listener` with the tags of every catalogue change that commits from now on (any process,
   * any writer: the database's triggers announce it), and with every tag after the listening
   * connection was lost and re-established (a change may have gone unheard). Returns the
   * unsubscribe function.
   */
  onCatalogueChanged: (listener: CatalogueChangeListener) => () => void;
  /**
   * Resolves once every change committed before the call has been handed to this process's
   * listeners. PGlite hands them over with the commit; PostgreSQL a few milliseconds after it (to the
   * writing process too), so a caller that must read its own write from a cache waits for this.
   * Resolves at once while not listening (nothing is served from the cache then), and after
   * `timeoutMs` at the latest.
   */
  settled: (db: DbOrTx, timeoutMs?: number) => Promise<void>;
  /** Whether changes from the database are being heard right now (false while reconnecting). */
  readonly listening: boolean;
  /** Stops listening; subscribe/publish must not be called afterwards. */
  close: () => Promise<void>;
};

/** Tokens revoked (their ids, customer_tokens.id), or: some may have been revoked unheard. */
export type TokenRevocation = { kind: 'revoked'; tokenIds: string[] } | { kind: 'maybe-missed' };
export type TokenRevocationListener = (revocation: TokenRevocation) => void;

/** The current status of each order (after a reconnect, to catch up on what may have been missed). */
export type CurrentStatuses = (orderIds: string[]) => Promise<TOrderStatusEvent[]>;

type Log = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
};

const ZTokensRevoked = z.object({ token_ids: z.array(z.uuid()).min(1) });
/** Token ids per notification: a NOTIFY payload must stay under 8000 bytes (a uuid takes 39 in JSON). */
const TOKENS_PER_NOTIFICATION = 100;

/**
 * Announces, when `tx` commits, that these customer tokens no longer work, so every API process ends
 * the status streams opened with them. Call it in the transaction that revokes them.
 */
export async function publishTokensRevoked(tx: DbOrTx, tokenIds: string[]): Promise<void> {
  for (let i = 0; i < tokenIds.length; i += TOKENS_PER_NOTIFICATION) {
    const payload = JSON.stringify(
      ZTokensRevoked.parse({ token_ids: tokenIds.slice(i, i + TOKENS_PER_NOTIFICATION) }),
    );
    await tx.execute(sql`select pg_notify(${TOKENS_REVOKED_CHANNEL}, ${payload})`);
  }
}

/** A notification's JSON payload checked with `schema`; null when it is not JSON or not that shape. */
export function parsePayload<T>(payload: string | undefined, schema: z.ZodType<T>): T | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload ?? '');
  } catch {
    return null;
  }
  const result = schema.safeParse(parsed);
  return result.success ? result.data : null;
}

/**
 * The listeners of one kind of notification in one process: each implementation feeds it what it
 * hears. A malformed payload is logged and dropped; a listener that throws does not stop the others.
 */
class Broadcast<T> {
  readonly #listeners = new Set<(value: T) => void>();

  constructor(
    private readonly log: Log,
    /** What is broadcast, for the log ("token revocation"). */
    private readonly what: string,
    /** A payload as listeners get it, or null when malformed. */
    private readonly read: (payload: string | undefined) => T | null,
  ) {}

  add(listener: (value: T) => void): () => void {
    // Its own wrapper, so one listener added twice is called twice and removed once per call.
    const entry = (value: T) => listener(value);
    this.#listeners.add(entry);
    return () => {
      this.#listeners.delete(entry);
    };
  }

  /** Hands a raw payload to the listeners; a malformed one is logged and dropped. */
  dispatchPayload(payload: string | undefined): void {
    const value = this.read(payload);
    if (value === null) {
      this.log.warn({ payload }, `${this.what} notification has an unexpected shape; dropped`);
      return;
    }
    this.dispatch(value);
  }

  dispatch(value: T): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(value);
      } catch (error) {
        this.log.error({ err: error }, `${this.what} listener failed`);
      }
    }
  }

  clear(): void {
    this.#listeners.clear();
  }
}

/** The token revocation listeners of one process. */
export class Revocations extends Broadcast<TokenRevocation> {
  constructor(log: Log) {
    super(log, 'token revocation', (payload) => {
      const body = parsePayload(payload, ZTokensRevoked);
      return body && { kind: 'revoked', tokenIds: body.token_ids };
    });
  }
}

/** Everything changed: what listeners hear after a reconnect. */
export const EVERYTHING_CHANGED: TCatalogueChange = { tags: [...CACHE_TAGS] };

/** The catalogue change listeners of one process (each tag once). */
export class CatalogueChanges extends Broadcast<TCatalogueChange> {
  constructor(log: Log) {
    super(log, 'catalogue change', (payload) => {
      const body = parsePayload(payload, ZCatalogueChange);
      return body && { tags: [...new Set(body.tags)] };
    });
  }
}

/**
 * The subscriptions of one process, keyed by order: what a notification is handed to. Shared by every
 * implementation; each feeds it the payloads it hears.
 */
export class Subscriptions {
  readonly #byOrder = new Map<string, Set<OrderStatusListener>>();
  /** Listeners of every order's changes (onAnyStatus). */
  readonly #all = new Set<AnyStatusListener>();

  constructor(private readonly log: Log) {}

  add(orderId: string, listener: OrderStatusListener): () => void {
    const key = orderId.toLowerCase();
    let set = this.#byOrder.get(key);
    if (!set) {
      set = new Set();
      this.#byOrder.set(key, set);
    }
    // A listener subscribed twice is called twice, so each subscription gets its own wrapper.
    const entry: OrderStatusListener = (event) => listener(event);
    set.add(entry);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const current = this.#byOrder.get(key);
      current?.delete(entry);
      if (current && current.size === 0) this.#byOrder.delete(key);
    };
  }

  addAll(listener: AnyStatusListener): () => void {
    const entry: AnyStatusListener = (event, id) => listener(event, id);
    this.#all.add(entry);
    return () => {
      this.#all.delete(entry);
    };
  }

  orderIds(): string[] {
    return [...this.#byOrder.keys()];
  }

  get size(): number {
    let n = 0;
    for (const set of this.#byOrder.values()) n += set.size;
    return n;
  }

  /**
   * Hands a raw payload to the order's listeners; a malformed one is logged and dropped. Not even read
   * while this process follows no order: every process hears every order's statuses (at lunch rush,
   * one per order placed anywhere), and most of them follow none at that moment.
   */
  dispatchPayload(payload: string | undefined, outboxId?: number): void {
    if (this.#byOrder.size === 0 && (this.#all.size === 0 || outboxId === undefined)) return;
    const event = parsePayload(payload, ZOrderStatusEvent);
    if (!event) {
      this.log.warn({ payload }, 'order status notification has an unexpected shape; dropped');
      return;
    }
    this.dispatch(event);
    if (outboxId === undefined) return;
    for (const listener of [...this.#all]) {
      try {
        listener(event, outboxId);
      } catch (error) {
        this.log.error({ err: error, orderId: event.order_id }, 'order status listener failed');
      }
    }
  }

  dispatch(event: TOrderStatusEvent): void {
    const set = this.#byOrder.get(event.order_id.toLowerCase());
    if (!set) return;
    // A copy: a listener may unsubscribe (itself or another) while we iterate.
    for (const listener of [...set]) {
      try {
        listener(event);
      } catch (error) {
        this.log.error({ err: error, orderId: event.order_id }, 'order status listener failed');
      }
    }
  }

  clear(): void {
    this.#byOrder.clear();
    this.#all.clear();
  }
}

/** After a reconnect: each subscribed order's current status, so no stream stays behind. */
export async function catchUp(subs: Subscriptions, current: CurrentStatuses | undefined, log: Log) {
  if (!current) return;
  const ids = subs.orderIds();
  if (ids.length === 0) return;
  try {
    for (const event of await current(ids)) subs.dispatch(event);
  } catch (error) {
    log.error({ err: error }, 'could not read the current statuses after reconnecting');
  }
}
