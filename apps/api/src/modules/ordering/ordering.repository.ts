import { randomUUID } from 'node:crypto';
import type { TOrderStatusEvent } from '@app/contracts';
import { getTableColumns, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { outboxInsert, outboxPayloadWithoutAt } from '../../adapters/order-events/status-feed.ts';
import type { DbOrTx } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared.ts';
import { idempotencyKeys, orderLines, orderStatusHistory, orders } from '../../db/schema/index.ts';
import { STATUS_STAMP } from '../order-status/order-status.repository.ts';

/** Every column of the order but its id and number: the statement below writes each one as given. */
export type NewOrder = Required<Omit<typeof orders.$inferInsert, 'id' | 'externalOrderId'>>;
/** Every column of a line but the order's: the statement below writes them all. */
export type NewOrderLine = Required<Omit<typeof orderLines.$inferInsert, 'orderId' | 'id'>>;

/** The order's columns the statement writes from values (the id and the number are its own). */
const ORDER_COLUMNS = Object.keys(getTableColumns(orders)).filter(
  (key) => key !== 'id' && key !== 'externalOrderId',
) as (keyof NewOrder & string)[];

/** The Idempotency-Key whose answer is written with the order (idempotency.ts). */
export type KeyAnswer = {
  customerId: string;
  key: string;
  requestHash: string;
  status: number;
  at: Date;
  /** An online order's payment_link, part of the answer a replay gives (null: none). */
  paymentLink?: string | null;
};

type KeyValues = 'keyCustomerId' | 'key' | 'keyHash' | 'keyStatus' | 'keyAt' | 'keyPaymentLink';
type InsertOrderValues = Record<
  | keyof NewOrder
  | 'id'
  | 'numberPrefix'
  | 'takenNumber'
  | 'lines'
  | 'firstStatus'
  | 'outboxPayload'
  | KeyValues,
  unknown
>;

/** `ts` (a timestamptz) as the ISO text a JS Date's toISOString() gives: UTC, milliseconds, 'Z'. */
const isoText = (ts: SQL): SQL => sql`to_char(${ts} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The values go to the driver as they are (raw placeholders, not Drizzle's per-column encoders, which
 * do not take a null timestamp), so times are passed as ISO text; the lines go as ONE jsonb array so
 * the text is the same whatever their number. The first status's time is the database's clock, read
 * once in the statement (`s`, the same STATUS_STAMP as every later status: order-status.repository),
 * written to the history row and to the outbox payload's `at`, and answered as `status_at`.
 */
const insertOrderStatement = (withKey: boolean) =>
  preparedSql<InsertOrderValues, { external_order_id: string; status_at: string }>()((p, db) => {
    const raw = (name: keyof InsertOrderValues): SQL => sql`${p(name)}`;
    const orderValues = Object.fromEntries(ORDER_COLUMNS.map((key) => [key, raw(key)]));
    const insertOrderRow = db
      .insert(orders)
      // Every column a raw placeholder: Drizzle's insert takes SQL for any column, its types want values.
      .values({
        ...(orderValues as unknown as NewOrder),
        id: raw('id'),
        // COALESCE evaluates what it needs only: a number taken ahead draws none from the sequence.
        externalOrderId: sql`coalesce(${p('takenNumber')}::text, ${p('numberPrefix')}::text || nextval('order_number_seq')::text)`,
      })
      .returning({ externalOrderId: orders.externalOrderId });
    const insertHistory = db.insert(orderStatusHistory).values({
      orderId: raw('id'),
      status: raw('firstStatus'),
      event: null,
      actor: 'server',
      staffId: null,
      createdAt: sql`(select at from s)`,
    });
    // `s` calls a volatile function, so PostgreSQL never inlines it: it runs once, and the history row,
    // the outbox payload and the answer all read the one time it took.
    // The payload: the event without its `at` (outboxPayloadWithoutAt's JSON) and `at`, s's time as
    // ISO text (as the answer's status_at), added here; stored as text, as every outbox row.
    const payload = sql`(${p('outboxPayload')}::jsonb || jsonb_build_object('at', (select ${isoText(sql`at`)} from s)))::text`;
    return sql`with s as (select ${STATUS_STAMP} as at), o as (${insertOrderRow.getSQL()}), h as (${insertHistory.getSQL()}), l as (
    insert into ${orderLines} (order_id, position, product_id, type, title, variants, modifiers, quantity,
      unit_price, total_price, comment, auto_added)
    select ${p('id')}::uuid, x.position, x.product_id, x.type, x.title, x.variants, x.modifiers, x.quantity,
      x.unit_price, x.total_price, x.comment, x.auto_added
    from jsonb_to_recordset(${p('lines')}::jsonb) as x(position integer, product_id uuid, type text,
      title jsonb, variants jsonb, modifiers jsonb, quantity integer, unit_price integer,
      total_price integer, comment text, auto_added boolean)
  ), e as (${outboxInsert(payload)})${withKey ? answerInsert(p) : sql``}
  select o.external_order_id, ${isoText(sql`s.at`)} as status_at from o, s`;
  });

/**
 * The key's row with its answer, the 201's body `{order_id, external_order_id, payment_link?}` (the number read
 * from the order's insert). A row already there is one `findAnsweredKey` read as absent (expired, or
 * a claim without an answer): it is replaced.
 */
const answerInsert = (p: (name: keyof InsertOrderValues) => Placeholder) => sql`, k as (
    insert into ${idempotencyKeys} (customer_id, key, request_hash, response_status, response_body,
      created_at, completed_at)
    select ${p('keyCustomerId')}::uuid, ${p('key')}::text, ${p('keyHash')}::text, ${p('keyStatus')}::integer,
      jsonb_strip_nulls(jsonb_build_object('order_id', ${p('id')}::text, 'external_order_id',
        o.external_order_id, 'payment_link', ${p('keyPaymentLink')}::text)),
      ${p('keyAt')}::timestamptz, ${p('keyAt')}::timestamptz
    from o
    on conflict (customer_id, key) do update set request_hash = excluded.request_hash,
      response_status = excluded.response_status, response_body = excluded.response_body,
      created_at = excluded.created_at, completed_at = excluded.completed_at
  )`;

/** With and without an Idempotency-Key's answer: two texts, each built once. */
const insertOrderWithKey = insertOrderStatement(true);
const insertOrderWithoutKey = insertOrderStatement(false);

/** A value as the driver takes it for a raw placeholder: a time as ISO text. */
const driverValue = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

const takeNumberStatement = preparedSql<{ prefix: string }, { number: string }>()(
  (p) => sql`select ${p('prefix')}::text || nextval('order_number_seq')::text as number`,
);

/** Draws an order's short number before the order is written (its bonuses are charged under it). */
export async function takeOrderNumber(db: DbOrTx, prefix: string): Promise<string> {
  const [row] = await takeNumberStatement(db, { prefix });
  if (!row) throw new Error('takeOrderNumber: no number drawn');
  return row.number;
}

/** A new order's id, drawn before it is written (its status event names it). */
export const newOrderId = (): string => randomUUID();

/**
 * The order `id`, its lines, its first status and that status's row in the status outbox (`firstStatus`
 * at the status's time, status-feed.ts's payload; the caller then calls the bus's `published` with the
 * event answered here), in the caller's transaction and in one statement
 * (data-modifying WITH clauses; the lines' and the status's foreign keys are checked at its end, when
 * the order is there), built once (db/prepared.ts). Its short number is `number.prefix` and the next
 * value of order_number_seq (10001, 10002, ...): 'B-10001'; or `number.taken`, drawn before by
 * takeOrderNumber. The first status's time is the database's clock, as every later status's
 * (order-status.repository's STATUS_STAMP), never the app's: the event answered has it.
 */
export async function insertOrder(
  tx: DbOrTx,
  id: string,
  order: NewOrder,
  number: { prefix: string; taken?: string | undefined },
  lines: NewOrderLine[],
  firstStatus: Omit<TOrderStatusEvent, 'at'>,
  answer: KeyAnswer | null,
): Promise<{ id: string; externalOrderId: string; event: TOrderStatusEvent }> {
  const payload = outboxPayloadWithoutAt(firstStatus);
  const values: Partial<InsertOrderValues> = {};
  for (const key of ORDER_COLUMNS) values[key] = driverValue(order[key]);
  const statement = answer ? insertOrderWithKey : insertOrderWithoutKey;
  const [row] = await statement(tx, {
    ...(values as InsertOrderValues),
    keyCustomerId: answer?.customerId ?? null,
    key: answer?.key ?? null,
    keyHash: answer?.requestHash ?? null,
    keyStatus: answer?.status ?? null,
    keyAt: answer?.at.toISOString() ?? null,
    keyPaymentLink: answer?.paymentLink ?? null,
    id,
    numberPrefix: number.prefix,
    takenNumber: number.taken ?? null,
    firstStatus: firstStatus.status,
    outboxPayload: payload,
    lines: JSON.stringify(
      lines.map((line) => ({
        position: line.position,
        product_id: line.productId,
        type: line.type,
        title: line.title,
        variants: line.variants,
        modifiers: line.modifiers,
        quantity: line.quantity,
        unit_price: line.unitPrice,
        total_price: line.totalPrice,
        comment: line.comment,
        auto_added: line.autoAdded,
      })),
    ),
  });
  if (!row) throw new Error('insert into orders returned no row');
  return {
    id,
    externalOrderId: row.external_order_id,
    event: { ...firstStatus, at: row.status_at },
  };
}
