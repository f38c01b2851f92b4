import { type TOrderStatusEvent, ZOrderStatusEvent } from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Subscriptions } from './order-events.ts';

type Log = ConstructorParameters<typeof Subscriptions>[0];

/** Rows read per statement; a full batch is followed by another read at once. */
const BATCH = 500;
/**
 * At start, how far behind the newest row the feed looks for rows still in flight (a transaction
 * that drew its id before the newest committed row and commits after the start).
 */
const START_LOOKBACK = 1_000;
/** How long rows stay in the outbox: a process that could not read for longer misses them. */
export const OUTBOX_RETENTION_MINUTES = 10;
/** How often a process deletes rows older than the retention. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Writes a status change into the outbox in the caller's transaction (`tx`, or the database itself:
 * a transaction of its own). The feeds hand it over once it is committed; never if it rolls back.
 *
 * The transaction's id is taken before the row's id is drawn (`pg_current_xact_id()` in a subquery
 * the insert reads from), so whenever a row id exists, the transaction writing it is visible as
 * running in every snapshot until it ends: the feed's rule for gaps below relies on it.
 */
export async function writeToOutbox(tx: DbOrTx, event: TOrderStatusEvent): Promise<void> {
  await tx.execute(outboxInsert(sql`${outboxPayload(event)}`));
}

/** The outbox row's payload of `event` (checked against the contract). */
export function outboxPayload(event: TOrderStatusEvent): string {
  return JSON.stringify(ZOrderStatusEvent.parse(event));
}

const ZOrderStatusEventWithoutAt = ZOrderStatusEvent.omit({ at: true });

/**
 * The outbox row's payload of `event` but its `at`, for a statement that sets `at` itself from the
 * database's clock (placing an order: ordering.repository's insertOrder adds it as ISO text with
 * jsonb's `||`, so that row's text is jsonb's rendering; every reader parses the JSON).
 */
export function outboxPayloadWithoutAt(event: Omit<TOrderStatusEvent, 'at'>): string {
  return JSON.stringify(ZOrderStatusEventWithoutAt.parse(event));
}

/**
 * The insert of one outbox row whose payload is `payload` (a parameter), with the transaction id
 * taken first (see writeToOutbox). A writer may embed it in a statement of its own as a data-modifying
 * WITH clause (placing an order writes it with the order: ordering.repository's insertOrder), then
 * calls the bus's `published`.
 */
export function outboxInsert(payload: SQL): SQL {
  return sql`insert into order_status_outbox (payload) select ${payload} from (select pg_current_xact_id() offset 0) as xact`;
}

/** A snapshot as `pg_current_snapshot()::text` spells it: `xmin:xmax:xip,...`. */
export function parseSnapshot(text: string): { xmin: bigint; xmax: bigint } {
  const [xmin, xmax] = text.split(':');
  if (xmin === undefined || xmax === undefined) throw new Error(`not a snapshot: ${text}`);
  return { xmin: BigInt(xmin), xmax: BigInt(xmax) };
}

type Row = { snap: string; id: string | number | null; payload: string | null };

/**
 * One process's reader of the outbox: hands every committed row to `subs` once, in id order, however
 * many times it is asked to read (`poll`: on a NOTIFY, after a reconnect, on a safety timer).
 *
 * Ids are drawn when a row is written, but transactions commit in their own order: a row with a
 * smaller id can become visible after a larger one was read. So the feed keeps a floor (every id at
 * or below it is handed over or will never exist) and the ids above it it has already handed over,
 * and reads `id > floor` minus those. After a read in snapshot S1 that knew every id up to U, the
 * ids at or below U that S1 did not see belong to transactions running at S1 (each took its
 * transaction id before drawing its row id: writeToOutbox) or rolled back; once a later read's
 * snapshot S2 has xmin >= S1's xmax, all of those have ended, and S2's read saw the ones that
 * committed: the floor moves up to U.
 */
export class StatusFeed {
  #floor = 0;
  /** Ids above the floor already handed over (or, at start, committed before it). */
  readonly #seen = new Set<number>();
  /** The reads whose gaps may still fill: `upTo` (the highest id known) and their snapshot's xmax. */
  #checkpoints: { xmax: bigint; upTo: number }[] = [];
  #running: Promise<void> | null = null;
  #again = false;
  #closed = false;
  #safety: NodeJS.Timeout | null = null;
  #lastPrune = Date.now();

  constructor(
    private readonly db: DbOrTx,
    private readonly subs: Subscriptions,
    private readonly log: Log,
    private readonly options: { safetyMs: number; pruneEveryMs?: number },
  ) {}

  /** Reads where the outbox stands now (nothing committed before is handed over), then keeps reading. */
  async start(): Promise<void> {
    const result = await this.db.execute(sql`select coalesce(max(id), 0) as max from order_status_outbox`);
    const [row] = (result as unknown as { rows: { max: string | number }[] }).rows;
    this.#floor = Math.max(0, Number(row?.max ?? 0) - START_LOOKBACK);
    await this.#read(false);
    this.#safety = setInterval(() => {
      void this.poll();
    }, this.options.safetyMs);
    this.#safety.unref();
  }

  /**
   * Reads the rows not handed over yet and hands them over. Calls while a read runs are folded into
   * one more read after it, so a row committed before the call is handed over when this resolves.
   */
  poll(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    // A read is running: it reads once more before it resolves (see run), after this call.
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    const run = async () => {
      try {
        while (!this.#closed) {
          this.#again = false;
          const full = await this.#read(true);
          if (full || this.#again) continue;
          await this.#prune();
          if (!this.#again) break;
        }
      } catch (error) {
        if (!this.#closed) this.log.error({ err: error }, 'order status feed: reading the outbox failed');
      } finally {
        this.#running = null;
      }
    };
    this.#running = run();
    return this.#running;
  }

  close(): void {
    this.#closed = true;
    if (this.#safety) clearInterval(this.#safety);
    this.#safety = null;
  }

  /** One read; true when the batch was full (more to read). */
  async #read(deliver: boolean): Promise<boolean> {
    const seen = `{${[...this.#seen].join(',')}}`;
    const result = await this.db.execute(sql`
      select s.snap, o.id, o.payload
      from (select pg_current_snapshot()::text as snap) as s
      left join lateral (
        select id, payload from order_status_outbox
        where id > ${this.#floor} and not (id = any(${seen}::bigint[]))
        order by id limit ${BATCH}
      ) as o on true
      order by o.id`);
    const rows = (result as unknown as { rows: Row[] }).rows;
    if (this.#closed || rows.length === 0) return false;
    const snapshot = parseSnapshot(rows[0]?.snap ?? '');
    let upTo = this.#floor;
    for (const id of this.#seen) if (id > upTo) upTo = id;
    let count = 0;
    for (const row of rows) {
      if (row.id === null || row.payload === null) continue;
      const id = Number(row.id);
      count++;
      if (this.#seen.has(id)) continue;
      this.#seen.add(id);
      if (id > upTo) upTo = id;
      if (deliver) this.subs.dispatchPayload(row.payload, id);
    }
    this.#checkpoints.push({ xmax: snapshot.xmax, upTo });
    while (this.#checkpoints.length > 0) {
      const first = this.#checkpoints[0];
      if (!first || first.xmax > snapshot.xmin) break;
      this.#checkpoints.shift();
      if (first.upTo > this.#floor) this.#floor = first.upTo;
    }
    for (const id of this.#seen) if (id <= this.#floor) this.#seen.delete(id);
    return count === BATCH;
  }

  async #prune(): Promise<void> {
    if (Date.now() - this.#lastPrune < (this.options.pruneEveryMs ?? PRUNE_EVERY_MS)) return;
    this.#lastPrune = Date.now();
    await this.db.execute(
      sql`delete from order_status_outbox where created_at < now() - make_interval(mins => ${OUTBOX_RETENTION_MINUTES})`,
    );
  }

  /** For tests: the floor and how many ids above it are remembered. */
  get state(): { floor: number; seen: number } {
    return { floor: this.#floor, seen: this.#seen.size };
  }
}
